import { readCookie, serializeCookie, ONE_YEAR } from "../../../core/cookies";
import { randomHex } from "../core/bytes";
import type { PlatformContext } from "../core/context";
import { sign, verify } from "../core/signing";

/**
 * Device cookies (decision 0024, after OWASP's "device cookie" scheme): a browser an account has
 * signed in from (or finished a mailed password reset in) carries a signed entry `uid.nonce.mac`.
 * Its sign-in attempts for that account are throttled under their own key (`dev:<nonce>`) and skip
 * the account's and the address's throttles, which strangers fill. The entry grants nothing else:
 * the password (and the second factor) are still checked. HttpOnly, a year, up to MAX_ENTRIES
 * accounts per browser (the most recent first).
 */

const PURPOSE = "device";
const MAX_ENTRIES = 4;
const ENTRY = /^([1-9]\d{0,15})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceEntry {
  uid: number;
  nonce: string;
  mac: string;
}

export function deviceCookieName(env: Pick<Env, "APP_ENV">): string {
  return env.APP_ENV === "local" ? "pf_device" : "__Host-pf_device";
}

function readEntries(ctx: PlatformContext): DeviceEntry[] {
  const raw = readCookie(ctx.request.headers.get("cookie"), deviceCookieName(ctx.env)) ?? "";
  const out: DeviceEntry[] = [];
  for (const part of raw.split("~").slice(0, MAX_ENTRIES)) {
    const m = ENTRY.exec(part);
    if (m) out.push({ uid: Number(m[1]), nonce: m[2]!, mac: m[3]! });
  }
  return out;
}

/** The throttle key of this browser for the account, when it carries a valid entry for it. */
export async function trustedDeviceKey(ctx: PlatformContext, uid: number): Promise<string | null> {
  const entry = readEntries(ctx).find((e) => e.uid === uid);
  if (!entry) return null;
  const ok = await verify(ctx.env.SIGNING_SECRET, PURPOSE, `${entry.uid}.${entry.nonce}`, entry.mac);
  return ok ? `dev:${entry.nonce}` : null;
}

/** Marks this browser as trusted by the account (keeping its nonce if it already was). */
export async function trustDevice(ctx: PlatformContext, uid: number): Promise<void> {
  const entries = readEntries(ctx);
  const own = entries.find((e) => e.uid === uid);
  const nonce = own && (await trustedDeviceKey(ctx, uid)) ? own.nonce : randomHex(16);
  const mac = await sign(ctx.env.SIGNING_SECRET, PURPOSE, `${uid}.${nonce}`);
  const kept = entries.filter((e) => e.uid !== uid).slice(0, MAX_ENTRIES - 1);
  const value = [{ uid, nonce, mac }, ...kept].map((e) => `${e.uid}.${e.nonce}.${e.mac}`).join("~");
  ctx.setCookie(serializeCookie(deviceCookieName(ctx.env), value, { maxAge: ONE_YEAR, httpOnly: true, secure: ctx.env.APP_ENV !== "local", sameSite: "Lax" }));
}
