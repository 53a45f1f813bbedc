import type { MessageBundle } from "../../../core/api/entities";
import type { Handlers } from "../core/context";
import { readMessages } from "./bundles";
import { siteLocales, nestMessages } from "./locales";

export const i18nHandlers: Handlers<"nfx/i18n.locales" | "nfx/i18n.messages"> = {
  "nfx/i18n.locales": (_p, ctx) => siteLocales(ctx),

  async "nfx/i18n.messages"({ locale }, ctx) {
    // An unknown locale answers an empty bundle, as the app treats a failed bundle load (SPEC §8).
    // One row, the locale's bundle (migration 0065), not one row per key.
    return nestMessages(await readMessages(ctx.db, locale)) as MessageBundle;
  },
};
