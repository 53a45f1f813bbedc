import { fromBase64, randomBytes, timingSafeEqual, toBase64 } from "../core/bytes";

/**
 * Password hashes: PBKDF2-SHA256 through WebCrypto, in a versioned text format
 * `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` so the scheme can be upgraded later
 * (`needsRehash` tells when a stored hash is below the current parameters).
 *
 * 100,000 iterations is the most production Workers allow for PBKDF2: deriving with more throws.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = "pbkdf2-sha256";
const SALT_BYTES = 16;
const HASH_BITS = 256;

const enc = new TextEncoder();

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", enc.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

interface Parsed {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array<ArrayBuffer>;
}

function parse(stored: string): Parsed | null {
  const [scheme, iter, salt, hash, ...rest] = stored.split("$");
  if (scheme !== SCHEME || rest.length || !iter || !/^\d+$/.test(iter)) return null;
  const iterations = Number(iter);
  if (iterations < 1 || iterations > PBKDF2_ITERATIONS) return null;
  const s = fromBase64(salt ?? "");
  const h = fromBase64(hash ?? "");
  return s && h && s.length > 0 && h.length === HASH_BITS / 8 ? { iterations, salt: s, hash: h } : null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `${SCHEME}$${PBKDF2_ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** A well-formed hash of no one's password: verifying against it costs what a real check costs. */
const DECOY_HASH = `${SCHEME}$${PBKDF2_ITERATIONS}$AAAAAAAAAAAAAAAAAAAAAA==$${"A".repeat(43)}=`;

/**
 * Checks a password against a stored hash in constant time. A missing or unreadable hash still
 * does the full key derivation, so an unknown login takes as long as a wrong password.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const real = stored ? parse(stored) : null;
  const p = real ?? parse(DECOY_HASH)!;
  const candidate = await derive(password, p.salt, p.iterations);
  return timingSafeEqual(candidate, p.hash) && real !== null;
}

/** Whether a stored hash should be replaced by a fresh one (older scheme or fewer iterations). */
export function needsRehash(stored: string): boolean {
  const p = parse(stored);
  return !p || p.iterations < PBKDF2_ITERATIONS || p.salt.length < SALT_BYTES;
}
