import { packWinningsGrant } from "./grants";
import { SWEEP_BATCH } from "./sweep";

/**
 * The free-spin packs' clock (decision 0041; DESIGN §7 "time is a trigger"): active packs past
 * expires_at expire, and what they won so far becomes a bonus, in the same batch — all of them (at
 * most SWEEP_BATCH a run, from `scheduled()` beside sweepBonuses), or one player's (before their
 * packs are shown or played). Each pack's UPDATE is guarded by its status, and the grant by its
 * key, so a repeated run changes nothing. Answers how many packs expired.
 */
export async function expirePacks(db: D1Database, now: number, uid?: number): Promise<number> {
  const { results } = await db
    .prepare("SELECT id FROM freespin_packs WHERE status = 'active' AND expires_at <= ?1 AND (?3 IS NULL OR uid = ?3) ORDER BY expires_at LIMIT ?2")
    .bind(now, SWEEP_BATCH, uid ?? null)
    .all<{ id: string }>();
  if (!results.length) return 0;
  const groups = results.map(({ id }) => [
    db.prepare("UPDATE freespin_packs SET status = 'expired', finished_at = ?2 WHERE id = ?1 AND status = 'active' AND expires_at <= ?2").bind(id, now),
    ...packWinningsGrant(db, id, now),
  ]);
  const outcome = await db.batch(groups.flat());
  // Each group's first statement is its pack's UPDATE.
  let at = 0;
  let expired = 0;
  for (const g of groups) {
    expired += outcome[at]!.meta.changes;
    at += g.length;
  }
  return expired;
}
