/** Minimal cookie reading and writing shared by the Worker, the platform and the app server. */

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
  path?: string;
}

export function serializeCookie(name: string, value: string, o: CookieOptions = {}): string {
  let s = `${name}=${encodeURIComponent(value)}; Path=${o.path ?? "/"}`;
  if (o.maxAge !== undefined) s += `; Max-Age=${o.maxAge}`;
  if (o.httpOnly) s += "; HttpOnly";
  if (o.secure) s += "; Secure";
  s += `; SameSite=${o.sameSite ?? "Lax"}`;
  return s;
}

export const ONE_YEAR = 365 * 24 * 60 * 60;

/** The session cookie's name (workers/platform/auth/sessions.ts): `__Host-` everywhere but a local run over plain HTTP. */
export function sessionCookieName(appEnv: string | undefined): string {
  return appEnv === "local" ? "pf_session" : "__Host-pf_session";
}
