import { marketRules } from "../features/responsible/market";
import type { RouterContextProvider } from "react-router";
import type { AccountInfo } from "../../core/api/entities";
import { isPlatformError, type PlatformError } from "../../core/api/errors";
import { formatMoney, totalBalance } from "../../core/money";
import { orErrorPage } from "../lib/api/page-errors.server";
import { documentPath } from "../lib/access";
import { sameOriginPath } from "../../core/navigation";
import { readCookie } from "../../core/cookies";
import { pickTheme, THEME_COOKIE } from "../lib/theme";
import { takeToast } from "../lib/toast.server";
import { makeToast } from "../lib/toast";
import { sessionEndedToast } from "../features/responsible/session-ended";
import { getInstance } from "../middleware/i18n.server";
import { getSite } from "../features/site/site.server";
import { workerContext } from "../lib/context.server";
import { takeAuthFlash } from "../features/auth/auth-flash.server";
import { loadUrlDialogs } from "./url-dialogs.server";
import { cashbackPopup } from "../features/cashback/cashback-popup.server";
import { availableOffersCount } from "../features/offers/offers-count.server";
import { loginCampaignPopup } from "../features/promotions/login-campaign.server";
import { sidebarBanner } from "../features/promotions/sidebar-banner.server";
import { settleWithin } from "../lib/settle-within";
import { DEFERRED_GRACE_MS, settleBy } from "../lib/deferred.server";
import { sectionMessages } from "../features/site/section-messages.server";
import { withVpnSwitch } from "../features/vpn/vpn-menu.server";
import { detectPlatform } from "../features/pwa/platform";
import type { RootData, RootPlayer } from "./root-data";
import { withPageMessages } from "./page-messages.server";

/** The data every page's document needs, built once per request by the root loader. */
export async function loadRootData(request: Request, context: Readonly<RouterContextProvider>) {
  const site = getSite(context);
  const url = new URL(request.url);
  const origin = url.origin;
  const { locales, defaultLocale } = site.locales;
  // In maintenance the platform refuses player calls (503): the app shows the maintenance page
  // with the site's own words and look instead of a bare error.
  let maintenance: string | null = null;
  const accountRead = site.account().catch((e: unknown) => {
    if (isPlatformError(e, "ApplicationDisabled") || isPlatformError(e, "ApplicationUnavailable")) {
      const said = (e as PlatformError).params?.message;
      maintenance = typeof said === "string" ? said : "";
      return null;
    }
    return orErrorPage(Promise.reject(e));
  });
  // Closing a URL dialog returns to the page, also when this loader ran for a client navigation.
  // A path such as '//x' is a host to `new URL` (and to the browser, for links built from it).
  const page = new URL(sameOriginPath(documentPath(url.pathname + url.search), origin), origin);
  // A request with a session asks for the shell's reads of the player (the latest cashback, the
  // open offers) with the account, not after it: with the balance they are one call to the
  // player's object (workers/platform/player/coalesce.ts). A dead session answers them nothing.
  const env = context.get(workerContext).env;
  const cashbackRead = cashbackPopup(page, context);
  const offersRead = availableOffersCount(context);
  // Nothing is left unhandled when the account's read fails and this loader throws first.
  for (const p of [cashbackRead, offersRead]) p.catch(() => {});
  const account = await accountRead;
  const flashed = takeToast(request);
  const { headers } = flashed;
  // A session the player's session limit ended on this request: the page says why they are signed out.
  const toast = flashed.toast ?? (account?.session_ended ? makeToast(sessionEndedToast(getInstance(context).t)) : null);
  const secure = env.APP_ENV !== "local";
  const { flash: authFlash, clear } = takeAuthFlash(request, secure);
  if (clear) headers.append("set-cookie", clear);
  const m = site.metadata;
  // default, PWA or webViewApp: what the page offers around itself (decision 0056).
  const platform = detectPlatform(request, m.platformType, secure);
  if (platform.setCookie) headers.append("set-cookie", platform.setCookie);
  // The sidebar banner never holds the shell back: when it is not there within a short grace, in
  // which the rest of the root data is read (a cache hit or a quick read always is), it streams
  // into its place.
  // A banner later than the stream allows ends as the content configuration's (settleBy).
  const banner = settleBy(
    sidebarBanner(context).then((b) => b ?? site.cms.sidebarBanner),
    site.cms.sidebarBanner,
  );
  const [dialogs, cashback, offersCount, campaign, bannerNow] = await Promise.all([
    loadUrlDialogs(page, context, { account: account ?? null, authFlash }),
    cashbackRead,
    offersRead,
    loginCampaignPopup(page, context, account ?? null, request.headers.get("cookie")),
    settleWithin(banner, DEFERRED_GRACE_MS),
  ]);
  // The unseen-cashback popup (SPEC §4): a URL dialog, or right after registration queued behind the email confirmation.
  const urlDialogs = cashback.dialog && !dialogs.some((d) => d.preventClose) ? [...dialogs, cashback.dialog] : dialogs;
  // The campaign popup is queued after it: it shows once no other URL dialog does (decision 0045).
  if (campaign && urlDialogs.length === 0) urlDialogs.push(campaign);
  const data: Omit<RootData, "messages"> = {
    locale: site.locale,
    dir: site.dir,
    defaultLocale,
    locales,
    origin,
    theme: pickTheme(readCookie(request.headers.get("cookie"), THEME_COOKIE), m.themes, m.defaultTheme),
    themes: m.themes,
    site: { name: m.siteName, logo: m.logo, favicons: m.favicons, themeColor: m.themeColor },
    cms: {
      menus: { ...site.cms.menus, sidebar: withVpnSwitch(site.cms.menus.sidebar, site.cms.switches.vpnPage) },
      // The operator's sidebar banner from banners.get, else the content configuration's.
      sidebarBanner: "value" in bannerNow ? bannerNow.value : bannerNow.pending,
      customCode: site.cms.customCode.filter((c) => c.isEnabled),
      footer: site.cms.footer,
      seo: site.cms.seo.default,
    },
    player: account && account.uid > 0 ? { ...(await playerData(account, site)), cashbackPopup: cashback.queued, offersCount } : null,
    maintenance,
    toast,
    urlDialogs,
    isBot: site.isBot,
    platform: platform.platform,
  };
  return {
    data: withPageMessages(data, sectionMessages(site.messages, page.pathname), context.get(workerContext).document),
    headers,
    status: maintenance !== null ? 503 : 200,
  };
}

/** The player's part of the root data, but the cashback popup and the offers count. */
async function playerData(account: AccountInfo, site: ReturnType<typeof getSite>): Promise<Omit<RootPlayer, "cashbackPopup" | "offersCount">> {
  const general = await site.generalInfo().catch((e: unknown) => {
    console.error("root: general info failed to load", e);
    return null;
  });
  return {
    uid: account.uid,
    login: account.login || account.email?.contact || "",
    reg_time: account.reg_time,
    email: account.email,
    mobile: account.mobile,
    balanceText: formatMoney(totalBalance(account)),
    balanceSplit: { main: formatMoney(account.balance_main), bonus: formatMoney(account.balance_bonus), betting: formatMoney(account.balance_betting_bonus) },
    balanceAt: Date.now(),
    balanceRefresh: site.cms.balanceRefresh,
    panicButton: marketRules(account).panicButton,
    forceLogoutSeconds: general?.time_to_force_logout ?? 0,
    confirmEmailPopup: site.cms.auth.registrationOptions.confirmEmailPopup,
  };
}
