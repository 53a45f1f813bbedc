import type { CashierTransaction, WithdrawSettings } from "../../../app/lib/api/entities-cashier";
import { isPlatformError, PlatformError } from "../../../app/lib/api/errors";
import type { PlatformContext } from "../core/context";
import { randomHex } from "../core/bytes";
import { moveMoney } from "../wallet/move-money";
import { readBalances } from "../wallet/wallet";
import { formatUnits } from "../../../app/lib/money";
import { assertStep, outsideRange, rangeMessage } from "./amounts";
import { methodForCall, methodsFor, publicMethod } from "./methods";
import { cashierPlayer } from "./player";
import { PAYOUT_DELAY_MS, reconcilePlayer } from "./reconcile";
import { checkRequisites } from "./requisites";
import { refundWithdrawal, withdrawalKey } from "./settle";
import { findTransaction, moveStatus, playerTransaction, toEntity, type TransactionRow } from "./transactions";

/** Above this (minor units, any currency) a withdrawal needs a verified account (KycWithdrawal). */
export const KYC_THRESHOLD = 200_000;
/** Per 24 hours: at most this many withdrawals and this sum (minor units), cancelled ones not counted. */
export const DAILY_COUNT = 3;
export const DAILY_SUM = 1_000_000;
const DAY_MS = 24 * 60 * 60_000;

export interface WithdrawalCall {
  method: string;
  amount: number;
  requisites?: Record<string, string>;
  idempotency_key: string;
}

/** cashier.getwithdrawsettings, after reconciling (a due payout leaves the pending list). */
export async function withdrawSettings(ctx: PlatformContext): Promise<WithdrawSettings> {
  await reconcilePlayer(ctx, ctx.uid);
  const player = await cashierPlayer(ctx.db, ctx.uid);
  const [methods, balances, pending] = await Promise.all([
    methodsFor(ctx, "withdrawal", player.currency),
    readBalances(ctx.db, ctx.uid),
    ctx.db
      .prepare(
        `SELECT t.*, COALESCE(m.name, t.method) AS method_name FROM cashier_transactions t
         LEFT JOIN cashier_methods m ON m.direction = t.type AND m.sysname = t.method
         WHERE t.uid = ?1 AND t.type = 'withdrawal' AND t.status = 'pending' ORDER BY t.created_at DESC`,
      )
      .bind(ctx.uid)
      .all<TransactionRow>(),
  ]);
  return {
    currency: player.currency,
    available: balances.main,
    methods: methods.map(publicMethod),
    pending: pending.results.map(toEntity),
  };
}

/**
 * Creates the withdrawal `new` only while the player's last 24 hours leave room: the limit is in
 * the INSERT's own WHERE, so two concurrent requests cannot both slip under it.
 */
async function insertWithinDailyLimits(ctx: PlatformContext, t: { amount: number; currency: string; method: string; requisites: Record<string, string>; key: string }) {
  const now = Date.now();
  const id = randomHex(16);
  const inserted = await ctx.db
    .prepare(
      `INSERT INTO cashier_transactions
         (id, uid, type, status, amount, currency, method, flow, locale, requisites, idempotency_key, created_at, updated_at)
       SELECT ?1, ?2, 'withdrawal', 'new', ?3, ?4, ?5, 'redirect', ?6, ?7, ?8, ?9, ?9
       WHERE (SELECT COUNT(*) FROM cashier_transactions WHERE uid = ?2 AND type = 'withdrawal'
                AND status IN ('new', 'pending', 'success') AND created_at > ?9 - ?10) < ?11
         AND (SELECT COALESCE(SUM(amount), 0) FROM cashier_transactions WHERE uid = ?2 AND type = 'withdrawal'
                AND status IN ('new', 'pending', 'success') AND created_at > ?9 - ?10) + ?3 <= ?12
       ON CONFLICT (uid, idempotency_key) DO NOTHING RETURNING id`,
    )
    .bind(id, ctx.uid, t.amount, t.currency, t.method, ctx.locale, JSON.stringify(t.requisites), t.key, now, DAY_MS, DAILY_COUNT, DAILY_SUM)
    .first<{ id: string }>();
  return inserted ? findTransaction(ctx.db, id) : null;
}

const byKey = (ctx: PlatformContext, key: string) =>
  ctx.db
    .prepare(
      `SELECT t.*, COALESCE(m.name, t.method) AS method_name FROM cashier_transactions t
       LEFT JOIN cashier_methods m ON m.direction = t.type AND m.sysname = t.method WHERE t.uid = ?1 AND t.idempotency_key = ?2`,
    )
    .bind(ctx.uid, key)
    .first<TransactionRow>();

function sameKeyOtherRequest(): PlatformError {
  return new PlatformError("InvalidParameter", "This idempotency key belongs to another request", {
    fields: { idempotency_key: ["idempotency key reused with different parameters"] },
  });
}

/**
 * cashier.makewithdrawal. Refusals in order: method, amount step and requisites (400), email not
 * confirmed, verification above the threshold, the method's min/max, the daily limits, then the
 * wallet's own (insufficient funds). The amount leaves the main balance at once.
 */
export async function makeWithdrawal(ctx: PlatformContext, p: WithdrawalCall): Promise<CashierTransaction> {
  const earlier = await byKey(ctx, p.idempotency_key);
  if (earlier) {
    if (earlier.type !== "withdrawal") throw sameKeyOtherRequest();
    return completeWithdrawal(ctx, earlier);
  }
  const player = await cashierPlayer(ctx.db, ctx.uid);
  const { method, rules } = await methodForCall(ctx, "withdrawal", p.method, player.currency);
  assertStep(p.amount, rules);
  const requisites = await checkRequisites(ctx.db, method.fields, p.requisites);
  if (!player.email_confirmed) {
    throw new PlatformError("UserNeedConfirmContact", "Confirm your email address before withdrawing", { params: { contact: "email" } });
  }
  if (p.amount > KYC_THRESHOLD && !player.is_verified) {
    throw new PlatformError("KycWithdrawal", `Verify your account to withdraw more than ${formatUnits(KYC_THRESHOLD)}`, {
      params: { threshold: KYC_THRESHOLD, currency: player.currency },
    });
  }
  if (outsideRange(p.amount, rules)) {
    throw new PlatformError("WithdrawalLimitsExceeded", rangeMessage(rules), { params: { min: rules.min, max: rules.max, currency: player.currency } });
  }
  const row = await insertWithinDailyLimits(ctx, { amount: p.amount, currency: player.currency, method: method.sysname, requisites, key: p.idempotency_key });
  if (!row) {
    const raced = await byKey(ctx, p.idempotency_key);
    if (raced) return completeWithdrawal(ctx, raced);
    throw new PlatformError("WithdrawalLimitsPeriodExceeded", `Withdrawals are limited to ${DAILY_COUNT} and ${formatUnits(DAILY_SUM)} a day`, {
      params: { count: DAILY_COUNT, sum: DAILY_SUM, currency: player.currency, period_hours: 24 },
    });
  }
  return completeWithdrawal(ctx, row);
}

/**
 * Debits a `new` withdrawal (key `withdrawal:<id>`) and makes it pending. A repeated request
 * whose first run is still in flight (or was interrupted) runs it too: the wallet key makes the
 * debit happen once, and both answer the same pending withdrawal.
 */
async function completeWithdrawal(ctx: PlatformContext, row: TransactionRow): Promise<CashierTransaction> {
  if (row.status !== "new") return toEntity(row);
  try {
    await moveMoney(ctx, { uid: ctx.uid, key: withdrawalKey(row.id), type: "withdrawal", reference: row.id, changes: [{ kind: "main", delta: -row.amount }] });
  } catch (e) {
    // Declined (funds): nothing moved; the request leaves no trace, so the key may be tried again.
    // Unless a repeat of this request debited meanwhile (the funds arrived): its row must stay.
    if (isPlatformError(e, "BillingTransactionDeclined")) {
      await ctx.db
        .prepare(
          `DELETE FROM cashier_transactions WHERE id = ?1 AND status = 'new'
           AND NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = ?2 AND key = ?3)`,
        )
        .bind(row.id, ctx.uid, withdrawalKey(row.id))
        .run();
    }
    throw e;
  }
  await moveStatus(ctx.db, row, "pending", row.created_at + PAYOUT_DELAY_MS);
  return toEntity((await findTransaction(ctx.db, row.id))!);
}

/**
 * cashier.cancelwithdrawal: pending → cancel (guarded), then the refund with its own key. The
 * refund runs whenever the row is cancelled, so a second cancel (or a concurrent one) is a replay
 * of the same wallet key and credits nothing more.
 */
export async function cancelWithdrawal(ctx: PlatformContext, transactionId: string): Promise<CashierTransaction> {
  await reconcilePlayer(ctx, ctx.uid);
  const row = await playerTransaction(ctx.db, ctx.uid, transactionId, "withdrawal");
  if (row.status === "pending") await moveStatus(ctx.db, row, "cancel");
  const now = (await findTransaction(ctx.db, row.id))!;
  if (now.status === "cancel") {
    await refundWithdrawal(ctx, now);
    return toEntity(now);
  }
  if (now.status === "success") throw new PlatformError("WithdrawalDeclined", "This withdrawal is already paid out and cannot be cancelled");
  throw new PlatformError("WithdrawalDeclined", "This withdrawal cannot be cancelled now");
}
