import type { Money } from "../../../core/api/entities";
import { REAL_MONEY_KINDS } from "../wallet/wallet";

/**
 * Real money a player staked and won since a moment, from the wallet ledger (decision 0010):
 * `bet` rows are debits (negative deltas), `win` rows credits, on the real-money balances only —
 * demo play on the fun balance is not money. A refunded bet counts as not staked.
 */
export async function playSince(db: D1Database, uid: number, sinceMs: number, currency: string) {
  const kinds = JSON.stringify(REAL_MONEY_KINDS);
  const row = await db
    .prepare(
      `SELECT
         COALESCE(SUM(CASE WHEN type = 'bet' THEN -delta WHEN type = 'refund' THEN -delta ELSE 0 END), 0) AS wagered,
         COALESCE(SUM(CASE WHEN type = 'win' THEN delta ELSE 0 END), 0) AS won
       FROM ledger
       WHERE uid = ?1 AND created_at >= ?2 AND type IN ('bet', 'win', 'refund') AND kind IN (SELECT value FROM json_each(?3))`,
    )
    .bind(uid, sinceMs, kinds)
    .first<{ wagered: number; won: number }>();
  const money = (amount: number): Money => ({ amount, currency });
  const wagered = Math.max(0, row?.wagered ?? 0);
  const won = row?.won ?? 0;
  return { wagered: money(wagered), won: money(won), net: money(won - wagered) };
}
