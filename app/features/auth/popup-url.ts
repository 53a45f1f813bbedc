import { sameOriginPath } from "../../../core/navigation";
import type { AuthMode } from "./auth-flash.server";

/** Query keys of the authentication popup (SPEC §2); all are removed when it closes. */
export const AUTH_POPUP_KEYS = ["show_popup_auth", "show_popup_reg", "auth_mode", "prevent_close", "reg_type", "reg_country", "reset_token"] as const;
/** Keys that stay while the player switches between the popup's modes. */
const KEPT_ACROSS_MODES = new Set<string>(["prevent_close", "reg_type"]);

/** The mode a URL asks for, or null when it names no authentication popup. */
export function popupMode(search: URLSearchParams): AuthMode | null {
  if (search.get("show_popup_reg") === "1") return "registration";
  if (search.get("show_popup_auth") !== "1") return null;
  const m = search.get("auth_mode");
  return m === "restore" || m === "twofa" ? m : "authorization";
}

/** A page's path and query as a URL to edit: '//x' is a path here, not a host (which `new URL` would refuse). */
export const pagePath = (pathAndSearch: string): URL => new URL(sameOriginPath(pathAndSearch), "http://x.invalid");

/** `pathAndSearch` with the popup open in `mode` (other query keys, e.g. redirectUrl, kept). */
export function withPopup(pathAndSearch: string, mode: AuthMode): string {
  const url = pagePath(pathAndSearch);
  for (const k of AUTH_POPUP_KEYS) if (!KEPT_ACROSS_MODES.has(k)) url.searchParams.delete(k);
  if (mode === "registration") url.searchParams.set("show_popup_reg", "1");
  else {
    url.searchParams.set("show_popup_auth", "1");
    if (mode !== "authorization") url.searchParams.set("auth_mode", mode);
  }
  return url.pathname + url.search;
}

/** `pathAndSearch` with the popup's keys removed. */
export function withoutPopup(pathAndSearch: string): string {
  const url = pagePath(pathAndSearch);
  for (const k of AUTH_POPUP_KEYS) url.searchParams.delete(k);
  return url.pathname + url.search;
}
