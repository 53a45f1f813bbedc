/**
 * Web Push on WebCrypto (decision 0114): RFC 8291 message encryption (aes128gcm, RFC 8188 with one
 * record), RFC 8292 VAPID (an ES256 JWT in `Authorization: vapid t=…, k=…`) and the receiving
 * side the demo push relay needs (decrypting and verifying). Keys travel as base64url: a public
 * key is the 65-byte uncompressed P-256 point, a private key the 32-byte scalar `d`.
 */

const enc = new TextEncoder();

export function b64uEncode(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Decodes base64url (padding optional); throws on anything else. */
export function b64uDecode(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error("not base64url");
  const b = atob(text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

/** Whether `text` is base64url of exactly `length` bytes (a p256dh key is 65 bytes starting 0x04, an auth secret 16). */
export function isB64uOfLength(text: string, length: number): boolean {
  try {
    const bytes = b64uDecode(text);
    return bytes.length === length && (length !== 65 || bytes[0] === 4);
  } catch {
    return false;
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const buf = (u: Uint8Array): ArrayBuffer => u.slice().buffer as ArrayBuffer;

function jwkOf(publicRaw: Uint8Array, privateD?: Uint8Array): JsonWebKey {
  if (publicRaw.length !== 65 || publicRaw[0] !== 4) throw new Error("a P-256 public key is 65 bytes starting 0x04");
  const jwk: JsonWebKey = { kty: "EC", crv: "P-256", x: b64uEncode(publicRaw.slice(1, 33)), y: b64uEncode(publicRaw.slice(33, 65)), ext: true };
  if (privateD) jwk.d = b64uEncode(privateD);
  return jwk;
}

export type KeyPairB64u = { publicKey: string; privateKey: string };

/** A new P-256 key pair as base64url (the public point, the private scalar). */
export async function generateKeyPair(): Promise<KeyPairB64u> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const jwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return { publicKey: b64uEncode(raw), privateKey: jwk.d! };
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", buf(ikm), "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: buf(salt), info: buf(info) }, key, bytes * 8));
}

async function ecdh(privateD: Uint8Array, ownPublic: Uint8Array, peerPublic: Uint8Array): Promise<Uint8Array> {
  const priv = await crypto.subtle.importKey("jwk", jwkOf(ownPublic, privateD), { name: "ECDH", namedCurve: "P-256" }, false, ["deriveBits"]);
  const pub = await crypto.subtle.importKey("raw", buf(peerPublic), { name: "ECDH", namedCurve: "P-256" }, false, []);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: pub }, priv, 256));
}

/** RFC 8291 §3.3–3.4: the content key and nonce of a message between the two keys. */
async function messageKeys(ecdhSecret: Uint8Array, auth: Uint8Array, uaPublic: Uint8Array, asPublic: Uint8Array, salt: Uint8Array) {
  const keyInfo = concat(enc.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(auth, ecdhSecret, keyInfo, 32);
  const cek = await hkdf(salt, ikm, enc.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, enc.encode("Content-Encoding: nonce\0"), 12);
  return { cek, nonce };
}

const RECORD_SIZE = 4096;

/**
 * Encrypts `plaintext` for a subscription (its p256dh and auth, base64url) as one aes128gcm
 * record. `fixed` (tests only) supplies the salt and the sender's key pair the RFC's vector uses.
 */
export async function encryptPayload(
  plaintext: Uint8Array,
  sub: { p256dh: string; auth: string },
  fixed?: { salt: Uint8Array; asKeys: KeyPairB64u },
): Promise<Uint8Array> {
  const uaPublic = b64uDecode(sub.p256dh);
  const auth = b64uDecode(sub.auth);
  if (plaintext.length + 1 + 16 + 86 > RECORD_SIZE) throw new Error("a push message is at most 3993 bytes");
  const salt = fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const asKeys = fixed?.asKeys ?? (await generateKeyPair());
  const asPublic = b64uDecode(asKeys.publicKey);
  const secret = await ecdh(b64uDecode(asKeys.privateKey), asPublic, uaPublic);
  const { cek, nonce } = await messageKeys(secret, auth, uaPublic, asPublic, salt);
  const key = await crypto.subtle.importKey("raw", buf(cek), "AES-GCM", false, ["encrypt"]);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: buf(nonce) }, key, buf(concat(plaintext, new Uint8Array([2])))));
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, sealed);
}

/** Decrypts an aes128gcm push body with the receiver's keys (base64url); throws when it does not open. */
export async function decryptPayload(body: Uint8Array, receiver: { publicKey: string; privateKey: string; auth: string }): Promise<Uint8Array> {
  if (body.length < 21) throw new Error("too short for an aes128gcm header");
  const salt = body.slice(0, 16);
  const idlen = body[20]!;
  const asPublic = body.slice(21, 21 + idlen);
  const uaPublic = b64uDecode(receiver.publicKey);
  const secret = await ecdh(b64uDecode(receiver.privateKey), uaPublic, asPublic);
  const { cek, nonce } = await messageKeys(secret, b64uDecode(receiver.auth), uaPublic, asPublic, salt);
  const key = await crypto.subtle.importKey("raw", buf(cek), "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: buf(nonce) }, key, buf(body.slice(21 + idlen))));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error("not the last record's padding delimiter");
  return padded.slice(0, end);
}

export type Vapid = { publicKey: string; privateKey: string; subject: string };

/** RFC 8292: the Authorization header for a push to `endpoint`, a JWT valid for 12 hours from `now` (ms). */
export async function vapidAuthorization(endpoint: string, vapid: Vapid, now: number): Promise<string> {
  const header = b64uEncode(enc.encode(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = b64uEncode(enc.encode(JSON.stringify({ aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: vapid.subject })));
  const key = await crypto.subtle.importKey(
    "jwk",
    jwkOf(b64uDecode(vapid.publicKey), b64uDecode(vapid.privateKey)),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const signature = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, enc.encode(`${header}.${claims}`)));
  return `vapid t=${header}.${claims}.${b64uEncode(signature)}, k=${vapid.publicKey}`;
}

/**
 * What a push service checks (RFC 8292 §4): the header names `expectedKey`, the JWT is signed by
 * it, is for `audience` (an origin) and has not expired at `now` (ms), nor lasts over 24 hours.
 * Returns why not, or null when it holds.
 */
export async function vapidProblem(authorization: string | null, expectedKey: string, audience: string, now: number): Promise<string | null> {
  const m = /^vapid t=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!m) return "no vapid Authorization header";
  const [, header, claims, signature, k] = m as unknown as [string, string, string, string, string];
  if (k !== expectedKey) return "the key is not the subscription's application server key";
  const key = await crypto.subtle.importKey("raw", buf(b64uDecode(k)), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
  const ok = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, buf(b64uDecode(signature)), enc.encode(`${header}.${claims}`));
  if (!ok) return "the JWT's signature does not verify";
  let c: { aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    c = JSON.parse(new TextDecoder().decode(b64uDecode(claims)));
  } catch {
    return "the JWT's claims are not JSON";
  }
  if (c.aud !== audience) return "the JWT's aud is not this push service";
  const nowS = Math.floor(now / 1000);
  if (typeof c.exp !== "number" || c.exp <= nowS || c.exp > nowS + 24 * 3600) return "the JWT's exp is past or over 24 hours ahead";
  return null;
}
