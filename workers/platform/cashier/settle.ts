import type { TransactionStatus } from "../../../app/lib/api/entities-cashier";
import { moveMoney, type MoneyDeps } from "../wallet/move-money";
import { findTransaction, moveStatus, type TransactionRow } from "./transactions";

/** The wallet keys of the cashier: one per transaction, so a repeated settlement moves money once. */
export const depositKey = (id: string) => `deposit:${id}`;
export const withdrawalKey = (id: string) => `withdrawal:${id}`;
export const withdrawalCancelKey = (id: string) => `withdrawal-cancel:${id}`;

/**
 * What the payment system said about a deposit (callback or status query), applied once:
 * the status moves forward only (a guarded UPDATE), and a successful deposit is credited with
 * the key `deposit:<id>`. The credit runs whenever the row is `success` — not only for the call
 * that moved it — so a repeated callback after an interrupted one completes the credit, and the
 * wallet's key makes every further run a replay. Answers the transaction as it now is.
 */
export async function applyDepositStatus(
  deps: MoneyDeps,
  row: TransactionRow,
  status: TransactionStatus,
  settleAt: number | null = null,
): Promise<TransactionRow> {
  if (row.type !== "deposit") return row;
  await moveStatus(deps.db, row, status, status === "pending" ? settleAt : null);
  const now = (await findTransaction(deps.db, row.id))!;
  if (now.status === "success") {
    await moveMoney(deps, {
      uid: now.uid,
      key: depositKey(now.id),
      type: "deposit",
      reference: now.id,
      changes: [{ kind: "main", delta: now.amount }],
    });
  }
  return now;
}

/** Returns a cancelled withdrawal's amount to the main balance, once (key `withdrawal-cancel:<id>`). */
export async function refundWithdrawal(deps: MoneyDeps, row: TransactionRow): Promise<void> {
  await moveMoney(deps, {
    uid: row.uid,
    key: withdrawalCancelKey(row.id),
    type: "withdrawal_cancel",
    reference: row.id,
    changes: [{ kind: "main", delta: row.amount }],
  });
}
