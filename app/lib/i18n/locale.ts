import type { Locale } from "../../../core/api/entities";

/** Pure locale rules: URL prefixes, detection order and alternate links (SPEC §2). */

export interface LocalePath {
  /** The locale the URL names, or the default when it names none. */
  locale: string;
  /** Whether the first segment was a locale code. */
  prefixed: boolean;
  /** The path without the locale segment, always starting with '/'. */
  basePath: string;
}

export function splitLocalePath(pathname: string, locales: readonly Locale[], defaultLocale: string): LocalePath {
  const m = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = m?.[1];
  if (first && locales.some((l) => l.code === first)) {
    return { locale: first, prefixed: true, basePath: m?.[2] || "/" };
  }
  return { locale: defaultLocale, prefixed: false, basePath: pathname || "/" };
}

/**
 * The path of `basePath` in `locale`: the default locale is unprefixed. A base path taken from a
 * request may start with '//' ('/es//evil.example' has the base '//evil.example'): one slash is
 * kept, so the result never names another host.
 */
export function localizePath(basePath: string, locale: string, defaultLocale: string): string {
  const base = basePath.replace(/^\/{2,}/, "/");
  if (locale === defaultLocale) return base;
  return base === "/" ? `/${locale}` : `/${locale}${base}`;
}

/**
 * The query parameter of a language switcher link that names its choice. The site middleware
 * answers it with a redirect to the page in that locale and updates the locale cookie, so an
 * explicit choice wins over the cookie that steers the bare root (docs/decisions/0029).
 */
export const CHOSEN_LOCALE_PARAM = "lang";

/**
 * The language switcher's link to the page `basePath` (with its query `search`) in `locale`.
 * Only the bare root follows the cookie: the default locale's root is `/`, which would send a
 * player back to the language they are leaving, so that one link says `?lang=`. Every other
 * link is the page's own URL in that locale, whose document updates the cookie itself.
 */
export function switchLocaleHref(basePath: string, search: string, locale: string, defaultLocale: string): string {
  const path = localizePath(basePath, locale, defaultLocale);
  if (path !== "/") return path + search;
  const query = new URLSearchParams(search);
  query.set(CHOSEN_LOCALE_PARAM, locale);
  return `${path}?${query}`;
}

/** Parses Accept-Language into codes by descending quality. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, i) => {
      const [tag, ...rest] = part.trim().split(";");
      const q = rest.find((r) => r.trim().startsWith("q="));
      return { tag: (tag ?? "").trim(), q: q ? Number(q.trim().slice(2)) : 1, i };
    })
    .filter((x) => x.tag && x.tag !== "*" && Number.isFinite(x.q) && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.tag);
}

/** The first browser language we have, matching 'pt-BR' to 'pt' when only the base exists. */
export function matchBrowserLocale(header: string | null | undefined, locales: readonly Locale[]): string | undefined {
  const codes = locales.map((l) => l.code);
  for (const tag of parseAcceptLanguage(header)) {
    const exact = codes.find((c) => c.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const base = tag.split("-")[0]!.toLowerCase();
    const partial = codes.find((c) => c.split("-")[0]!.toLowerCase() === base);
    if (partial) return partial;
  }
  return undefined;
}

/**
 * The locale of a request: the URL prefix, then the locale cookie, then browser languages,
 * then the default. Only the root path follows cookie or browser (see docs/decisions/0003).
 */
export function detectLocale(input: { pathname: string; cookie?: string; acceptLanguage?: string | null; locales: readonly Locale[]; defaultLocale: string }): {
  locale: string;
  source: "url" | "cookie" | "browser" | "default";
} {
  const { locales, defaultLocale } = input;
  const fromUrl = splitLocalePath(input.pathname, locales, defaultLocale);
  if (fromUrl.prefixed) return { locale: fromUrl.locale, source: "url" };
  if (input.cookie && locales.some((l) => l.code === input.cookie)) return { locale: input.cookie, source: "cookie" };
  const browser = matchBrowserLocale(input.acceptLanguage, locales);
  if (browser) return { locale: browser, source: "browser" };
  return { locale: defaultLocale, source: "default" };
}

export interface AlternateLink {
  hrefLang: string;
  href: string;
}

/**
 * hreflang alternates for each of `locales` (the site's, or the ones a page exists in) plus
 * x-default, the default locale's URL, when the page exists in the default locale.
 */
export function alternateLinks(origin: string, basePath: string, locales: readonly Pick<Locale, "code">[], defaultLocale: string) {
  const links: AlternateLink[] = locales.map((l) => ({
    hrefLang: l.code,
    href: origin + localizePath(basePath, l.code, defaultLocale),
  }));
  if (locales.some((l) => l.code === defaultLocale)) {
    links.push({ hrefLang: "x-default", href: origin + localizePath(basePath, defaultLocale, defaultLocale) });
  }
  return links;
}
