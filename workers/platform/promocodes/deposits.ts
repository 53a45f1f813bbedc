import { promoCodeGrants } from "../bonuses/grants";
import type { TransactionRow } from "../cashier/transactions";

/**
 * A promo code entered with a deposit (decision 0044): checked when the deposit starts (with its
 * amount), remembered beside the transaction, and redeemed in the batch that settles it as
 * success — like the deposit's own bonuses (depositGrants). A deposit that fails redeems nothing.
 * `db`: the depositing player's own tables (promo_deposits is theirs). The redemption's row
 * (promo_redemptions, the site's) still rides the settlement's batch: decision 0075's promo split.
 */

export async function rememberDepositPromo(db: D1Database, transactionId: string, code: string): Promise<void> {
  await db.prepare("INSERT OR IGNORE INTO promo_deposits (transaction_id, code) VALUES (?1, ?2)").bind(transactionId, code).run();
}

/** The statements redeeming the deposit's promo code, if it has one (to ride in its settlement batch). */
export async function depositPromoGrants(
  db: D1Database,
  row: TransactionRow,
  now = Date.now(),
): Promise<{ code: string | null; statements: D1PreparedStatement[] }> {
  const code = await db.prepare("SELECT code FROM promo_deposits WHERE transaction_id = ?1").bind(row.id).first<string>("code");
  return { code, statements: code ? promoCodeGrants(db, { uid: row.uid }, code, now, row.id) : [] };
}
