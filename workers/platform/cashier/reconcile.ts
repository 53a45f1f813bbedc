import { moveMoneyWith, type MoneyDeps } from "../wallet/move-money";
import { providerNamed } from "./providers";
import { applyDepositStatus, depositKey, withdrawalCancelKey, withdrawalKey, withdrawalRefund } from "./settle";
import { findTransaction } from "./transactions";

const DAY_MS = 24 * 60 * 60_000;
/** The demo payout: a pending withdrawal is paid this long after it was requested. */
export const PAYOUT_DELAY_MS = DAY_MS;
/** A deposit still `new` this long after it started may have lost its callback: ask (for a day). */
const LOST_CALLBACK_MS = 60_000;

type Due = { id: string; type: "deposit" | "withdrawal"; status: string; provider: string | null };

/**
 * Catches up with the payment systems before a cashier read (getdepositinfo, gethistory,
 * getwithdrawsettings, cancelwithdrawal), as a real integration polls its PSP: the player's
 * pending deposits past their settle time, and deposits still `new` a minute after they started (a
 * lost callback), are asked about and settled; pending withdrawals past their payout time are paid.
 *
 * It also repairs what an interrupted older run could leave (decision 0022): a `success` deposit
 * without its `deposit:<id>` credit is credited, a `cancel` withdrawal without its refund is
 * refunded, and a withdrawal left `new` becomes pending if its debit happened, or is dropped if not
 * (today a withdrawal is created pending together with its debit). Every step is guarded and
 * keyed, so running it twice — or beside a late callback — is harmless.
 */
export async function reconcilePlayer(deps: MoneyDeps & { env: Env }, uid: number, now = Date.now()): Promise<void> {
  const { results: due } = await deps.db
    .prepare(
      `SELECT t.id, t.type, t.status, m.provider FROM cashier_transactions t
       LEFT JOIN cashier_methods m ON m.direction = t.type AND m.sysname = t.method
       WHERE t.uid = ?1 AND (
         (t.type = 'deposit' AND t.status = 'pending' AND t.settle_at <= ?2)
         OR (t.type = 'deposit' AND t.status = 'new' AND t.created_at BETWEEN ?2 - ?4 AND ?2 - ?3)
         OR (t.type = 'deposit' AND t.status = 'success'
             AND NOT EXISTS (SELECT 1 FROM wallet_operations w WHERE w.uid = t.uid AND w.key = ?5 || t.id))
         OR (t.type = 'withdrawal' AND t.status = 'cancel'
             AND NOT EXISTS (SELECT 1 FROM wallet_operations w WHERE w.uid = t.uid AND w.key = ?6 || t.id)))
       ORDER BY t.created_at LIMIT 20`,
    )
    .bind(uid, now, LOST_CALLBACK_MS, DAY_MS, depositKey(""), withdrawalCancelKey(""))
    .all<Due>();
  for (const t of due) {
    const row = await findTransaction(deps.db, t.id);
    if (!row) continue;
    if (t.type === "withdrawal") {
      await moveMoneyWith(deps, [], withdrawalRefund(deps.db, row));
    } else if (t.status === "success") {
      await applyDepositStatus(deps, row, "success");
    } else {
      const status = t.provider ? await providerNamed(deps.env, t.provider)?.paymentStatus(deps.env, t.id) : null;
      if (status && status !== "pending" && status !== "new") await applyDepositStatus(deps, row, status);
    }
  }
  await deps.db.batch([
    // A withdrawal left `new` by an older run: pending if its debit happened, dropped (it moved
    // nothing) if not, once no run of that older code can still be completing it.
    deps.db
      .prepare(
        `UPDATE cashier_transactions SET status = 'pending', settle_at = created_at + ?3, updated_at = ?2
         WHERE uid = ?1 AND type = 'withdrawal' AND status = 'new'
           AND EXISTS (SELECT 1 FROM wallet_operations w WHERE w.uid = ?1 AND w.key = ?4 || cashier_transactions.id)`,
      )
      .bind(uid, now, PAYOUT_DELAY_MS, withdrawalKey("")),
    deps.db
      .prepare(
        `DELETE FROM cashier_transactions WHERE uid = ?1 AND type = 'withdrawal' AND status = 'new' AND created_at < ?2 - ?3
           AND NOT EXISTS (SELECT 1 FROM wallet_operations w WHERE w.uid = ?1 AND w.key = ?4 || cashier_transactions.id)`,
      )
      .bind(uid, now, LOST_CALLBACK_MS, withdrawalKey("")),
    // The demo payout. No money moves: the amount left the balance when the withdrawal was made.
    deps.db
      .prepare(
        `UPDATE cashier_transactions SET status = 'success', updated_at = ?2
         WHERE uid = ?1 AND type = 'withdrawal' AND status = 'pending' AND settle_at <= ?2`,
      )
      .bind(uid, now),
  ]);
}
