import { endActiveBonus, type EndingBonus } from "../bonuses/end";
import { playerTables } from "../player/routed-d1";
import type { MoneyDeps } from "../wallet/move-money";

/** SQL: the betting bonus `b` is active, at zero balance, with no open free bet left. */
export const SPENT_BETTING_BONUS = `b.type = 'betting' AND b.status = 'active'
  AND COALESCE((SELECT amount FROM balances WHERE uid = b.uid AND kind = 'betting_bonus'), 0) = 0
  AND NOT EXISTS (SELECT 1 FROM sport_bets WHERE uid = b.uid AND bonus_id = b.id AND status = 'open')`;

/**
 * A betting bonus does not linger once spent (decision 0049): while its balance is 0 it stays
 * active only for its open free bets (a void one may still return its stake there); when the last
 * of them settles, the bonus ends in the engine's "closed at zero balance" state — the same end a
 * casino bonus gets when a round spends it (bonuses/end.ts), with its bonus event and
 * `bonus.updated`. Called right after a free bet's settlement batch committed.
 *
 * Safe against races: a new free bet needs balance (0 here, so none can be placed), a bet's row
 * and its debit land in one batch (an open bet is seen with the balance it spent), and
 * endActiveBonus applies only if the balance still holds what was read (0). A bonus with balance
 * left stays active. Never throws: the bet is settled whatever happens here. `deps.db`: the
 * bonus's player's own tables.
 */
export async function closeSpentBettingBonus(deps: MoneyDeps, bonusId: string | null): Promise<boolean> {
  if (!bonusId) return false;
  try {
    const bonus = await deps.db
      .prepare(`SELECT b.id, b.uid, b.type, b.max_cashout FROM player_bonuses b WHERE b.id = ?1 AND ${SPENT_BETTING_BONUS}`)
      .bind(bonusId)
      .first<EndingBonus>();
    return bonus ? await endActiveBonus(deps, bonus, "closed") : false;
  } catch (e) {
    console.error(`sportsbook: closing spent betting bonus ${bonusId} failed`, e instanceof Error ? e.message : e);
    return false;
  }
}

/**
 * The clock's catch-up (player `uid`'s clock, after the bonus sweep: player/clock-run.ts): closes
 * their spent betting bonuses whose close was missed — the Worker stopped between a settlement's
 * batch and closeSpentBettingBonus. Each is re-checked and ended by closeSpentBettingBonus, in the
 * player's own tables, so a run twice closes nothing twice.
 */
export async function closeSpentBettingBonuses(deps: MoneyDeps, opts: { uid: number; limit?: number }): Promise<number> {
  const { uid, limit = 50 } = opts;
  const db = playerTables(deps.env, uid);
  const { results } = await db
    .prepare(`SELECT b.id FROM player_bonuses b WHERE ${SPENT_BETTING_BONUS} AND b.uid = ?2 LIMIT ?1`)
    .bind(limit, uid)
    .all<{ id: string }>();
  let closed = 0;
  for (const r of results) if (await closeSpentBettingBonus({ ...deps, db }, r.id)) closed++;
  return closed;
}
