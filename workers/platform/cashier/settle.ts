import type { TransactionStatus } from "../../../core/api/entities-cashier";
import { announceGrants, depositGrants, depositPackGrants } from "../bonuses/grants";
import { announceOfferTaken, offerDepositStatements } from "../offers/deposit";
import { announcePromoGrants } from "../promocodes";
import { depositPromoGrants } from "../promocodes/deposits";
import { depositEarningStatements } from "../loyalty/earn";
import { wheelQuestStatements } from "../wheel/quests";
import { announceNotices } from "../loyalty/notices";
import { moveMoneyWith, type MoneyDeps } from "../wallet/move-money";
import { planOperation, type OperationPlan } from "../wallet/wallet";
import { findTransaction, moveStatusStatement, type TransactionRow } from "./transactions";

/** The wallet keys of the cashier: one per transaction, so a repeated settlement moves money once. */
export const depositKey = (id: string) => `deposit:${id}`;
export const withdrawalKey = (id: string) => `withdrawal:${id}`;
export const withdrawalCancelKey = (id: string) => `withdrawal-cancel:${id}`;

/** A wallet guard: the transaction is (by now, inside the batch) in this status. */
const inStatus = (id: string, status: TransactionStatus) => ({
  sql: "EXISTS (SELECT 1 FROM cashier_transactions WHERE id = ?1 AND status = ?2)",
  params: [id, status],
});

/**
 * The credit of a deposit (key `deposit:<id>`), applying only if the deposit is `success` when it
 * runs — in the same batch as the statement that moved it there. A success thus never exists
 * without its credit, and the key makes a second run change nothing (decision 0022).
 */
export function depositCredit(db: D1Database, row: TransactionRow): OperationPlan {
  return planOperation(
    db,
    { uid: row.uid, key: depositKey(row.id), type: "deposit", reference: row.id, changes: [{ kind: "main", delta: row.amount }] },
    inStatus(row.id, "success"),
  );
}

/** A cancelled withdrawal's amount back to the main balance (key `withdrawal-cancel:<id>`), only if it is `cancel`. */
export function withdrawalRefund(db: D1Database, row: TransactionRow): OperationPlan {
  return planOperation(
    db,
    { uid: row.uid, key: withdrawalCancelKey(row.id), type: "withdrawal_cancel", reference: row.id, changes: [{ kind: "main", delta: row.amount }] },
    inStatus(row.id, "cancel"),
  );
}

/**
 * What the payment system said about a deposit (callback or status query), applied in one batch:
 * the caller's `record` statements (the callback's event row), the guarded status move (forward
 * only), the deposit bonuses it earns, and the credit, which applies whenever the row is then `success` and not yet credited —
 * so this also repairs a success an older, interrupted run left without its credit. Answers the
 * results of `record` and the transaction as it now is (a withdrawal row: as it is, untouched).
 */
export async function applyDepositStatus(
  deps: MoneyDeps,
  row: TransactionRow,
  status: TransactionStatus,
  settleAt: number | null = null,
  record: D1PreparedStatement[] = [],
): Promise<{ recorded: D1Result[]; row: TransactionRow }> {
  if (row.type !== "deposit") return { recorded: [], row };
  const move = moveStatusStatement(deps.db, row, status, status === "pending" ? settleAt : null);
  // The deposit bonuses and free-spin packs it earns (decisions 0039, 0041) apply in the same transaction as its credit.
  // The offer it named (decision 0043): recorded taken and its bonus granted in the same batch.
  const grants =
    status === "success" ? [...depositGrants(deps.db, row.id), ...depositPackGrants(deps.db, row.id), ...offerDepositStatements(deps.db, row.id)] : [];
  // The promo code entered with the deposit (decision 0044) is redeemed in the same batch too.
  const promo = status === "success" ? await depositPromoGrants(deps.db, row) : { code: null, statements: [] };
  // The loyalty quests counting deposits (decision 0046) advance in the same batch.
  const now = Date.now();
  const loyalty = status === "success" ? depositEarningStatements(deps.db, row.uid, row.id, now) : [];
  // And the wheel's quests counting deposits (decision 0047): only while the credit (later in this batch) is not yet written.
  const wheel =
    status === "success"
      ? wheelQuestStatements(deps.db, { uid: row.uid, operationKey: depositKey(row.id), kind: "deposits", ref: row.id, wagered: 0, bonusId: null }, now)
      : [];
  const { results } = await moveMoneyWith(
    deps,
    [...record, ...(move ? [move] : []), ...grants, ...promo.statements, ...loyalty, ...wheel],
    depositCredit(deps.db, row),
  );
  if (loyalty.length) announceNotices(deps, row.uid, now);
  if (grants.length && (results[record.length + (move ? 1 : 0)]?.meta.changes ?? 0) > 0) {
    await announceGrants(deps, row.id);
    await announceOfferTaken(deps, row.id);
  }
  if (promo.code) await announcePromoGrants(deps, row.uid, promo.code);
  return { recorded: results.slice(0, record.length), row: (await findTransaction(deps.db, row.id))! };
}
