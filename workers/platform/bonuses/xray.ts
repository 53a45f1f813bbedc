import { databaseOf } from "../../d1-stats";
import type { PlatformContext } from "../core/context";
import { settingsKeepMs } from "../core/render-scope";
import { SLOTS_WHERE } from "../games/ranks";

/**
 * The bonus X-ray's numbers (decision 0042): the house edge a player pays while clearing a bonus.
 * The estimate uses the catalogue's average slot RTP — slots count 100 % towards wagering, so they
 * are how a bonus is cleared. The catalogue's ranks rebuild stores it (migration 0040), so it is one
 * row to read; only while the ranks are stale (a catalogue change not yet rebuilt) is it computed
 * from the games themselves, a few thousand rows. Either way kept at most 10 minutes per isolate
 * (not at all with SETTINGS_CACHE_MS=0, as a cold isolate has nothing kept); the calls of one page
 * render share one read (core/render-reads.ts).
 */

const TTL_MS = 10 * 60_000;
/** Used when the catalogue has no slot (a typical slot RTP). */
const FALLBACK_RTP_BP = 9600;

let cached: { at: number; rtp: number; db: object } | null = null;

/**
 * `key`: what the kept value belongs to, the database binding (`env.DB`) where `db` is a view of it
 * made for one call (a render's reads: core/render-reads.ts), so the isolate's value is found again.
 * `keepMs`: how long it is kept (10 minutes; 0: read every time).
 */
export async function slotsRtp(db: D1Database, now = Date.now(), key: object = db, keepMs = TTL_MS): Promise<number> {
  key = databaseOf(key);
  if (cached && cached.db === key && now - cached.at < keepMs) return cached.rtp;
  const stored = await db
    .prepare("SELECT slots_rtp_bp AS rtp, ranked = changes AS fresh FROM game_catalogue_state WHERE id = 1")
    .first<{ rtp: number | null; fresh: number }>();
  const avg =
    stored?.fresh === 1 && stored.rtp !== null
      ? stored.rtp
      : await db.prepare(`SELECT AVG(rtp_bp) AS rtp FROM games WHERE ${SLOTS_WHERE}`).first<number | null>("rtp");
  const rtp = avg ? Math.round(avg) : FALLBACK_RTP_BP;
  cached = { at: now, rtp, db: key };
  return rtp;
}

/** The slot RTP for a platform call: its render's read, or the isolate's kept value. */
export const callSlotsRtp = (ctx: Pick<PlatformContext, "db" | "env">): Promise<number> =>
  slotsRtp(ctx.db, Date.now(), ctx.env.DB, settingsKeepMs(ctx.env) > 0 ? TTL_MS : 0);

export { expectedCost } from "../../../core/money";
