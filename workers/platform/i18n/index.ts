import type { MessageBundle } from "../../../core/api/entities";
import { PlatformError } from "../../../core/api/errors";
import type { Handlers } from "../core/context";
import { readMessages } from "./bundles";
import { siteLocales, nestMessages } from "./locales";

export const i18nHandlers: Handlers<"nfx/i18n.locales" | "nfx/i18n.messages"> = {
  "nfx/i18n.locales": (_p, ctx) => siteLocales(ctx),

  async "nfx/i18n.messages"({ locale }, ctx) {
    // One row, the locale's bundle (migration 0065), not one row per key.
    const messages = await readMessages(ctx.db, locale);
    // A locale the site does not have answers 404 (a client caching the answer must not keep `{}`
    // as that locale's words); an enabled locale without keys yet answers its empty bundle.
    if (messages.length === 0 && !(await siteLocales(ctx)).locales.some((l) => l.code === locale)) {
      throw new PlatformError("InvalidParameter", `no locale ${locale} on this site`, {
        status: 404,
        fields: { locale: [`no locale ${locale} on this site`] },
      });
    }
    return nestMessages(messages) as MessageBundle;
  },
};
