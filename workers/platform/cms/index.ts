import type { CmsConfig, ContentPage, Redirect } from "../../../core/api/cms";
import { PlatformError } from "../../../core/api/errors";
import { oauthOffered } from "../providers/oauth-registry";
import type { Handlers } from "../core/context";

interface PageRow {
  slug: string;
  locale: string;
  title: string;
  content: string;
  seo: string;
  updated_at: number;
}

/**
 * The configuration's social sign-in buttons, less the services this deployment does not offer
 * (the demo provider in production, decision 0060); a social type left with none goes too.
 */
function withOfferedSocials(config: CmsConfig, env: Env): CmsConfig {
  if (!config.auth?.authTypes) return config;
  const authTypes = config.auth.authTypes
    .map((t) => (t.social ? { ...t, social: t.social.filter((s) => oauthOffered(s.id, env)) } : t))
    .filter((t) => t.type !== "social" || (t.social?.length ?? 0) > 0);
  return { ...config, auth: { ...config.auth, authTypes } };
}

export const cmsHandlers: Handlers<"cms.getConfig" | "cms.getRedirects" | "cms.getPage" | "cms.getPages"> = {
  async "cms.getConfig"({ locale }, ctx) {
    const row = await ctx.db
      .prepare(
        `SELECT config FROM cms_configs WHERE locale IN (?1, ?2)
         ORDER BY CASE locale WHEN ?1 THEN 0 ELSE 1 END LIMIT 1`,
      )
      .bind(locale ?? ctx.locale, ctx.defaultLocale)
      .first<{ config: string }>();
    if (!row) throw new PlatformError("ApplicationUnavailable", "The site has no content configuration");
    return withOfferedSocials(JSON.parse(row.config) as CmsConfig, ctx.env);
  },

  async "cms.getRedirects"(_p, ctx) {
    const { results } = await ctx.db
      .prepare("SELECT from_url, to_url, is_external, status FROM redirects ORDER BY position, id")
      .all<{ from_url: string; to_url: string; is_external: number; status: 301 | 302 }>();
    return results.map((r): Redirect => ({ from_url: r.from_url, to_url: r.to_url, external: r.is_external === 1, status: r.status }));
  },

  async "cms.getPage"({ slug, locale }, ctx) {
    const row = await ctx.db
      .prepare(
        `SELECT * FROM content_pages WHERE slug = ?1 AND locale IN (?2, ?3)
         ORDER BY CASE locale WHEN ?2 THEN 0 ELSE 1 END LIMIT 1`,
      )
      .bind(slug, locale ?? ctx.locale, ctx.defaultLocale)
      .first<PageRow>();
    if (!row) return null;
    return { ...row, seo: JSON.parse(row.seo) } satisfies ContentPage;
  },

  async "cms.getPages"({ locale }, ctx) {
    // Like getPage: a locale without pages of its own lists the default locale's.
    const { results } = await ctx.db
      .prepare(
        `SELECT slug, title, updated_at FROM content_pages
         WHERE locale = (SELECT locale FROM content_pages WHERE locale IN (?1, ?2)
                         ORDER BY CASE locale WHEN ?1 THEN 0 ELSE 1 END LIMIT 1)
         ORDER BY slug`,
      )
      .bind(locale ?? ctx.locale, ctx.defaultLocale)
      .all<{ slug: string; title: string; updated_at: number }>();
    return results;
  },
};
