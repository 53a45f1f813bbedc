import { randomHex } from "../core/bytes";
import { moveMoney, type MoneyDeps } from "../wallet/move-money";
import type { BalanceChange } from "../wallet/wallet";
import { publishBonusChange } from "./notify";

/**
 * How an active bonus ends (decision 0039), in one batch with its money: the state change writes
 * a fresh change token, and the wallet operation's guard checks it.
 * - wagered: what the bonus balance holds converts into real money, up to max_cashout; the rest is removed;
 * - cancelled (the player exits), expired (wagering time ran out): the bonus balance is removed;
 * - closed: the bonus balance reached zero; nothing moves.
 * Everything on the bonus balance belongs to the one active bonus of its type. The state change
 * applies only if that balance still holds what was read: a round in between makes it change
 * nothing, and the caller reads again.
 */

export type BonusEnd = "wagered" | "cancelled" | "expired" | "closed";

export interface EndingBonus {
  id: string;
  uid: number;
  type: "casino" | "betting";
  max_cashout: number | null;
}

/** The balance a bonus's money is on. */
export const bonusBalanceKind = (type: EndingBonus["type"]) => (type === "betting" ? "betting_bonus" : "bonus");

/** Answers whether this call ended the bonus (false: it had ended already, or the balance moved). */
export async function endActiveBonus(deps: MoneyDeps, bonus: EndingBonus, end: BonusEnd, now = Date.now()): Promise<boolean> {
  const kind = bonusBalanceKind(bonus.type);
  const held = (await deps.db.prepare("SELECT amount FROM balances WHERE uid = ?1 AND kind = ?2").bind(bonus.uid, kind).first<number>("amount")) ?? 0;
  const paid = end === "wagered" ? Math.min(held, bonus.max_cashout ?? held) : 0;
  const token = randomHex(16);
  const statements = [
    deps.db
      .prepare(
        `UPDATE player_bonuses SET status = ?3, finished_at = ?4, change_token = ?5
         WHERE id = ?1 AND uid = ?2 AND status = 'active' AND COALESCE((SELECT amount FROM balances WHERE uid = ?2 AND kind = ?6), 0) = ?7`,
      )
      .bind(bonus.id, bonus.uid, end, now, token, kind, held),
    deps.db
      .prepare(
        `INSERT INTO bonus_events (bonus_id, uid, event, amount, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5 WHERE EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?1 AND change_token = ?6)`,
      )
      .bind(bonus.id, bonus.uid, end, end === "wagered" ? paid : -held, now, token),
  ];
  const changes: BalanceChange[] = [];
  if (held > 0) changes.push({ kind, delta: -held });
  if (paid > 0) changes.push({ kind: "main", delta: paid });
  if (changes.length === 0) {
    await deps.db.batch(statements);
  } else {
    await moveMoney(deps, { uid: bonus.uid, key: `bonus-${end}:${bonus.id}`, type: "bonus", reference: bonus.id, changes }, statements, {
      sql: "EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?1 AND change_token = ?2)",
      params: [bonus.id, token],
    });
  }
  const after = await deps.db.prepare("SELECT change_token FROM player_bonuses WHERE id = ?1").bind(bonus.id).first<string>("change_token");
  if (after !== token) return false;
  publishBonusChange(deps, bonus.uid, { id: bonus.id, type: bonus.type, status: end });
  return true;
}

/**
 * After a round: the active casino bonus converts once fully wagered, or closes when its balance
 * is spent. Never throws: the round is paid whatever happens here, and the next round (or the
 * scheduled sweep) finishes a conversion this one could not.
 */
export async function settleAfterRound(deps: MoneyDeps, uid: number): Promise<void> {
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const bonus = await deps.db
        .prepare(
          `SELECT b.id, b.uid, b.type, b.max_cashout, b.wagered >= b.wager_required AS done,
             COALESCE((SELECT amount FROM balances WHERE uid = b.uid AND kind = 'bonus'), 0) AS held
           FROM player_bonuses b WHERE b.uid = ?1 AND b.type = 'casino' AND b.status = 'active'`,
        )
        .bind(uid)
        .first<EndingBonus & { done: number; held: number }>();
      if (!bonus) return;
      const end: BonusEnd | null = bonus.done ? "wagered" : bonus.held === 0 ? "closed" : null;
      if (!end || (await endActiveBonus(deps, bonus, end))) return;
    }
  } catch (e) {
    console.error("bonus: settling after a round failed", e instanceof Error ? e.message : e);
  }
}
