/**
 * What the site tells crawlers (issue 41): robots.txt and the sitemaps. Pure: the routes
 * (routes/robots.ts, routes/sitemap.ts) read the site and the catalogue and hand them here.
 */
import { localizePath } from "../../lib/i18n/locale";
import { escapeMarkup } from "../../../core/markup";

/** The player areas and machine paths no crawler should walk, as base paths (every locale's prefix is added). */
export const PRIVATE_PATHS = ["/cashier", "/profile", "/bets", "/offers", "/responsible-game", "/forms/", "/_icons"] as const;

/** How many games one games sitemap lists (each in every locale): 500 × 4 locales stays far under the 50,000-URL limit. */
export const GAMES_PER_SITEMAP = 500;

export interface CrawlSite {
  origin: string;
  locales: readonly string[];
  defaultLocale: string;
}

/**
 * robots.txt: the private areas under every locale prefix (`/es/cashier` is as private as
 * `/cashier`), the API, and where the sitemap is. No `Host:` line: it was Yandex's alone and is obsolete.
 */
export function robotsTxt(site: CrawlSite): string {
  const disallow = site.locales.flatMap((l) => PRIVATE_PATHS.map((p) => localizePath(p, l, site.defaultLocale)));
  return ["User-agent: *", ...[...new Set(disallow), "/api/"].map((p) => `Disallow: ${p}`), "Allow: /", "", `Sitemap: ${site.origin}/sitemap.xml`, ""].join(
    "\n",
  );
}

/** The public pages of every site, as base paths: what a visitor may open without signing in. */
export const PUBLIC_SECTIONS = [
  "/",
  "/gamehall",
  "/providers",
  "/betting",
  "/jackpots",
  "/tournaments",
  "/winners",
  "/promotions",
  "/wheel-of-fortune",
  "/loyalty",
  "/loyalty/shop",
  "/support",
] as const;

export interface SitemapEntry {
  /** The base path (no locale prefix). */
  path: string;
  /** Seconds since the epoch of the page's last change, when known. */
  updatedAt?: number;
  /** The locales the page exists in, when not every one (a page switched per locale). */
  locales?: readonly string[];
}

/**
 * One urlset: each entry in every locale, each URL naming its language versions (hreflang
 * alternates and x-default, as the pages' own <link rel="alternate"> do).
 */
export function urlset(site: CrawlSite, entries: readonly SitemapEntry[]): string {
  const url = (path: string, locale: string) => escapeMarkup(site.origin + localizePath(path, locale, site.defaultLocale));
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const e of entries) {
    const locales = e.locales ? site.locales.filter((l) => e.locales!.includes(l)) : site.locales;
    const alternates = [
      ...locales.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(e.path, l)}"/>`),
      ...(locales.includes(site.defaultLocale) ? [`<xhtml:link rel="alternate" hreflang="x-default" href="${url(e.path, site.defaultLocale)}"/>`] : []),
    ].join("");
    const lastmod = e.updatedAt ? `<lastmod>${new Date(e.updatedAt * 1000).toISOString().slice(0, 10)}</lastmod>` : "";
    for (const l of locales) out.push(`<url><loc>${url(e.path, l)}</loc>${lastmod}${alternates}</url>`);
  }
  out.push("</urlset>", "");
  return out.join("\n");
}

/** The sitemap index: the pages' sitemap, then one games sitemap per GAMES_PER_SITEMAP games. */
export function sitemapIndex(site: CrawlSite, games: number): string {
  const parts = ["pages", ...Array.from({ length: Math.ceil(games / GAMES_PER_SITEMAP) }, (_, i) => `games-${i + 1}`)];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...parts.map((p) => `<sitemap><loc>${escapeMarkup(`${site.origin}/sitemaps/${p}.xml`)}</loc></sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

/** `pages` or `games-{n}` (n from 1) from a sitemap's file name; null for any other. */
export function sitemapPart(name: string): { kind: "pages" } | { kind: "games"; page: number } | null {
  if (name === "pages.xml") return { kind: "pages" };
  const m = /^games-([1-9]\d{0,3})\.xml$/.exec(name);
  return m ? { kind: "games", page: Number(m[1]) } : null;
}
