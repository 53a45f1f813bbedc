/**
 * The wheel's published draw (issue 21, decision 0047), one module for the Worker that draws and
 * the browser that verifies: nothing here reads the platform or the page.
 *
 *   digest = HMAC-SHA256(key = UTF-8 of the server seed (64 hex characters),
 *                        message = UTF-8 of `${clientSeed}:${nonce}`)
 *   u      = the digest's first 52 bits (its first 13 hex characters) ÷ 2^52        (0 ≤ u < 1)
 *   ticket = ⌊u × W⌋, W the sum of the sectors' weights                             (0 ≤ ticket < W)
 *   sector = the first sector, in wheel order, whose running sum of weights exceeds the ticket
 *
 * Before any spin the player sees SHA-256(server seed) (the commitment); rotating the seed
 * reveals it, and anyone can then recompute every spin made with it. 52 bits keep u exact in a
 * double; with W at most 1,000,000 the bias of ⌊u × W⌋ is below 2^-32 per sector.
 */

export const FAIR_ALGORITHM = "HMAC-SHA256(server_seed, client_seed:nonce) → first 52 bits ÷ 2^52 × Σweights → sector by running sum";

const encoder = new TextEncoder();

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 of the server seed as hex: the hash published before the seed is used. */
export async function seedHash(serverSeed: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(serverSeed)));
}

/** The HMAC digest of one spin, as hex. */
export async function spinDigest(serverSeed: string, clientSeed: string, nonce: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(serverSeed), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(`${clientSeed}:${nonce}`)));
}

/** The ticket in [0, totalWeight) a digest draws. */
export function ticketOf(digest: string, totalWeight: number): number {
  const u = parseInt(digest.slice(0, 13), 16) / 2 ** 52;
  return Math.floor(u * totalWeight);
}

/** The index (in wheel order) of the sector a ticket falls in. */
export function sectorIndexOf(ticket: number, weights: readonly number[]): number {
  let running = 0;
  for (const [i, w] of weights.entries()) {
    running += w;
    if (ticket < running) return i;
  }
  throw new RangeError(`ticket ${ticket} is beyond the weights' sum ${running}`);
}

export interface Draw {
  digest: string;
  ticket: number;
  index: number;
}

/** The whole draw: which sector (index in wheel order) a seed pair and nonce land on. */
export async function drawSector(serverSeed: string, clientSeed: string, nonce: number, weights: readonly number[]): Promise<Draw> {
  const total = weights.reduce((a, b) => a + b, 0);
  if (!(total > 0)) throw new RangeError("the sectors' weights must add up to more than 0");
  const digest = await spinDigest(serverSeed, clientSeed, nonce);
  const ticket = ticketOf(digest, total);
  return { digest, ticket, index: sectorIndexOf(ticket, weights) };
}

/** A fresh server seed: 32 random bytes as 64 hex characters. */
export function newServerSeed(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return hex(bytes.buffer);
}

/** A client seed a player may choose: 1 to 64 printable ASCII characters without ':' (the message's separator). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x39\x3b-\x7e]{1,64}$/;
