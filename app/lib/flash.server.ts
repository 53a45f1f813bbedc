import { readCookie, serializeCookie } from "../../core/cookies";
import { fromBase64Url, toBase64Url } from "../../core/base64url";

/**
 * A value carried across one redirect in a short-lived HttpOnly cookie and read once: the
 * toast after an action, the auth popup's messages after a failed form.
 */
export function flashCookie(name: string, value: unknown, secure = false): string {
  const encoded = toBase64Url(new TextEncoder().encode(JSON.stringify(value)));
  return serializeCookie(name, encoded, { httpOnly: true, maxAge: 60, secure });
}

/** The flashed value (null when none or unreadable) and the Set-Cookie that clears it. */
export function takeFlash(request: Request, name: string, secure = false): { value: unknown; clear: string | null } {
  const raw = readCookie(request.headers.get("cookie"), name);
  if (!raw) return { value: null, clear: null };
  const clear = serializeCookie(name, "", { httpOnly: true, maxAge: 0, secure });
  try {
    return { value: JSON.parse(new TextDecoder().decode(fromBase64Url(raw))), clear };
  } catch {
    return { value: null, clear };
  }
}
