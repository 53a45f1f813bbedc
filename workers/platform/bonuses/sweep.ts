import type { MoneyDeps } from "../wallet/move-money";
import { endActiveBonus, type EndingBonus } from "./end";
import { publishBonusChange } from "./notify";

/** Bonuses handled per scheduled run at most: the cron runs every minute, so a backlog drains in steps. */
export const SWEEP_BATCH = 100;

/**
 * Player `uid`'s available bonuses past their activation window become expired, with their event
 * (at most SWEEP_BATCH a run; before their bonuses are shown or used, and by their clock). The
 * UPDATE takes exactly the bonuses this call wrote an event for; each sends `bonus.updated` once
 * committed. Answers how many expired.
 */
export async function expireAvailable(deps: MoneyDeps, now: number, uid: number): Promise<number> {
  const db = deps.db;
  const [, lapsed] = await db.batch<{ id: string; uid: number; type: "casino" | "betting" }>([
    db
      .prepare(
        `INSERT INTO bonus_events (bonus_id, uid, event, created_at)
         SELECT id, uid, 'expired', ?1 FROM player_bonuses
         WHERE status = 'available' AND available_until <= ?1 AND uid = ?3 LIMIT ?2`,
      )
      .bind(now, SWEEP_BATCH, uid),
    db
      .prepare(
        `UPDATE player_bonuses SET status = 'expired', finished_at = ?1
         WHERE id IN (SELECT bonus_id FROM bonus_events WHERE event = 'expired' AND created_at = ?1)
           AND status = 'available' RETURNING id, uid, type`,
      )
      .bind(now),
  ]);
  for (const b of lapsed!.results) publishBonusChange(deps, b.uid, { ...b, status: "expired" });
  return lapsed!.results.length;
}

/**
 * The bonus engine's clock (decision 0039; DESIGN §7 "time is a trigger"): available bonuses past
 * their activation window expire; active ones past their wagering time expire and lose the bonus
 * balance; an active bonus fully wagered but not converted (a round's follow-up that did not run)
 * converts. A repeated run changes nothing more. Player `uid`'s (`deps.db`: their tables; their
 * clock, player/clock-run.ts).
 */
export async function sweepBonuses(deps: MoneyDeps, now: number, uid: number): Promise<{ expired: number; ended: number }> {
  const db = deps.db;
  const expired = await expireAvailable(deps, now, uid);
  const { results } = await db
    .prepare(
      `SELECT id, uid, type, max_cashout, wagered >= wager_required AS done FROM player_bonuses
       WHERE status = 'active' AND (expires_at <= ?1 OR wagered >= wager_required) AND uid = ?3 LIMIT ?2`,
    )
    .bind(now, SWEEP_BATCH, uid)
    .all<EndingBonus & { done: number }>();
  let ended = 0;
  // One at a time: each reads the player's bonus balance it ends with. Fully wagered converts,
  // even if its clock has run out since.
  for (const b of results) if (await endActiveBonus(deps, b, b.done ? "wagered" : "expired", now)) ended++;
  return { expired, ended };
}
