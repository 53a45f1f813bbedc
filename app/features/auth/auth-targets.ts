import type { Locale } from "../../../core/api/entities";
import { localizePath, splitLocalePath } from "../../lib/i18n/locale";
import { safeRedirectPath } from "../../../core/navigation";
import { withoutPopup } from "./popup-url";

/** Where the authentication flows send the player next (kept apart from popup-url.ts, which the header loads). */
/** Where the player goes after signing in from `pathAndSearch`: its redirectUrl (same-origin only), else the page itself. */
export function nextAfterAuth(pathAndSearch: string): string {
  const url = new URL(pathAndSearch, "http://x.invalid");
  return safeRedirectPath(url.searchParams.get("redirectUrl"), withoutPopup(pathAndSearch));
}

/** The platform's social sign-in start (SPEC §7): it comes back to `redirectUrl` with `social_auth`. */
export function oauthInitUrl(service: string, redirectUrl: string, typeAuth: "login" | "registration" | "link"): string {
  const q = new URLSearchParams({ service, redirect_url: redirectUrl, type_auth: typeAuth });
  return `/oauth/init?${q}`;
}

/** The cashier's deposit page under a locale's index path: "/" → "/cashier/deposit", "/es" → "/es/cashier/deposit". */
export function depositPathUnder(localeIndex: string): string {
  return `${localeIndex.replace(/\/+$/, "")}/cashier/deposit`;
}

/**
 * Where registration lands (SPEC §2: the URL gets register=success): the redirectUrl when the
 * page had one; an embedded form (/forms/…) stays in its frame; otherwise the cashier's deposit
 * page in the locale whose index path is `localeIndex` (SPEC §2: "without a redirectUrl query
 * the user goes to the cashier deposit page") — or /betting for a player who registered as a
 * bettor (is_betting=1, SPEC §9; decision 0073-sportsbook-page). A redirectUrl still wins.
 */
export function afterRegistrationPath(pathAndSearch: string, localeIndex: string, embedded: boolean, betting = false): string {
  const url = new URL(pathAndSearch, "http://x.invalid");
  const home = betting ? `${localeIndex.replace(/\/+$/, "")}/betting` : depositPathUnder(localeIndex);
  const target = new URL(url.searchParams.get("redirectUrl") || embedded ? nextAfterAuth(pathAndSearch) : home, "http://x.invalid");
  target.searchParams.set("register", "success");
  return target.pathname + target.search;
}

/** After sign-in the player goes to `next` in their account's locale (SPEC §2), when the site has it. */
export function afterSignInPath(next: string, accountLocale: string, locales: Locale[], defaultLocale: string): string {
  const url = new URL(next, "http://x.invalid");
  if (!locales.some((l) => l.code === accountLocale)) return next;
  const { basePath } = splitLocalePath(url.pathname, locales, defaultLocale);
  return localizePath(basePath, accountLocale, defaultLocale) + url.search;
}
