import { readCookie, serializeCookie } from "../../../core/cookies";

/**
 * The campaign popups this browser closed (issue 41): a session cookie of their sysnames, so a
 * popup closed once stays closed on every page after, with or without JavaScript, even where the
 * platform could not record the close (signed out meanwhile, the events rate limit). The recorded
 * close (`popup_closed`, decision 0045) decides when the popup may come back after the session.
 */
export const POPUPS_CLOSED_COOKIE = "pf_popups_closed";
const SYSNAME = /^[A-Za-z0-9_-]{1,64}$/;
const MOST = 10;

/** The sysnames a Cookie header says were closed. */
export function closedPopups(cookie: string | null | undefined): string[] {
  return (readCookie(cookie, POPUPS_CLOSED_COOKIE) ?? "").split(",").filter((s) => SYSNAME.test(s));
}

/** The Set-Cookie that adds `sysname` to the closed ones (the newest ten kept); null for a malformed name. */
export function closedPopupCookie(cookie: string | null | undefined, sysname: string, secure: boolean): string | null {
  if (!SYSNAME.test(sysname)) return null;
  const list = [...closedPopups(cookie).filter((s) => s !== sysname), sysname].slice(-MOST);
  return serializeCookie(POPUPS_CLOSED_COOKIE, list.join(","), { secure });
}
