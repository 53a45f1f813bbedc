import { timingSafeEqual, toHex } from "../core/bytes";

/**
 * The verification provider's webhook signature, as Sumsub signs: HMAC-SHA256 over the exact raw
 * body, hex, in `x-payload-digest`, with `x-payload-digest-alg: HMAC_SHA256_HEX`. The key is the
 * shared secret of the provider and the platform; here it is derived from SIGNING_SECRET (HMAC of a
 * purpose, as the demo payment system's signatures are kept apart by purpose), so a webhook
 * signature can stand in for no other signature the platform makes.
 */

export const DIGEST_HEADER = "x-payload-digest";
export const DIGEST_ALG_HEADER = "x-payload-digest-alg";
export const DIGEST_ALG = "HMAC_SHA256_HEX";
const KEY_PURPOSE = "verification-webhook-key";

const enc = new TextEncoder();

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, data));
}

/** The webhook key: HMAC-SHA256(SIGNING_SECRET, purpose). */
export function webhookKey(secret: string): Promise<Uint8Array<ArrayBuffer>> {
  return hmac(enc.encode(secret), enc.encode(KEY_PURPOSE));
}

/** The hex digest of a raw body. */
export async function payloadDigest(secret: string, body: string): Promise<string> {
  return toHex(await hmac(await webhookKey(secret), enc.encode(body)));
}

/** The headers a signed webhook carries. */
export async function signedHeaders(secret: string, body: string): Promise<Record<string, string>> {
  return { "content-type": "application/json", [DIGEST_HEADER]: await payloadDigest(secret, body), [DIGEST_ALG_HEADER]: DIGEST_ALG };
}

/** Whether the headers carry the right digest of this body; compared in constant time. */
export async function digestValid(secret: string, headers: Headers, body: string): Promise<boolean> {
  const alg = headers.get(DIGEST_ALG_HEADER);
  const digest = (headers.get(DIGEST_HEADER) ?? "").toLowerCase();
  if (alg !== DIGEST_ALG || !/^[0-9a-f]{64}$/.test(digest)) return false;
  const expected = await payloadDigest(secret, body);
  return timingSafeEqual(enc.encode(expected), enc.encode(digest));
}
