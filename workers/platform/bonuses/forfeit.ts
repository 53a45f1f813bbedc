import { PlatformError } from "../../../core/api/errors";
import type { MoneyDeps } from "../wallet/move-money";
import { publishBonusChange } from "./notify";

/**
 * Deposit bonuses for money already withdrawn (issue 35, decision 0059). A bonus granted for a
 * deposit and not yet activated is an offer on that money: taking the money out must not leave it
 * activatable (deposit 50.00, withdraw 50.00, activate: 50.00 bonus on an empty balance).
 *
 * The withdrawal's batch cancels them, after inserting its row and before its debit: the main
 * balance after the withdrawal (what it holds now, less the amount — the debit applies in full or
 * the batch fails) covers the deposits of the available deposit bonuses oldest deposit first; the
 * bonuses of every deposit it no longer covers in full are cancelled (`end_reason`
 * 'deposit_withdrawn'). So withdrawing 30.00 of a 50.00 deposit cancels its bonus (20.00 left),
 * while withdrawing winnings above the deposit keeps it. Statuses only move forward: a cancelled
 * withdrawal refunds the money, not the bonus. Nothing moves on any balance (the bonus had none).
 */

export const DEPOSIT_WITHDRAWN = "deposit_withdrawn";

/**
 * The statements, for the batch of withdrawal `withdrawalId` of `amount` by player `uid`: they apply
 * only if that withdrawal's row exists by then (the batch's INSERT passed). The first answers the
 * cancelled bonuses (id, uid, type).
 */
export function forfeitStatements(db: D1Database, uid: number, withdrawalId: string, amount: number, now: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE player_bonuses SET status = 'cancelled', finished_at = ?4, end_reason = '${DEPOSIT_WITHDRAWN}'
         WHERE uid = ?1 AND status = 'available' AND EXISTS (SELECT 1 FROM cashier_transactions WHERE id = ?2)
           AND deposit_id IN (
             SELECT deposit_id FROM (
               SELECT deposit_id, SUM(deposit_amount) OVER (ORDER BY granted_at, deposit_id) AS covered
               FROM (SELECT deposit_id, MAX(deposit_amount) AS deposit_amount, MIN(created_at) AS granted_at FROM player_bonuses
                     WHERE uid = ?1 AND status = 'available' AND deposit_id IS NOT NULL GROUP BY deposit_id))
             WHERE covered > COALESCE((SELECT amount FROM balances WHERE uid = ?1 AND kind = 'main'), 0) - ?3)
         RETURNING id, uid, type`,
      )
      .bind(uid, withdrawalId, amount, now),
    db
      .prepare(
        `INSERT INTO bonus_events (bonus_id, uid, event, amount, created_at)
         SELECT b.id, b.uid, 'cancelled', 0, ?2 FROM player_bonuses b
         WHERE b.uid = ?1 AND b.status = 'cancelled' AND b.end_reason = '${DEPOSIT_WITHDRAWN}' AND b.finished_at = ?2
           AND NOT EXISTS (SELECT 1 FROM bonus_events e WHERE e.bonus_id = b.id AND e.event = 'cancelled')`,
      )
      .bind(uid, now),
  ];
}

/** `bonus.updated` for each bonus the committed batch cancelled (the first statement's rows). */
export function announceForfeits(deps: MoneyDeps, cancelled: D1Result | undefined): void {
  for (const b of (cancelled?.results ?? []) as { id: string; uid: number; type: "casino" | "betting" }[]) {
    publishBonusChange(deps, b.uid, { id: b.id, type: b.type, status: "cancelled" });
  }
}

/** bonuses.activate of a bonus cancelled this way: the player is told why, not "no such bonus". */
export function depositWithdrawnError(): PlatformError {
  const message = "This bonus was cancelled: the deposit it was granted for has been withdrawn";
  return new PlatformError("InvalidParameter", message, { fields: { bonus_id: [message] }, params: { reason: DEPOSIT_WITHDRAWN } });
}
