import { redirect } from "react-router";
import { flashCookie, takeFlash } from "./flash.server";
import { makeToast, type Toast } from "./toast";

const TOAST_COOKIE = "pf_toast";

/** Redirects with a toast flashed through a short-lived cookie, shown once on the next page. */
export function redirectWithToast(url: string, toast: Partial<Toast> & { text: string }, init?: ResponseInit) {
  const response = redirect(url, init);
  response.headers.append("set-cookie", flashCookie(TOAST_COOKIE, makeToast(toast)));
  return response;
}

/** Reads the flashed toast, if any, and the header that clears it. */
export function takeToast(request: Request): { toast: Toast | null; headers: Headers } {
  const headers = new Headers();
  const { value, clear } = takeFlash(request, TOAST_COOKIE);
  if (clear) headers.append("set-cookie", clear);
  const parsed = value as (Partial<Toast> & { text?: unknown }) | null;
  if (!parsed || typeof parsed.text !== "string") return { toast: null, headers };
  return { toast: makeToast({ ...parsed, text: parsed.text }), headers };
}
