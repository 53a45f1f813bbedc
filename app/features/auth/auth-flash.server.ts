import { fromBase64Url, toBase64Url } from "../../../core/base64url";
import { readCookie, serializeCookie } from "../../../core/cookies";
import { flashCookie, takeFlash } from "../../lib/flash.server";

/**
 * What a failed auth form leaves for the page it returns to (post, redirect, get — the same path
 * with and without JavaScript): the popup mode, the messages, and the typed login (never a
 * password).
 */
export interface AuthFlash {
  mode: AuthMode;
  error?: string;
  fields?: Record<string, string[]>;
  /** What the player typed (never a password), to fill the form again. */
  values?: Record<string, string>;
  notice?: string;
}

export type AuthMode = "authorization" | "registration" | "restore" | "twofa" | "socialRegistration";

const FLASH = "pf_auth_flash";
const PENDING = "pf_2fa";
const PENDING_SECONDS = 5 * 60;

export function flashAuthCookie(flash: AuthFlash, secure: boolean): string {
  return flashCookie(FLASH, flash, secure);
}

export function takeAuthFlash(request: Request, secure: boolean): { flash: AuthFlash | null; clear: string | null } {
  const { value, clear } = takeFlash(request, FLASH, secure);
  return { flash: (value as AuthFlash | null) ?? null, clear };
}

async function pendingKey(secret: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`two-factor-pending:${secret}`));
  return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/**
 * The two-factor step needs login and password again with the code (SPEC §3). Between the two
 * posts they wait in an HttpOnly cookie, AES-GCM encrypted with the Worker's secret, for 5 minutes.
 */
export async function pendingTwoFactorCookie(secret: string, login: string, password: string, secure: boolean) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ login, password, exp: Date.now() + PENDING_SECONDS * 1000 }));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await pendingKey(secret), plain));
  const value = `${toBase64Url(iv)}.${toBase64Url(sealed)}`;
  return serializeCookie(PENDING, value, { httpOnly: true, maxAge: PENDING_SECONDS, secure, sameSite: "Strict" });
}

export async function readPendingTwoFactor(request: Request, secret: string): Promise<{ login: string; password: string } | null> {
  const raw = readCookie(request.headers.get("cookie"), PENDING);
  const [iv, sealed] = raw?.split(".") ?? [];
  if (!iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv) }, await pendingKey(secret), fromBase64Url(sealed));
    const v = JSON.parse(new TextDecoder().decode(plain)) as { login: string; password: string; exp: number };
    return v.exp > Date.now() ? { login: v.login, password: v.password } : null;
  } catch {
    return null;
  }
}

export function clearPendingTwoFactor(secure: boolean): string {
  return serializeCookie(PENDING, "", { httpOnly: true, maxAge: 0, secure, sameSite: "Strict" });
}
