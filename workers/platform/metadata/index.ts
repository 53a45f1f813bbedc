import type { GeneralInfo, SiteMetadata } from "../../../app/lib/api/entities";
import type { Handlers } from "../core/context";
import { readSetting } from "../core/settings";
import { loadLocales } from "../i18n/locales";

export const metadataHandlers: Handlers<"metadata.get" | "metadata.getgeneralinfo"> = {
  "metadata.get": (_p, ctx) => readSetting<SiteMetadata>(ctx.db, "metadata"),

  async "metadata.getgeneralinfo"(_p, ctx) {
    const [info, { locales }] = await Promise.all([
      readSetting<Omit<GeneralInfo, "available_locales">>(ctx.db, "general_info"),
      loadLocales(ctx.db),
    ]);
    return { ...info, available_locales: locales.map((l) => l.code) };
  },
};
