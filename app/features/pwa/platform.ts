import { ONE_YEAR, readCookie, serializeCookie } from "../../../core/cookies";

/** SPEC §1's platform types: a browser tab, the installed web app, an operator's native-app WebView. */
export type PlatformType = "default" | "PWA" | "webViewApp";

export const PLATFORM_COOKIE = "pf_platform";
/** An operator's app puts this token in its WebView's user agent (e.g. `PlayfrontApp/2.3`). */
export const WEBVIEW_UA_MARKER = /\bPlayfrontApp\//;

const FROM_QUERY: Record<string, PlatformType> = { default: "default", pwa: "PWA", webview: "webViewApp" };
const TYPES: readonly string[] = ["default", "PWA", "webViewApp"];

/**
 * The platform type of a request (decision 0056), so the server renders for it: `?platform=`
 * (the manifest's start_url says `pwa`; an operator's app opens `?platform=webview`) wins and is
 * remembered in a cookie; then the app's user-agent marker; then that cookie; then the site's
 * setting. Returns the cookie to set when the query changed it.
 */
export function detectPlatform(request: Request, siteDefault: PlatformType, secure: boolean): { platform: PlatformType; setCookie: string | null } {
  const asked = new URL(request.url).searchParams.get("platform");
  const fromQuery = asked ? FROM_QUERY[asked.toLowerCase()] : undefined;
  const remembered = readCookie(request.headers.get("cookie"), PLATFORM_COOKIE);
  if (fromQuery) {
    const setCookie = fromQuery === remembered ? null : serializeCookie(PLATFORM_COOKIE, fromQuery, { maxAge: ONE_YEAR, secure });
    return { platform: fromQuery, setCookie };
  }
  if (WEBVIEW_UA_MARKER.test(request.headers.get("user-agent") ?? "")) return { platform: "webViewApp", setCookie: null };
  if (remembered && TYPES.includes(remembered)) return { platform: remembered as PlatformType, setCookie: null };
  return { platform: siteDefault, setCookie: null };
}
