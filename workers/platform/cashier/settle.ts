import { accountsOf, grantMarket } from "../bonuses/market";
import type { TransactionStatus } from "../../../core/api/entities-cashier";
import { playerTablesWithPackGames } from "../player/routed-d1";
import { DEPOSIT_CONSUMERS } from "../play/deposit-consumers";
import { consumeAll } from "../play/events";
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
 * only), what a success feeds (play/deposit-consumers.ts), and the credit, which applies whenever the row is then `success` and not yet credited —
 * so this also repairs a success an older, interrupted run left without its credit. Answers the
 * results of `record` and the transaction as it now is (a withdrawal row: as it is, untouched).
 * `deps.db`: the deposit's player's own tables (ctx.player(), playerTables), `record` prepared on them.
 */
export async function applyDepositStatus(
  deps: MoneyDeps,
  row: TransactionRow,
  status: TransactionStatus,
  settleAt: number | null = null,
  record: D1PreparedStatement[] = [],
): Promise<{ recorded: D1Result[]; row: TransactionRow }> {
  if (row.type !== "deposit") return { recorded: [], row };
  // A success may earn a free-spin pack, whose grant joins its game: the packs are in the player's
  // object, so the games come with the batch (the caller's statements are the same player's).
  if (status === "success") deps = { ...deps, db: await playerTablesWithPackGames(deps.env, row.uid, "t.trigger = 'deposit' AND t.is_enabled = 1") };
  const move = moveStatusStatement(deps.db, row, status, status === "pending" ? settleAt : null);
  // A success feeds everything a deposit earns (play/deposit-consumers.ts) in the same transaction as its credit.
  const fed =
    status === "success"
      ? await consumeAll(
          DEPOSIT_CONSUMERS,
          deps.db,
          { row, operationKey: depositKey(row.id), market: await grantMarket(accountsOf(deps), row.uid) },
          Date.now(),
        )
      : null;
  const before = [...record, ...(move ? [move] : [])];
  const { results } = await moveMoneyWith(deps, [...before, ...(fed?.statements ?? [])], depositCredit(deps.db, row));
  await fed?.committed(deps, true, results.slice(before.length));
  return { recorded: results.slice(0, record.length), row: (await findTransaction(deps.db, row.id))! };
}
