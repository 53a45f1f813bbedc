import { cashoutResetStatements } from "../tournaments/cashout";
import { postBatch } from "../tournaments/board-post";
import type { CashierTransaction, WithdrawSettings } from "../../../core/api/entities-cashier";
import { PlatformError } from "../../../core/api/errors";
import { ownTables, type PlatformContext } from "../core/context";
import { randomHex } from "../core/bytes";
import { moveMoneyWith } from "../wallet/move-money";
import { planOperation, readBalances } from "../wallet/wallet";
import { formatUnits } from "../../../core/money";
import { assertStep, outsideRange, rangeMessage } from "./amounts";
import { methodForCall, methodsFor, publicMethod } from "./methods";
import { missingIdentityFields } from "../account/profile-rules";
import { burnBeforeWithdrawal, refuseWhileBonusActive } from "../bonuses/burn";
import { announceForfeits, forfeitStatements } from "../bonuses/forfeit";
import { cashierPlayer } from "./player";
import { reconcilePlayer } from "./reconcile";
import { expectedPaidSql, holdSql, holdUntilSql, publishedTimes } from "./withdrawal-stages";
import { checkRequisites } from "./requisites";
import { assertKycAllowsWithdrawal } from "../verification/withdrawal-gate";
import { playerJurisdiction } from "../responsible/jurisdiction";
import { withdrawalKey, withdrawalRefund } from "./settle";
import { findTransaction, moveStatusStatement, playerTransaction, toEntity, type TransactionRow } from "./transactions";

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
  /** "1": the player agreed that withdrawing ends their active bonus (decision 0042). */
  burn_bonuses?: "0" | "1";
}

/** cashier.getwithdrawsettings, after reconciling (a due payout leaves the pending list). */
export async function withdrawSettings(call: PlatformContext): Promise<WithdrawSettings> {
  const ctx = ownTables(call);
  await reconcilePlayer(ctx, ctx.uid);
  const player = await cashierPlayer(call.db, ctx.uid);
  const [methods, balances, pending, rules, times] = await Promise.all([
    methodsFor(call, "withdrawal", player.currency),
    readBalances(ctx.db, ctx.uid),
    ctx.db
      .prepare(
        `SELECT t.*, COALESCE(m.name, t.method) AS method_name FROM cashier_transactions t
         LEFT JOIN cashier_methods m ON m.direction = t.type AND m.sysname = t.method
         WHERE t.uid = ?1 AND t.type = 'withdrawal' AND t.status = 'pending' ORDER BY t.created_at DESC`,
      )
      .bind(ctx.uid)
      .all<TransactionRow>(),
    playerJurisdiction(call),
    publishedTimes(call.db, Date.now()),
  ]);
  return {
    currency: player.currency,
    available: balances.main,
    methods: methods.map(publicMethod),
    pending: pending.results.map((row) => toEntity(row, rules.withdrawals.cancellable)),
    payout_times: times,
  };
}

/**
 * The withdrawal and its debit, one batch (decision 0022): the row is inserted `pending` only while
 * the player's last 24 hours leave room — the limit is in the INSERT's own WHERE, so concurrent
 * requests cannot slip under it together — and while no bonus is active (one activated after the
 * burn check must be burnt or kept, never left running beside the withdrawal; decision 0059). The
 * deposit bonuses the withdrawal leaves uncovered are cancelled in it (bonuses/forfeit.ts). The
 * debit (key `withdrawal:<id>`) applies only if that row was inserted. An overdraft fails the
 * batch, row included: the request leaves no trace, holds no slot of the daily limit, cancels no
 * bonus, and is refused for what it is, insufficient funds. Answers the withdrawal, or null when
 * nothing was inserted (the day's limits, an active bonus, or the key used meanwhile).
 */
async function insertWithDebit(
  call: PlatformContext,
  t: { amount: number; currency: string; method: string; requisites: Record<string, string>; key: string; onVerification: boolean },
): Promise<TransactionRow | null> {
  const ctx = ownTables(call);
  const now = Date.now();
  const id = randomHex(16);
  // What it waits for before its approval, from the player's records (withdrawal-stages.ts).
  const hold = holdSql(t.onVerification);
  const insert = ctx.db
    .prepare(
      `INSERT INTO cashier_transactions
         (id, uid, type, status, amount, currency, method, flow, locale, requisites, idempotency_key, settle_at, created_at, updated_at, hold, hold_until)
       SELECT ?1, ?2, 'withdrawal', 'pending', ?3, ?4, ?5, 'redirect', ?6, ?7, ?8, ${expectedPaidSql(hold)}, ?9, ?9, ${hold}, ${holdUntilSql(hold)}
       WHERE (SELECT COUNT(*) FROM cashier_transactions WHERE uid = ?2 AND type = 'withdrawal'
                AND status IN ('new', 'pending', 'success') AND created_at > ?9 - ?10) < ?11
         AND (SELECT COALESCE(SUM(amount), 0) FROM cashier_transactions WHERE uid = ?2 AND type = 'withdrawal'
                AND status IN ('new', 'pending', 'success') AND created_at > ?9 - ?10) + ?3 <= ?12
         AND NOT EXISTS (SELECT 1 FROM player_bonuses WHERE uid = ?2 AND status = 'active')
       ON CONFLICT (uid, idempotency_key) DO NOTHING RETURNING id`,
    )
    .bind(id, ctx.uid, t.amount, t.currency, t.method, ctx.locale, JSON.stringify(t.requisites), t.key, now, DAY_MS, DAILY_COUNT, DAILY_SUM);
  const debit = planOperation(
    ctx.db,
    { uid: ctx.uid, key: withdrawalKey(id), type: "withdrawal", reference: id, changes: [{ kind: "main", delta: -t.amount }] },
    { sql: "EXISTS (SELECT 1 FROM cashier_transactions WHERE id = ?1)", params: [id] },
  );
  // Tournaments with reset_on_cashout (decision 0048) drop the player's points in the same batch.
  const reset = cashoutResetStatements(ctx.db, ctx.uid, id, now);
  // Deposit bonuses whose deposit the withdrawal takes out are cancelled with it (decision 0059).
  const forfeit = forfeitStatements(ctx.db, ctx.uid, id, t.amount, now);
  const { results } = await moveMoneyWith(ctx, [insert, ...reset.statements, ...forfeit], debit);
  if (!results[0]!.results.length) return null;
  postBatch(ctx, reset.batchId);
  announceForfeits(ctx, results[1 + reset.statements.length]);
  return findTransaction(ctx.db, id);
}

/** The player's transaction under this key; `ctx.db`: the player's own tables. */
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
 * confirmed, name or date of birth missing (UserNeedProfileData, params.fields), a KYC-blocked
 * account not verified (any amount; decision 0037), verification above the threshold, the method's
 * min/max, an active bonus not agreed to burn (decision 0042), the daily limits, then the wallet's
 * own (insufficient funds). The amount leaves the main balance at once, with the row.
 */
export async function makeWithdrawal(call: PlatformContext, p: WithdrawalCall): Promise<CashierTransaction> {
  const ctx = ownTables(call);
  // The player's market says whether the answer offers a Cancel (core/jurisdictions.ts).
  const market = playerJurisdiction(call);
  market.catch(() => {}); // awaited only with an answer
  const view = async (row: TransactionRow) => toEntity(row, (await market).withdrawals.cancellable);
  const earlier = await byKey(ctx, p.idempotency_key);
  if (earlier) {
    if (earlier.type !== "withdrawal") throw sameKeyOtherRequest();
    return view(earlier);
  }
  const player = await cashierPlayer(call.db, ctx.uid);
  const { method, rules } = await methodForCall(call, "withdrawal", p.method, player.currency);
  assertStep(p.amount, rules);
  const requisites = await checkRequisites(call.db, method.fields, p.requisites);
  if (!player.email_confirmed) {
    throw new PlatformError("UserNeedConfirmContact", "Confirm your email address before withdrawing", { params: { contact: "email" } });
  }
  const missing = missingIdentityFields(player);
  if (missing.length) {
    throw new PlatformError("UserNeedProfileData", "Fill in your name and date of birth before withdrawing", { params: { fields: missing } });
  }
  assertKycAllowsWithdrawal(player);
  if (p.amount > KYC_THRESHOLD && !player.is_verified) {
    throw new PlatformError("KycWithdrawal", `Verify your account to withdraw more than ${formatUnits(KYC_THRESHOLD)}`, {
      params: { threshold: KYC_THRESHOLD, currency: player.currency },
    });
  }
  if (outsideRange(p.amount, rules)) {
    throw new PlatformError("WithdrawalLimitsExceeded", rangeMessage(rules), { params: { min: rules.min, max: rules.max, currency: player.currency } });
  }
  // Burning a bonus for a withdrawal the day's limits then refuse would cost the player it for nothing.
  if (p.burn_bonuses === "1" && !(await dayLeavesRoom(ctx, p.amount))) throw periodExceeded(player.currency);
  await burnBeforeWithdrawal(ctx, p.amount, p.burn_bonuses === "1");
  const row = await insertWithDebit(call, {
    amount: p.amount,
    currency: player.currency,
    method: method.sysname,
    requisites,
    key: p.idempotency_key,
    onVerification: !player.is_verified && !!player.is_on_verification,
  });
  if (row) return view(row);
  // Nothing inserted: the same key won a race (answer its withdrawal), a bonus was activated after
  // the burn check (the player is asked again, naming it), or the day is full.
  const raced = await byKey(ctx, p.idempotency_key);
  if (raced) {
    if (raced.type !== "withdrawal") throw sameKeyOtherRequest();
    return view(raced);
  }
  await refuseWhileBonusActive(ctx);
  throw periodExceeded(player.currency);
}

function periodExceeded(currency: string): PlatformError {
  return new PlatformError("WithdrawalLimitsPeriodExceeded", `Withdrawals are limited to ${DAILY_COUNT} and ${formatUnits(DAILY_SUM)} a day`, {
    params: { count: DAILY_COUNT, sum: DAILY_SUM, currency, period_hours: 24 },
  });
}

/** Whether the player's last 24 hours leave room for this amount (the INSERT checks it again, atomically). */
async function dayLeavesRoom(ctx: PlatformContext, amount: number): Promise<boolean> {
  const day = await ctx.db
    .prepare(
      `SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM cashier_transactions
       WHERE uid = ?1 AND type = 'withdrawal' AND status IN ('new', 'pending', 'success') AND created_at > ?2`,
    )
    .bind(ctx.uid, Date.now() - DAY_MS)
    .first<{ n: number; total: number }>();
  return !!day && day.n < DAILY_COUNT && day.total + amount <= DAILY_SUM;
}

/**
 * cashier.cancelwithdrawal: pending → cancel (guarded) and the refund in one batch; the refund
 * applies whenever the row is then `cancel` and not yet refunded (key `withdrawal-cancel:<id>`), so
 * concurrent or repeated cancels refund once. Refused under a profile that forbids cancelling
 * (core/jurisdictions.ts `withdrawals.cancellable`).
 */
export async function cancelWithdrawal(call: PlatformContext, transactionId: string): Promise<CashierTransaction> {
  const ctx = ownTables(call);
  await reconcilePlayer(ctx, ctx.uid);
  const [row, rules] = await Promise.all([playerTransaction(ctx.db, ctx.uid, transactionId, "withdrawal"), playerJurisdiction(call)]);
  // Where the market forbids it (UK RTS 14B), a requested withdrawal is not reversed: it is paid or declined.
  if (!rules.withdrawals.cancellable)
    throw new PlatformError("WithdrawalDeclined", `Under the ${rules.regulator}'s rules a requested withdrawal cannot be cancelled`);
  if (row.status === "pending") await moveMoneyWith(ctx, [moveStatusStatement(ctx.db, row, "cancel")!], withdrawalRefund(ctx.db, row));
  const now = (await findTransaction(ctx.db, row.id))!;
  if (now.status === "cancel") return toEntity(now);
  if (now.status === "success") throw new PlatformError("WithdrawalDeclined", "This withdrawal is already paid out and cannot be cancelled");
  throw new PlatformError("WithdrawalDeclined", "This withdrawal cannot be cancelled now");
}
