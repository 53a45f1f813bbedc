import { OFFER_AVAILABLE_EVENT, OFFER_DEACTIVATED_EVENT } from "../../../app/lib/api/contract-offers";
import { publish } from "../../realtime/publish";
import type { MoneyDeps } from "../wallet/move-money";
import { AVAILABLE_TO, FITS_SEGMENT, RUNS_AT } from "./rules";

/**
 * The offers' clock (decision 0043), from `scheduled()`: an offer whose time came is announced
 * `campaign.offer.available`, one whose time ran out (or that the operator disabled)
 * `campaign.offer.deactivated`, to the players it concerns who are signed in somewhere (a live
 * session) — the others read it when they come. Whether an offer is available is the clock's
 * reading of starts_at/ends_at on every request; `phase` only records what was announced, moved
 * forward by a guarded UPDATE, so a repeated run announces nothing twice.
 */

const MAX_PLAYERS = 1000;

const LIVE = "EXISTS (SELECT 1 FROM sessions s WHERE s.uid = u.uid AND s.expires_at > ?2)";

async function players(db: D1Database, offerId: number, now: number, rule: string): Promise<number[]> {
  const { results } = await db
    .prepare(`SELECT u.uid FROM users u JOIN campaign_offers o ON o.id = ?1 WHERE ${LIVE} AND ${rule} LIMIT ${MAX_PLAYERS}`)
    .bind(offerId, now)
    .all<{ uid: number }>();
  return results.map((r) => r.uid);
}

/** Moves offers' phases forward at `now` and tells their players; answers what started and ended. */
export async function runOfferClock(deps: MoneyDeps, now: number): Promise<{ started: number[]; ended: number[] }> {
  const { db } = deps;
  // Ended first: an offer whose whole window passed between two runs ends without ever starting.
  const ended = await db
    .prepare(
      `UPDATE campaign_offers SET phase = 'ended'
       WHERE phase IN ('scheduled', 'running') AND (is_enabled = 0 OR (ends_at IS NOT NULL AND ends_at <= ?1))
       RETURNING id`,
    )
    .bind(now)
    .all<{ id: number }>();
  const started = await db
    .prepare(
      `UPDATE campaign_offers SET phase = 'running'
       WHERE phase = 'scheduled' AND id IN (SELECT o.id FROM campaign_offers o WHERE ${RUNS_AT("?1")}) RETURNING id`,
    )
    .bind(now)
    .all<{ id: number }>();
  for (const { id } of ended.results) {
    const rule = `${FITS_SEGMENT} AND NOT EXISTS (SELECT 1 FROM player_offers po WHERE po.uid = u.uid AND po.offer_id = o.id)`;
    for (const uid of await players(db, id, now, rule)) deps.waitUntil(publish(deps.env, uid, OFFER_DEACTIVATED_EVENT, { offer_id: id }));
  }
  for (const { id } of started.results) {
    for (const uid of await players(db, id, now, AVAILABLE_TO("?2"))) deps.waitUntil(publish(deps.env, uid, OFFER_AVAILABLE_EVENT, { offer_id: id }));
  }
  return { started: started.results.map((r) => r.id), ended: ended.results.map((r) => r.id) };
}
