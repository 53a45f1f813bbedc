import { OFFER_AVAILABLE_EVENT, OFFER_DEACTIVATED_EVENT } from "../../../core/api/contract-offers";
import { publish } from "../../realtime/publish";
import type { MoneyDeps } from "../wallet/move-money";
import { playerTables } from "../player/routed-d1";
import { FITS_DEPOSITS, FITS_SITE_SEGMENT, NOT_TAKEN, RUNS_AT } from "./rules";

/**
 * The offers' clock (decision 0043), from `scheduled()`: an offer whose time came is announced
 * `campaign.offer.available`, one whose time ran out (or that the operator disabled)
 * `campaign.offer.deactivated`, to the players it concerns who are signed in somewhere (a live
 * session) — the others read it when they come. Whether an offer is available is the clock's
 * reading of starts_at/ends_at on every request; `phase` only records what was announced, moved
 * forward by a guarded UPDATE, so a repeated run announces nothing twice.
 *
 * A run sends at most `budget` messages (a Worker invocation's subrequests are limited): the
 * announcements are queued (offer_announcements) and told in pages of players by uid, each page
 * claimed by a guarded UPDATE of the last uid told, so a later run goes on where one stopped and
 * two runs never tell the same page.
 */

/** Realtime messages one run sends at most. */
export const ANNOUNCE_BUDGET = 500;

const LIVE = "EXISTS (SELECT 1 FROM sessions s WHERE s.uid = u.uid AND s.expires_at > ?2)";

type Event = "available" | "deactivated";
/**
 * Each announcement's rule over `o` and `u` (rules.ts: an available offer is AVAILABLE_TO the
 * player; an ended one is told to its segment but not to those who took it). The players'
 * deposits and offers are in their objects (decision 0075): D1 chooses by the site's side (`site`)
 * and each chosen player's object answers the rest (`PLAYER_SIDE`): the same rule, read where each
 * part is.
 */
const EVENTS: Record<Event, { name: string; site: string }> = {
  available: { name: OFFER_AVAILABLE_EVENT, site: `${RUNS_AT("?2")} AND ${FITS_SITE_SEGMENT}` },
  deactivated: { name: OFFER_DEACTIVATED_EVENT, site: FITS_SITE_SEGMENT },
};
/** Both announcements' part of the rule read in the player's own tables (?1 the offer, ?2 the player). */
const PLAYER_SIDE = `SELECT 1 FROM campaign_offers o JOIN users u ON u.uid = ?2 WHERE o.id = ?1 AND ${FITS_DEPOSITS} AND ${NOT_TAKEN}`;

/** Of the players D1 chose, those whose own tables also fit the offer (see EVENTS). */
async function fitting(deps: MoneyDeps, offerId: number, uids: number[]): Promise<number[]> {
  const fits = await Promise.all(uids.map((uid) => playerTables(deps.env, uid).prepare(PLAYER_SIDE).bind(offerId, uid).first()));
  return uids.filter((_, i) => fits[i] !== null);
}

/** Moves offers' phases forward at `now`, queues their announcements and tells a budget's worth; answers what started and ended. */
export async function runOfferClock(deps: MoneyDeps, now: number, budget = ANNOUNCE_BUDGET): Promise<{ started: number[]; ended: number[] }> {
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
  const queue = db.prepare("INSERT OR IGNORE INTO offer_announcements (offer_id, event, queued_at) VALUES (?1, ?2, ?3)");
  const queued = [...ended.results.map(({ id }) => queue.bind(id, "deactivated", now)), ...started.results.map(({ id }) => queue.bind(id, "available", now))];
  if (queued.length) await db.batch(queued);
  await announce(deps, now, budget);
  return { started: started.results.map((r) => r.id), ended: ended.results.map((r) => r.id) };
}

/** Tells up to `budget` players of the queued announcements, oldest first. */
async function announce(deps: MoneyDeps, now: number, budget: number): Promise<void> {
  const { db } = deps;
  const { results: pending } = await db
    .prepare("SELECT offer_id, event, after_uid FROM offer_announcements ORDER BY queued_at, offer_id, event")
    .all<{ offer_id: number; event: Event; after_uid: number }>();
  let left = budget;
  for (const a of pending) {
    if (left <= 0) break;
    const { name, site } = EVENTS[a.event];
    const { results } = await db
      .prepare(`SELECT u.uid FROM users u JOIN campaign_offers o ON o.id = ?1 WHERE u.uid > ?3 AND ${LIVE} AND ${site} ORDER BY u.uid LIMIT ?4`)
      .bind(a.offer_id, now, a.after_uid, left)
      .all<{ uid: number }>();
    const uids = results.map((r) => r.uid);
    // A short page is the last: the announcement is done. Claimed on the uid this run read.
    const claim =
      uids.length < left
        ? db.prepare("DELETE FROM offer_announcements WHERE offer_id = ?1 AND event = ?2 AND after_uid = ?3 RETURNING offer_id")
        : db.prepare("UPDATE offer_announcements SET after_uid = ?4 WHERE offer_id = ?1 AND event = ?2 AND after_uid = ?3 RETURNING offer_id");
    const claimed = await (uids.length < left
      ? claim.bind(a.offer_id, a.event, a.after_uid)
      : claim.bind(a.offer_id, a.event, a.after_uid, uids.at(-1)!)
    ).first();
    if (!claimed) continue;
    const told = await fitting(deps, a.offer_id, uids);
    for (const uid of told) deps.waitUntil(publish(deps.env, uid, name, { offer_id: a.offer_id }));
    left -= uids.length;
  }
}
