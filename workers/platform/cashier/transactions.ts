import type { CashierTransaction, PaymentFlow, TransactionStatus } from "../../../core/api/entities-cashier";
import { PlatformError } from "../../../core/api/errors";
import { randomHex } from "../core/bytes";
import { type StageColumns, trackerOf } from "./withdrawal-stages";

/**
 * Cashier transactions (table cashier_transactions). Statuses only move forward, and every move is
 * one guarded UPDATE (`… WHERE status IN (allowed sources)`): of two concurrent moves, one changes
 * the row and the other changes nothing, so a caller knows whether it made the move.
 */

export type TransactionType = "deposit" | "withdrawal";

export interface TransactionRow extends StageColumns {
  id: string;
  uid: number;
  type: TransactionType;
  status: TransactionStatus;
  amount: number;
  currency: string;
  method: string;
  method_name: string;
  flow: PaymentFlow;
  locale: string;
  requisites: string;
  idempotency_key: string;
  updated_at: number;
}

/** Which statuses each status may be reached from (decision 0011). */
const SOURCES: Record<TransactionType, Partial<Record<TransactionStatus, TransactionStatus[]>>> = {
  deposit: { pending: ["new"], success: ["new", "pending"], fail: ["new", "pending"], cancel: ["new"] },
  withdrawal: { pending: ["new"], success: ["pending"], cancel: ["pending"] },
};

const SELECT = `SELECT t.*, COALESCE(m.name, t.method) AS method_name FROM cashier_transactions t
  LEFT JOIN cashier_methods m ON m.direction = t.type AND m.sysname = t.method`;

/** `cancellable`: whether the player's market lets a requested withdrawal be cancelled (core/jurisdictions.ts). */
export function toEntity(row: TransactionRow, cancellable = true): CashierTransaction {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    amount: { amount: row.amount, currency: row.currency },
    method: row.method,
    method_name: row.method_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    // A withdrawal sent to the payment system is on its way: it is paid, not taken back.
    can_cancel: cancellable && row.type === "withdrawal" && row.status === "pending" && row.sent_at === null,
    tracker: trackerOf(row),
  };
}

export interface NewTransaction {
  uid: number;
  type: TransactionType;
  amount: number;
  currency: string;
  method: string;
  flow: PaymentFlow;
  locale: string;
  requisites: Record<string, string>;
  idempotencyKey: string;
  /** The campaign offer a deposit names (decision 0043): its bonus is granted when it settles. */
  campaignOfferId?: number | null;
}

/**
 * Creates a transaction in status `new`, or — for an idempotency key the player used before —
 * answers the first one (`created: false`), whatever this call asked.
 */
export async function insertTransaction(db: D1Database, t: NewTransaction): Promise<{ row: TransactionRow; created: boolean }> {
  const id = randomHex(16);
  const now = Date.now();
  // The site's note of the deposit's player first (a callback finds the player by it: transactionOwner).
  if (t.type === "deposit") {
    await db.prepare("INSERT INTO cashier_transaction_owners (id, uid, created_at) VALUES (?1, ?2, ?3)").bind(id, t.uid, now).run();
  }
  const inserted = await db
    .prepare(
      `INSERT INTO cashier_transactions
         (id, uid, type, status, amount, currency, method, flow, locale, requisites, idempotency_key, created_at, updated_at, campaign_offer_id)
       VALUES (?1, ?2, ?3, 'new', ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12)
       ON CONFLICT (uid, idempotency_key) DO NOTHING RETURNING id`,
    )
    .bind(id, t.uid, t.type, t.amount, t.currency, t.method, t.flow, t.locale, JSON.stringify(t.requisites), t.idempotencyKey, now, t.campaignOfferId ?? null)
    .first<{ id: string }>();
  const row = inserted
    ? await findTransaction(db, id)
    : await db.prepare(`${SELECT} WHERE t.uid = ?1 AND t.idempotency_key = ?2`).bind(t.uid, t.idempotencyKey).first<TransactionRow>();
  return { row: row!, created: Boolean(inserted) };
}

export const findTransaction = (db: D1Database, id: string) => db.prepare(`${SELECT} WHERE t.id = ?1`).bind(id).first<TransactionRow>();

/** The player a deposit belongs to, from the site's note (D1), whichever player's tables hold it; null: unknown. */
export const transactionOwner = (db: D1Database, id: string) =>
  db.prepare("SELECT uid FROM cashier_transaction_owners WHERE id = ?1").bind(id).first<number>("uid");

/** The player's own transaction, else 404: another player's id answers exactly like an unknown one. */
export async function playerTransaction(db: D1Database, uid: number, id: string, type?: TransactionType): Promise<TransactionRow> {
  const row = await findTransaction(db, id);
  if (!row || row.uid !== uid || (type && row.type !== type)) {
    throw new PlatformError("InvalidParameter", "No such transaction", { status: 404, fields: { transaction_id: ["No such transaction"] } });
  }
  return row;
}

/**
 * The guarded UPDATE that moves a transaction to `status` if it is in one of the allowed source
 * statuses (a withdrawal is cancelled only before it is sent) (`settleAt` stored with it when given), for a batch of the caller's; null if nothing
 * may reach `status`.
 */
export function moveStatusStatement(
  db: D1Database,
  row: Pick<TransactionRow, "id" | "type">,
  status: TransactionStatus,
  settleAt?: number | null,
): D1PreparedStatement | null {
  const sources = SOURCES[row.type][status];
  if (!sources) return null;
  return db
    .prepare(
      `UPDATE cashier_transactions SET status = ?2, updated_at = ?3, settle_at = COALESCE(?4, settle_at)
       WHERE id = ?1 AND status IN (SELECT value FROM json_each(?5)) AND (?2 <> 'cancel' OR sent_at IS NULL) RETURNING id`,
    )
    .bind(row.id, status, Date.now(), settleAt ?? null, JSON.stringify(sources));
}

/** A page of the player's transactions, newest first, and the total matching. */
export async function historyPage(
  db: D1Database,
  uid: number,
  { offset, count, type }: { offset: number; count: number; type?: TransactionType },
): Promise<{ items: TransactionRow[]; count: number }> {
  const filter = type ? "AND t.type = ?2" : "AND ?2 IS NULL";
  const [page, total] = await db.batch([
    db.prepare(`${SELECT} WHERE t.uid = ?1 ${filter} ORDER BY t.created_at DESC, t.id LIMIT ?3 OFFSET ?4`).bind(uid, type ?? null, count, offset),
    db.prepare(`SELECT COUNT(*) AS n FROM cashier_transactions t WHERE t.uid = ?1 ${filter}`).bind(uid, type ?? null),
  ]);
  return { items: page!.results as TransactionRow[], count: (total!.results[0] as { n: number }).n };
}
