import type { TransactionRow } from "../cashier/transactions";
import { deliverInbox } from "../player/inbox";
import { promoCodeReservation, promoInboxKey } from "./redeem";

/**
 * A promo code entered with a deposit (decision 0044): checked when the deposit starts (with its
 * amount), remembered beside the transaction (promo_deposits, the player's), and redeemed when the
 * payment system says the deposit succeeded. The use is reserved in D1 before the deposit's
 * settlement batch (decision 0075's promo split: the settlement is the player's, the code's uses
 * the site's), with the grant it owes; the grant is made once the deposit is `success` (delivered
 * right after the settlement, or by the minute cron if the Worker died), and a deposit that ends
 * failed or cancelled gives the use back (player/inbox-receivers.ts).
 */

export async function rememberDepositPromo(db: D1Database, transactionId: string, code: string): Promise<void> {
  await db.prepare("INSERT OR IGNORE INTO promo_deposits (transaction_id, code) VALUES (?1, ?2)").bind(transactionId, code).run();
}

/**
 * Reserves the use of the deposit's promo code, if it has one, before the batch settling it as
 * success: `db` is the depositing player's tables (the code's row is theirs; the reservation's
 * statements name only D1's tables, so they run there). Answers the code (null: none) and, for
 * after that batch, the delivery of its grant — whether this call or an earlier one reserved it.
 */
export async function reserveDepositPromo(
  db: D1Database,
  row: TransactionRow,
  now = Date.now(),
): Promise<{ code: string | null; deliver: (env: Env) => Promise<unknown> }> {
  const typed = await db.prepare("SELECT code FROM promo_deposits WHERE transaction_id = ?1").bind(row.id).first<string>("code");
  if (!typed) return { code: null, deliver: async () => undefined };
  // The code as promo_codes spells it (the reservation's and the grant key's); an unknown one redeems nothing.
  const code = await db.prepare("SELECT code FROM promo_codes WHERE code = ?1").bind(typed).first<string>("code");
  if (!code) return { code: null, deliver: async () => undefined };
  await db.batch(promoCodeReservation(db, { uid: row.uid }, code, now, { id: row.id, amount: row.amount, currency: row.currency }));
  return { code, deliver: (env) => deliverInbox(env, promoInboxKey(code, { uid: row.uid })) };
}
