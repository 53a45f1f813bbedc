import type { MessageBundle } from "../../../core/api/entities";
import type { Handlers } from "../core/context";
import { loadLocales, nestMessages } from "./locales";

export const i18nHandlers: Handlers<"nfx/i18n.locales" | "nfx/i18n.messages"> = {
  "nfx/i18n.locales": (_p, ctx) => loadLocales(ctx.db),

  async "nfx/i18n.messages"({ locale }, ctx) {
    // An unknown locale answers an empty bundle, as the app treats a failed bundle load (SPEC §8).
    const { results } = await ctx.db
      .prepare("SELECT key, value FROM messages WHERE locale = ?1 ORDER BY key")
      .bind(locale)
      .all<{ key: string; value: string }>();
    return nestMessages(results) as MessageBundle;
  },
};
