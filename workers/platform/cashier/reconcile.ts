import { moveMoneyWith, type MoneyDeps } from "../wallet/move-money";
import { LOST_CALLBACK_MS } from "../player/clocks";
import { playerTables } from "../player/routed-d1";
import { providerNamed } from "../providers/payments-registry";
import { applyDepositStatus, depositKey, withdrawalCancelKey, withdrawalKey, withdrawalRefund } from "./settle";
import { findTransaction, type TransactionRow } from "./transactions";
import { approvedKey, CHECKS_MS, NEXT_STAGE_SQL, PAYOUT_DELAY_MS, PSP_MS, recordApproval, SEND_MS, stageStatements } from "./withdrawal-stages";
import { deliverEach } from "../player/outbox";

export { PAYOUT_DELAY_MS };
const DAY_MS = 24 * 60 * 60_000;

type Due = { id: string; type: "deposit" | "withdrawal"; status: string; provider: string | null };

/**
 * An open deposit's payment system is asked for its word, and a final one (success, fail, cancel)
 * is applied. Answers whether the deposit left its open status.
 */
async function askPaymentSystem(deps: MoneyDeps & { env: Env }, row: TransactionRow, provider: string | null): Promise<boolean> {
  const status = provider ? await providerNamed(deps.env, provider)?.paymentStatus(deps.env, row.id) : null;
  if (!status || status === "pending" || status === "new") return false;
  return (await applyDepositStatus(deps, row, status)).row.status !== row.status;
}

/**
 * Catches up with the payment systems before a cashier read (getdepositinfo, gethistory,
 * getwithdrawsettings, cancelwithdrawal), as a real integration polls its PSP: the player's
 * pending deposits past their settle time, and deposits still `new` a minute after they started (a
 * lost callback), are asked about and settled; pending withdrawals move on through their stages
 * (withdrawal-stages.ts: approved, sent, paid).
 *
 * It also repairs what an interrupted older run could leave (decision 0022): a `success` deposit
 * without its `deposit:<id>` credit is credited, a `cancel` withdrawal without its refund is
 * refunded, and a withdrawal left `new` becomes pending if its debit happened, or is dropped if not
 * (today a withdrawal is created pending together with its debit). Every step is guarded and
 * keyed, so running it twice — or beside a late callback — is harmless.
 *
 * `deps.db` is player `uid`'s own tables (decision 0075): `ctx.player()` for the signed-in
 * player, `playerTables(env, uid)` elsewhere.
 */
export async function reconcilePlayer(deps: MoneyDeps & { env: Env }, uid: number, now = Date.now()): Promise<void> {
  const [{ results: due }, withdrawals] = (await deps.db.batch([
    deps.db
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
      .bind(uid, now, LOST_CALLBACK_MS, DAY_MS, depositKey(""), withdrawalCancelKey("")),
    dueWithdrawals(deps.db, uid, now),
  ])) as [D1Result<Due>, D1Result<DueWithdrawal>];
  for (const t of due) {
    const row = await findTransaction(deps.db, t.id);
    if (!row) continue;
    if (t.type === "withdrawal") {
      await moveMoneyWith(deps, [], withdrawalRefund(deps.db, row));
    } else if (t.status === "success") {
      await applyDepositStatus(deps, row, "success");
    } else {
      await askPaymentSystem(deps, row, t.provider);
    }
  }
  await advanceWithdrawals(deps, uid, now, withdrawals.results);
}

type DueWithdrawal = Pick<TransactionRow, "status" | "hold" | "hold_until" | "approved_at">;

/**
 * Whether the withdrawals' steps have anything to do: most cashier reads find nothing, and then
 * write nothing (issue 39: every cashier page view wrote the steps' batch).
 */
const dueWithdrawals = (db: D1Database, uid: number, now: number) =>
  db
    .prepare(
      `SELECT status, hold, hold_until, approved_at FROM cashier_transactions WHERE uid = ?1 AND type = 'withdrawal'
         AND (status = 'new' OR (status = 'pending' AND ${NEXT_STAGE_SQL} <= ?2)) LIMIT 20`,
    )
    .bind(uid, now);

/**
 * The player's withdrawals at `now` (`deps.db`: their tables): one left `new` by older code is
 * repaired, the pending ones move on through their stages (withdrawal-stages.ts), and the approvals
 * this made are delivered to the site's record. From a cashier read (with what it found due) and
 * from the player's clock, so a withdrawal is approved and paid on time whether or not the player
 * comes back to look.
 */
export async function advanceWithdrawals(deps: MoneyDeps & { env: Env }, uid: number, now: number, due?: DueWithdrawal[]): Promise<void> {
  const found = due ?? (await dueWithdrawals(deps.db, uid, now).all<DueWithdrawal>()).results;
  if (found.length === 0) return;
  const asking = found.some((w) => w.status === "pending" && w.hold === "verification" && w.hold_until === null && w.approved_at === null);
  const before = [
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
    // A withdrawal waiting for the verification: its hold ends now if the identity is verified, else it asks again later.
    ...(asking ? [await verificationStep(deps, uid, now)] : []),
  ];
  const results = await deps.db.batch([...before, ...stageStatements(deps.db, uid, now)]);
  // stageStatements' first statement answers the withdrawals it approved.
  await deliverApprovals(
    deps,
    uid,
    ((results[before.length]?.results ?? []) as { id: string }[]).map((r) => r.id),
  );
}

/**
 * The step of the withdrawals waiting for the player's verification (their tables): D1's `users`
 * says whether the identity is verified now; if so their hold ends at `now` (the approval follows
 * in the same batch, once the checks are over too), if not they ask again VERIFY_POLL_MS later.
 */
async function verificationStep(deps: MoneyDeps & { env: Env }, uid: number, now: number): Promise<D1PreparedStatement> {
  const verified = await deps.env.DB.prepare("SELECT is_verified FROM users WHERE uid = ?1").bind(uid).first<number>("is_verified");
  const waiting = "uid = ?1 AND type = 'withdrawal' AND status = 'pending' AND hold = 'verification' AND hold_until IS NULL AND approved_at IS NULL";
  return verified
    ? deps.db
        .prepare(`UPDATE cashier_transactions SET hold_until = ?2, settle_at = MAX(?2, created_at + ?3) + ?4 WHERE ${waiting}`)
        .bind(uid, now, CHECKS_MS, SEND_MS + PSP_MS)
    : deps.db.prepare(`UPDATE cashier_transactions SET polled_at = ?2 WHERE ${waiting}`).bind(uid, now);
}

/**
 * After the batch committed: the approvals it made (`ids`) owed the site's record, delivered at once
 * (a failure is left to the object's alarm, which retries), so the published times include them.
 */
function deliverApprovals(deps: MoneyDeps & { env: Env }, uid: number, ids: string[]): Promise<void> {
  return deliverEach(deps.db, ids.map(approvedKey), (body) => recordApproval(deps.env, uid, body), "cashier: a withdrawal's approval");
}

/** The open deposits the clock asks about per run at most: the cron runs every minute, so a backlog drains in steps. */
export const CLOCK_BATCH = 25;

/** Which open deposits are due to be asked about at `now` (SQL on `t`; ?1 now, ?2 LOST_CALLBACK_MS, ?3 DAY_MS). */
const DUE_DEPOSIT = `t.type = 'deposit' AND t.status IN ('new', 'pending')
  AND ((t.status = 'pending' AND t.settle_at <= ?1) OR (t.status = 'new' AND t.created_at BETWEEN ?1 - ?3 AND ?1 - ?2))`;

/**
 * The same reconciliation from the clock (`scheduled()`, issue 35): a deposit whose callback was
 * lost is credited even if its player never opens the cashier again. Player `uid`'s due deposits —
 * pending past their settle time, or `new` a minute to a day after they started — at most
 * CLOCK_BATCH a run, the least recently asked first (`polled_at`, stamped as they are picked), so
 * abandoned payments still asked about for their day cannot keep newer ones waiting. Settling is
 * the guarded, keyed batch of every other path: a repeated run, or one beside a late callback or a
 * cashier read, credits nothing twice. Answers how many were settled by this run.
 * Read and settled in the player's own tables (their clock, player/clock-run.ts).
 */
export async function reconcileDueDeposits(deps: MoneyDeps & { env: Env }, now: number, uid: number): Promise<number> {
  const db = playerTables(deps.env, uid);
  const { results: picked } = await db
    .prepare(
      `UPDATE cashier_transactions SET polled_at = ?1
       WHERE id IN (SELECT t.id FROM cashier_transactions t WHERE ${DUE_DEPOSIT} AND t.uid = ?5 ORDER BY t.polled_at LIMIT ?4)
       RETURNING id, uid, method`,
    )
    .bind(now, LOST_CALLBACK_MS, DAY_MS, CLOCK_BATCH, uid)
    .all<{ id: string; uid: number; method: string }>();
  if (!picked.length) return 0;
  const { results: methods } = await deps.db
    .prepare("SELECT sysname, provider FROM cashier_methods WHERE direction = 'deposit'")
    .all<{ sysname: string; provider: string }>();
  const providerOf = new Map(methods.map((m) => [m.sysname, m.provider]));
  let settled = 0;
  for (const t of picked) {
    const own = { ...deps, db: playerTables(deps.env, t.uid) };
    const row = await findTransaction(own.db, t.id);
    if (row && (await askPaymentSystem(own, row, providerOf.get(t.method) ?? null))) settled++;
  }
  return settled;
}
