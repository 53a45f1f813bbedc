import { isbot } from "isbot";
import { createT, translateOr } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { CmsConfig } from "../../../core/api/cms";
import { notFound } from "../errors/not-found.server";
import type { ResultOf } from "../../../core/api/contract";
import type { AccountInfo, LocaleList, MessageBundle, SiteMetadata } from "../../../core/api/entities";
import { loginRedirect, requiresPlayer, rootRedirect } from "../../lib/access";
import { isPlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { workerContext } from "../../lib/context.server";
import { ONE_YEAR, readCookie, serializeCookie, sessionCookieName } from "../../../core/cookies";
import { requestCountry } from "../../../core/jurisdictions";
import { CHOSEN_LOCALE_PARAM, detectLocale, localizePath, splitLocalePath } from "../../lib/i18n/locale";
import { matchSiteRedirect } from "../../../core/navigation";
import { getPlatform } from "../../middleware/platform.server";
import { externalRedirect } from "../../middleware/redirects.server";
import { cached, catalogueCache } from "./site-cache.server";
import { RECENT_WINS_COUNT } from "../games/recent-wins";

export const LOCALES_NOT_FOUND = "PLUGIN:I18N: LOCALES NOT FOUND";

/**
 * The site's static data (CMS configuration, metadata) is required to render anything: its
 * failure is the fatal 404 'PLUGIN:INIT: …' of SPEC §8, except a disabled application, which
 * is the maintenance page.
 */
async function staticData<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (e) {
    if (isPlatformError(e, "ApplicationDisabled") || isPlatformError(e, "ApplicationUnavailable")) {
      return orErrorPage(Promise.reject(e));
    }
    console.error("site: static data failed to load", e);
    throw data(`PLUGIN:INIT: ${e instanceof Error ? e.message : "site data failed to load"}`, { status: 404 });
  }
}

/** Everything a page needs to know about the site for this request. */
export interface Site {
  locales: LocaleList;
  locale: string;
  dir: "ltr" | "rtl";
  /** The request path without its locale segment. */
  basePath: string;
  /**
   * The route matched a `:locale` segment that names no locale of the site (`/xx/offers`): the
   * page answers 404 (layouts/default.tsx), and a player-only page must not ask for a sign-in first.
   */
  unknownLocale: boolean;
  messages: MessageBundle;
  cms: CmsConfig;
  metadata: SiteMetadata;
  /** The request's origin: what structured data resolves the site's relative links against. */
  origin: string;
  isBot: boolean;
  /**
   * Whether the request brings a session cookie (live or not): a player's own reads may then be
   * asked for with the account instead of after it, so they reach the player's object in the
   * account's call (decision 0081). A visitor without one asks for none.
   */
  withSession: boolean;
  /** The player's account (uid 0 for a visitor); a platform failure rejects with PlatformError. */
  account(): Promise<AccountInfo>;
  /**
   * A read of the signed-in player's own, asked for with the account (`withSession`) rather than
   * after it, so it goes to the player's object in the account's call (decision 0081): its answer
   * for a player, null for a visitor (a dead session's answer is dropped). Rejects as the read
   * does, or as the account does.
   */
  playerRead<T>(read: () => Promise<T>): Promise<T | null>;
  /** General operator settings (SPEC §3 General info), cached like the other site data. */
  generalInfo(): Promise<ResultOf<"metadata.getgeneralinfo">>;
  /**
   * Another locale's content configuration (this request's own is `cms`), cached like it: what a
   * page switched per locale needs to name only the languages it exists in (hreflang, sitemap).
   */
  cmsIn(locale: string): Promise<CmsConfig>;
  /**
   * The catalogue's categories and providers in this locale: the same for every visitor, cached
   * like the other site data (a render of the lobby or a game page need not ask for them again).
   */
  categories(): Promise<ResultOf<"games.getCategories">>;
  providers(): Promise<ResultOf<"games.getProviders">>;
  /**
   * The sidebar's promo banner (banners.get, position sidebar, first one) in this locale, on every
   * page. Its numbers and terms are the reader's (their currency and market, decisions 0084, 0086)
   * and a market may bar it from visitors (Ontario): so it is kept per isolate like the other site
   * data (an operator's new banner shows within `SITE_CACHE_SECONDS`) by locale and reader — a
   * player's currency and market, a visitor's country — never one reader's for another.
   */
  sidebarBanners(): Promise<ResultOf<"banners.get">>;
  /**
   * Public reads of the catalogue (a page of games.get without a search, games.getSections): the
   * same for every visitor of a locale, so kept per isolate like the site data, in a bounded cache
   * (`catalogueCache`). A game an operator adds shows within `SITE_CACHE_SECONDS`.
   */
  catalogue: {
    games(options: string): Promise<ResultOf<"games.get">>;
    sections(sections: string): Promise<ResultOf<"games.getSections">>;
  };
  /**
   * The wheel's running campaigns and a campaign's wheel as a visitor reads them (no spins of
   * their own, no fairness state): the same for every visitor of a locale, kept per isolate like
   * the catalogue. Only for a visitor's render: a player's answers carry their spins. An
   * operator's change shows within `SITE_CACHE_SECONDS`.
   */
  visitorWheel: {
    campaigns(): Promise<ResultOf<"FortuneWheels.campaignsGet">>;
    info(campaignId: number): Promise<ResultOf<"FortuneWheels.wheelInfoGet">>;
  };
  /**
   * The latest real-money wins (games.getRecentWins) for the server-rendered ticker: public, kept
   * per isolate for at most RECENT_WINS_SECONDS (the open ticker gets new wins pushed anyway).
   */
  recentWins(): Promise<ResultOf<"games.getRecentWins">>;
}

/** `load`'s promise, asked for on the first call of this render and shared by the others. */
function oncePerRender<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
}

/** How stale the ticker's server-rendered list may be. */
const RECENT_WINS_SECONDS = 5;

const siteContext = createContext<Site>();

export function getSite(context: Readonly<RouterContextProvider>): Site {
  return context.get(siteContext);
}

/** Localized index path, e.g. '/' or '/es'. */
export function indexPath(site: Pick<Site, "locale" | "locales">): string {
  return localizePath("/", site.locale, site.locales.defaultLocale);
}

/** A site path in the request's locale: `/cashier/deposit` → `/es/cashier/deposit`. */
export function sitePath(context: Readonly<RouterContextProvider>, basePath: string): string {
  const site = getSite(context);
  return localizePath(basePath, site.locale, site.locales.defaultLocale);
}

/**
 * The signed-in player, or a redirect to the index with `redirectUrl` (SPEC §2). The site
 * middleware runs it for every protected path, and protected loaders and actions run it again
 * where the data is read (DESIGN §4), so a route can never serve a visitor by accident. The
 * account read is memoised per request, so the second call costs nothing.
 */
export async function requirePlayer(context: Readonly<RouterContextProvider>, request: Request): Promise<AccountInfo> {
  if (getSite(context).unknownLocale) throw notFound(request);
  return signedInOrSignIn(context, request);
}

/**
 * The signed-in player, or the sign-in redirect. The site middleware asks it for a player section
 * before any route: `/profile/bets` matches the `:locale/:slug` route too, and must still reach
 * its root redirect (an unknown prefix is the route's 404, after).
 */
async function signedInOrSignIn(context: Readonly<RouterContextProvider>, request: Request): Promise<AccountInfo> {
  const site = getSite(context);
  const account = await orErrorPage(site.account());
  if (account.uid <= 0) {
    const url = new URL(request.url);
    throw redirect(loginRedirect(indexPath(site), url.pathname + url.search));
  }
  return account;
}

/**
 * Resolves locale and site configuration, then applies the redirect and access rules of SPEC §2
 * for every path, whether or not a page exists for it yet.
 */
export const siteMiddleware: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const platform = getPlatform(context);
  const url = new URL(request.url);
  const bot = isbot(request.headers.get("user-agent") ?? "");

  const worker = context.get(workerContext);
  const ttl = Number(worker.env.SITE_CACHE_SECONDS ?? 0) || 0;
  const once = <T>(key: string, load: () => Promise<T>) => cached(`${key}|${url.origin}`, ttl, load, worker.waitUntil);
  const page = <T>(key: string, load: () => Promise<T>) => catalogueCache.cached(`${key}|${url.origin}`, ttl, load, worker.waitUntil);

  let locales: LocaleList = { locales: [], defaultLocale: "" };
  try {
    locales = await once("locales", () => platform.call("nfx/i18n.locales"));
  } catch (e) {
    console.error("i18n: locales failed to load", e);
  }
  if (locales.locales.length === 0) {
    console.error("No locales configured from CMS data");
    throw data(LOCALES_NOT_FOUND, { status: 500 });
  }

  const { defaultLocale } = locales;
  const where = splitLocalePath(url.pathname, locales.locales, defaultLocale);
  if (where.prefixed && where.locale === defaultLocale) {
    throw redirect(where.basePath + url.search, 301);
  }
  // A language switcher link that names its choice: this page in that locale, and the cookie
  // updated, so the bare root no longer sends the player back (decision 0029).
  const chosen = url.searchParams.get(CHOSEN_LOCALE_PARAM);
  if (chosen !== null && (request.method === "GET" || request.method === "HEAD")) {
    const clean = new URL(url);
    clean.searchParams.delete(CHOSEN_LOCALE_PARAM);
    const known = locales.locales.find((l) => l.code === chosen);
    const headers = new Headers();
    if (known && !bot) headers.append("set-cookie", serializeCookie("locale", known.code, { maxAge: ONE_YEAR }));
    throw redirect(localizePath(where.basePath, known?.code ?? where.locale, defaultLocale) + clean.search, { status: 302, headers });
  }
  if (!where.prefixed && url.pathname === "/" && !bot) {
    const detected = detectLocale({
      pathname: url.pathname,
      cookie: readCookie(request.headers.get("cookie"), "locale"),
      acceptLanguage: request.headers.get("accept-language"),
      locales: locales.locales,
      defaultLocale,
    });
    if (detected.locale !== defaultLocale) throw redirect(localizePath("/", detected.locale, defaultLocale) + url.search, 302);
  }

  const localized = platform.withLocale(where.locale);
  let accountPromise: Promise<AccountInfo> | undefined;
  const account = () => (accountPromise ??= localized.call("account.getInfo"));

  const [redirects, messages, cms, metadata] = await Promise.all([
    once("redirects", () => localized.call("cms.getRedirects")).catch((e) => {
      console.error("cms: redirects failed to load", e);
      return [];
    }),
    once(`messages|${where.locale}`, () => localized.call("nfx/i18n.messages", { locale: where.locale })).catch((e) => {
      console.error("i18n: messages failed to load", e);
      return {} as MessageBundle;
    }),
    staticData(once(`cms|${where.locale}`, () => localized.call("cms.getConfig", { locale: where.locale }))),
    staticData(once("metadata", () => localized.call("metadata.get"))),
  ]);

  const siteRedirect = matchSiteRedirect(redirects, url.pathname, url.search);
  if (siteRedirect) {
    // Only an operator's external to_url may leave the site (sameOriginRedirects lets it through).
    throw siteRedirect.external ? externalRedirect(siteRedirect.location, siteRedirect.status) : redirect(siteRedirect.location, siteRedirect.status);
  }

  const locale = locales.locales.find((l) => l.code === where.locale)!;
  const withSession = readCookie(request.headers.get("cookie"), sessionCookieName(worker.env.APP_ENV)) !== undefined;
  const site: Site = {
    locales,
    locale: where.locale,
    dir: locale.dir,
    basePath: where.basePath,
    unknownLocale: params.locale !== undefined && params.locale !== where.locale,
    messages,
    cms,
    metadata,
    origin: url.origin,
    isBot: bot,
    withSession,
    account,
    playerRead(read) {
      if (!withSession) return Promise.resolve(null);
      const asked = read();
      asked.catch(() => {}); // a visitor's (stale cookie) answer is not awaited
      return account().then((a) => (a.uid > 0 ? asked : null));
    },
    // Asked for once per render too: the isolate's cache keeps settled answers only, so two
    // loaders of a render that miss it together (the shell and the analytics boot) would each ask.
    generalInfo: oncePerRender(() => once("general", () => localized.call("metadata.getgeneralinfo"))),
    cmsIn: (code) =>
      code === where.locale ? Promise.resolve(cms) : once(`cms|${code}`, () => platform.withLocale(code).call("cms.getConfig", { locale: code })),
    categories: oncePerRender(() => once(`categories|${where.locale}`, () => localized.call("games.getCategories"))),
    providers: oncePerRender(() => once(`providers|${where.locale}`, () => localized.call("games.getProviders", {}))),
    sidebarBanners: oncePerRender(async () => {
      const read = () => localized.call("banners.get", { position: "sidebar", count: 1 });
      const player = withSession ? await account().catch(() => null) : null;
      // Kept by what its fill depends on: the reader's currency and market (a player's own, a visitor's by their country).
      const reader = player && player.uid > 0 ? `player|${player.balance_main.currency}|${player.jurisdiction}` : `visitor|${requestCountry(request)}`;
      return once(`sidebar-banner|${where.locale}|${reader}`, read);
    }),
    catalogue: {
      games: (options) => page(`games|${where.locale}|${options}`, () => localized.call("games.get", { options })),
      sections: (sections) => page(`sections|${where.locale}|${sections}`, () => localized.call("games.getSections", { sections })),
    },
    visitorWheel: {
      campaigns: () => page(`wheels|${where.locale}`, () => localized.call("FortuneWheels.campaignsGet", {})),
      info: (campaignId) => page(`wheel|${where.locale}|${campaignId}`, () => localized.call("FortuneWheels.wheelInfoGet", { campaign_id: campaignId })),
    },
    recentWins: () =>
      cached(
        `wins|${url.origin}`,
        Math.min(ttl, RECENT_WINS_SECONDS),
        () => platform.call("games.getRecentWins", { count: RECENT_WINS_COUNT }),
        worker.waitUntil,
      ),
  };
  context.set(siteContext, site);

  if (requiresPlayer(where.basePath)) {
    await signedInOrSignIn(context, request);
    const to = rootRedirect(where.basePath);
    if (to) throw redirect(localizePath(to, where.locale, defaultLocale) + url.search);
  }

  // Back from social sign-in in this window (no popup): say how it went once, keep a clean URL.
  const social = url.searchParams.get("social_auth");
  if (social && request.method === "GET" && url.pathname !== "/auth/social") {
    const clean = new URL(url);
    clean.searchParams.delete("social_auth");
    clean.searchParams.delete("reason");
    const t = createT(messages);
    const reason = url.searchParams.get("reason") ?? "provider";
    const text = social === "success" ? t("auth.social.done") : translateOr(t, `auth.social.errors.${reason}`, t("auth.social.errors.provider"));
    throw redirectWithToast(clean.pathname + clean.search, { text, type: social === "success" ? "success" : "error" });
  }

  const response = await next();
  // Remember the language of the last page seen so the bare root opens in it next time. Only
  // documents count: the manifest or robots.txt a browser fetches must not reset the choice.
  const isDocument = (response.headers.get("content-type") ?? "").startsWith("text/html");
  if (isDocument && !bot && readCookie(request.headers.get("cookie"), "locale") !== where.locale) {
    response.headers.append("set-cookie", serializeCookie("locale", where.locale, { maxAge: ONE_YEAR }));
  }
  return response;
};
