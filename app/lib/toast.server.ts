import { redirect } from "react-router";
import { readCookie, serializeCookie } from "./cookies";
import { makeToast, type Toast } from "./toast";

const TOAST_COOKIE = "pf_toast";

/** Redirects with a toast flashed through a short-lived cookie, shown once on the next page. */
export function redirectWithToast(url: string, toast: Partial<Toast> & { text: string }, init?: ResponseInit) {
  const value = btoa(encodeURIComponent(JSON.stringify(makeToast(toast))));
  const response = redirect(url, init);
  response.headers.append("set-cookie", serializeCookie(TOAST_COOKIE, value, { httpOnly: true, maxAge: 60 }));
  return response;
}

/** Reads the flashed toast, if any, and the header that clears it. */
export function takeToast(request: Request): { toast: Toast | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request.headers.get("cookie"), TOAST_COOKIE);
  if (!raw) return { toast: null, headers };
  headers.append("set-cookie", serializeCookie(TOAST_COOKIE, "", { httpOnly: true, maxAge: 0 }));
  try {
    const parsed = JSON.parse(decodeURIComponent(atob(raw))) as Partial<Toast> & { text?: unknown };
    if (typeof parsed.text !== "string") return { toast: null, headers };
    return { toast: makeToast({ ...parsed, text: parsed.text }), headers };
  } catch {
    return { toast: null, headers };
  }
}
