import type { MoneyDeps } from "../wallet/move-money";
import { packWinningsGrant } from "./grants";
import { accountsOf } from "./market";
import { siteJurisdiction } from "../responsible/jurisdiction";
import { publishBonusChange } from "./notify";
import { SWEEP_BATCH } from "./sweep";

/**
 * After a batch that ended pack `packId` committed: `bonus.updated` for the pack, and for the
 * bonus its winnings became (if it won anything).
 */
export async function announcePackEnd(deps: MoneyDeps, uid: number, packId: string, status: "closed" | "expired"): Promise<void> {
  publishBonusChange(deps, uid, { id: packId, type: "freespins", status });
  const bonus = await deps.db.prepare("SELECT id FROM player_bonuses WHERE uid = ?1 AND grant_key = ?2").bind(uid, `freespins:${packId}`).first<string>("id");
  if (bonus) publishBonusChange(deps, uid, { id: bonus, type: "casino", status: "available" });
}

/**
 * The free-spin packs' clock (decision 0041; DESIGN §7 "time is a trigger"): active packs past
 * expires_at expire, and what they won so far becomes a bonus, in the same batch: player `uid`'s
 * (at most SWEEP_BATCH a run; by their clock beside sweepBonuses, and before their packs are shown
 * or played). Each pack's UPDATE is guarded by its status, and the grant by its
 * key, so a repeated run changes nothing; each pack it expired sends `bonus.updated` (and its
 * winnings bonus's) once committed. Answers how many packs expired.
 */
export async function expirePacks(deps: MoneyDeps, now: number, uid: number): Promise<number> {
  const db = deps.db;
  const { results } = await db
    .prepare("SELECT id, uid FROM freespin_packs WHERE status = 'active' AND expires_at <= ?1 AND uid = ?3 ORDER BY expires_at LIMIT ?2")
    .bind(now, SWEEP_BATCH, uid)
    .all<{ id: string; uid: number }>();
  if (!results.length) return 0;
  const site = await siteJurisdiction(accountsOf(deps));
  const groups = results.map(({ id }) => [
    db.prepare("UPDATE freespin_packs SET status = 'expired', finished_at = ?2 WHERE id = ?1 AND status = 'active' AND expires_at <= ?2").bind(id, now),
    ...packWinningsGrant(db, id, site, now),
  ]);
  const outcome = await db.batch(groups.flat());
  // Each group's first statement is its pack's UPDATE.
  let at = 0;
  let expired = 0;
  for (const [i, g] of groups.entries()) {
    const changed = outcome[at]!.meta.changes;
    expired += changed;
    at += g.length;
    if (changed) await announcePackEnd(deps, results[i]!.uid, results[i]!.id, "expired");
  }
  return expired;
}
