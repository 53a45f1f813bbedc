import { fromBase64Url, toBase64Url } from "./base64url";

/**
 * HMAC-SHA256 for values handed to a browser or a mailbox and believed again later: the payment
 * link of the mobile pay page here, and through workers/platform/core/signing.ts the platform's
 * links and tokens. `purpose` keeps a signature made for one use from passing for another.
 */
const enc = new TextEncoder();

const key = (secret: string) => crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);

export async function sign(secret: string, purpose: string, value: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await key(secret), enc.encode(`${purpose}:${value}`)));
}

/** Whether `signature` is `sign(secret, purpose, value)`; subtle.verify compares in constant time. */
export async function verify(secret: string, purpose: string, value: string, signature: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  return crypto.subtle.verify("HMAC", await key(secret), fromBase64Url(signature), enc.encode(`${purpose}:${value}`));
}
