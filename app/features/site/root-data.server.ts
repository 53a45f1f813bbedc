import type { RouterContextProvider } from "react-router";
import { readCookie } from "../../lib/cookies";
import { pickTheme, THEME_COOKIE } from "../../lib/theme";
import { takeToast } from "../../lib/toast.server";
import { getSite } from "./site.server";
import { loadUrlDialogs } from "./url-dialogs.server";

/** The data every page's document needs, built once per request by the root loader. */
export async function loadRootData(request: Request, context: Readonly<RouterContextProvider>) {
  const site = getSite(context);
  const url = new URL(request.url);
  const origin = url.origin;
  const { locales, defaultLocale } = site.locales;
  const account = await site.account();
  const { toast, headers } = takeToast(request);
  const urlDialogs = await loadUrlDialogs(url, context);
  const m = site.metadata;
  const data = {
    locale: site.locale,
    dir: site.dir,
    defaultLocale,
    locales,
    messages: site.messages,
    origin,
    theme: pickTheme(readCookie(request.headers.get("cookie"), THEME_COOKIE), m.themes, m.defaultTheme),
    themes: m.themes,
    site: { name: m.siteName, logo: m.logo, favicons: m.favicons, themeColor: m.themeColor },
    cms: {
      menus: site.cms.menus,
      sidebarBanner: site.cms.sidebarBanner,
      customCode: site.cms.customCode.filter((c) => c.isEnabled),
      footer: site.cms.footer,
      seo: site.cms.seo.default,
    },
    player: account.uid > 0 ? { uid: account.uid, login: account.login } : null,
    toast,
    urlDialogs,
    isBot: site.isBot,
  };
  return { data, headers };
}

export type RootData = Awaited<ReturnType<typeof loadRootData>>["data"];
