import type { MoneyDeps } from "../wallet/move-money";
import { providerNamed } from "./providers";
import { applyDepositStatus } from "./settle";
import { findTransaction } from "./transactions";

const DAY_MS = 24 * 60 * 60_000;
/** The demo payout: a pending withdrawal is paid this long after it was requested. */
export const PAYOUT_DELAY_MS = DAY_MS;
/** A deposit still `new` this long after it started may have lost its callback: ask (for a day). */
const LOST_CALLBACK_MS = 60_000;

/**
 * Catches up with the payment systems before a cashier read (getdepositinfo, gethistory,
 * getwithdrawsettings), as a real integration polls its PSP: the player's pending deposits past
 * their settle time, and deposits still `new` a minute after they started (a lost callback), are
 * asked about and settled; pending withdrawals past their payout time are paid. Every step is guarded, so running it twice — or beside a late callback — is harmless.
 */
export async function reconcilePlayer(deps: MoneyDeps & { env: Env }, uid: number, now = Date.now()): Promise<void> {
  const { results: due } = await deps.db
    .prepare(
      `SELECT t.id, m.provider FROM cashier_transactions t
       JOIN cashier_methods m ON m.direction = 'deposit' AND m.sysname = t.method
       WHERE t.uid = ?1 AND t.type = 'deposit' AND (
         (t.status = 'pending' AND t.settle_at <= ?2)
         OR (t.status = 'new' AND t.created_at BETWEEN ?2 - ?4 AND ?2 - ?3))
       ORDER BY t.created_at LIMIT 20`,
    )
    .bind(uid, now, LOST_CALLBACK_MS, DAY_MS)
    .all<{ id: string; provider: string }>();
  for (const { id, provider } of due) {
    const status = await providerNamed(deps.env, provider)?.paymentStatus(deps.env, id);
    if (!status || status === "pending" || status === "new") continue;
    const row = await findTransaction(deps.db, id);
    if (row) await applyDepositStatus(deps, row, status);
  }
  await deps.db
    .prepare(
      `UPDATE cashier_transactions SET status = 'success', updated_at = ?2
       WHERE uid = ?1 AND type = 'withdrawal' AND status = 'pending' AND settle_at <= ?2`,
    )
    .bind(uid, now)
    .run();
}
