/**
 * The bonus X-ray's numbers (decision 0042): the house edge a player pays while clearing a bonus.
 * The estimate uses the catalogue's average slot RTP — slots count 100 % towards wagering, so they
 * are how a bonus is cleared — read at most once per 10 minutes per isolate (a few thousand rows:
 * the catalogue changes rarely, and bonuses pages should not read it every time).
 */

const TTL_MS = 10 * 60_000;
/** Used when the catalogue has no slot (a typical slot RTP). */
const FALLBACK_RTP_BP = 9600;

let cached: { at: number; rtp: number; db: D1Database } | null = null;

export async function slotsRtp(db: D1Database, now = Date.now()): Promise<number> {
  if (cached && cached.db === db && now - cached.at < TTL_MS) return cached.rtp;
  const avg = await db
    .prepare("SELECT AVG(rtp_bp) AS rtp FROM games WHERE kind NOT IN ('live', 'table') AND is_sportsbook = 0")
    .first<number | null>("rtp");
  const rtp = avg ? Math.round(avg) : FALLBACK_RTP_BP;
  cached = { at: now, rtp, db };
  return rtp;
}

export { expectedCost } from "../../../app/lib/money";
