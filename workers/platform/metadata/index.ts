import type { SiteMetadata } from "../../../core/api/entities";
import type { ResultOf } from "../../../core/api/contract";
import type { Handlers } from "../core/context";
import { readGeneralInfo, readMetadata } from "../core/settings";
import { siteLocales } from "../i18n/locales";

export const metadataHandlers: Handlers<"metadata.get" | "metadata.getgeneralinfo"> = {
  // As read with the settings before the call when it was (no query of its own).
  "metadata.get": (_p, ctx) => readMetadata<SiteMetadata>(ctx),

  async "metadata.getgeneralinfo"(_p, ctx) {
    // Both as read with the settings before the call when they were (no query of its own).
    const [info, { locales }] = await Promise.all([readGeneralInfo<Omit<ResultOf<"metadata.getgeneralinfo">, "available_locales">>(ctx), siteLocales(ctx)]);
    // A site configured before decision 0057 has no consent switch: it does not require consent.
    return { ...info, analytic: { ...info.analytic, consentRequired: info.analytic.consentRequired ?? false }, available_locales: locales.map((l) => l.code) };
  },
};
