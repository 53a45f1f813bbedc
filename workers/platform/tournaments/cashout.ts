import { owedEntries } from "./entries";
import { RUNNING } from "./scoring";

/**
 * Reset on cashout (decision 0048): a withdrawal's own batch (the row and its debit) also sets the
 * player's points to 0 in every active tournament with reset_on_cashout — a ledger row −points
 * (key cashout:<transaction id>), and the entry it owes the record (delivered to the board), so
 * Σ ledger = entry still holds. The
 * statements apply only while the withdrawal row exists in that batch (an insert refused by the
 * day's limits, or a declined debit, resets nothing). reached_at stays: 0 points have no rank.
 */
export function cashoutResetStatements(
  db: D1Database,
  uid: number,
  transactionId: string,
  now = Date.now(),
): { statements: D1PreparedStatement[]; batchId: string } {
  const batchId = crypto.randomUUID();
  // In the player's object (decision 0075): the points are its own ledger's sums; the entries
  // follow by delivery (tournaments/entries.ts).
  return {
    batchId,
    statements: [
      db
        .prepare(
          `INSERT INTO tournament_points (tournament_id, uid, key, reason, delta, created_at, batch_id)
           SELECT p.tournament_id, p.uid, 'cashout:' || ?2, 'cashout', -SUM(p.delta), ?3, ?4
           FROM tournament_points p JOIN tournaments t ON t.id = p.tournament_id
           WHERE p.uid = ?1 AND t.reset_on_cashout = 1 AND ${RUNNING("t", "?3")}
             AND EXISTS (SELECT 1 FROM cashier_transactions x WHERE x.id = ?2 AND x.uid = ?1 AND x.type = 'withdrawal')
           GROUP BY p.tournament_id, p.uid HAVING SUM(p.delta) > 0
           ON CONFLICT (tournament_id, uid, key) DO NOTHING`,
        )
        .bind(uid, transactionId, now, batchId),
      owedEntries(db, uid, batchId, now),
    ],
  };
}
