import { playerDb } from "./player-db";

/** Shared by the responsible-*.test.ts files: deposits and time moved straight in the player's tables. */

let counter = 0;

/** A deposit transaction of the player, as the cashier stores it (status counts toward limits unless fail/cancel). */
export async function insertDeposit(uid: number, amount: number, { status = "success", at = Date.now() } = {}): Promise<void> {
  const id = (Date.now().toString(16) + (++counter).toString(16).padStart(6, "0")).padEnd(32, "a").slice(0, 32);
  await playerDb(uid)
    .prepare(
      `INSERT INTO cashier_transactions (id, uid, type, status, amount, currency, method, flow, locale, idempotency_key, created_at, updated_at)
     VALUES (?1, ?2, 'deposit', ?3, ?4, 'USD', 'demo_card', 'redirect', 'en', ?1, ?5, ?5)`,
    )
    .bind(id, uid, status, amount, at)
    .run();
}

/** Moves the limit's times `ms` into the past, as if that much time had gone by. */
export async function ageLimit(uid: number, ms: number): Promise<void> {
  await playerDb(uid)
    .prepare(`UPDATE deposit_limits SET anchor_at = anchor_at - ?2, pending_effective_at = pending_effective_at - ?2 WHERE uid = ?1`)
    .bind(uid, ms)
    .run();
}
