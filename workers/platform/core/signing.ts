/** HMAC-SHA256 signatures for links the platform mails out (unsubscribe and the like). */

import { toBase64Url } from "../../../app/lib/base64url";
import { timingSafeEqual } from "./bytes";

const enc = new TextEncoder();

async function key(secret: string) {
  return crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

export async function sign(secret: string, purpose: string, value: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await key(secret), enc.encode(`${purpose}:${value}`)));
}

/** Constant-time comparison of a presented token with the expected one. */
export async function verify(secret: string, purpose: string, value: string, token: string): Promise<boolean> {
  return timingSafeEqual(enc.encode(await sign(secret, purpose, value)), enc.encode(token));
}
