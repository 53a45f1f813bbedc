import { PlatformError } from "../../../core/api/errors";
import type { KycFlags } from "../verification/withdrawal-gate";

/** What the cashier reads of a player: currency, country, verification, a confirmed email and the name. */
export interface CashierPlayer extends KycFlags {
  uid: number;
  currency: string;
  country_code: string;
  email_confirmed: number;
  first_name: string;
  last_name: string;
  birth_date: string | null;
}

export async function cashierPlayer(db: D1Database, uid: number): Promise<CashierPlayer> {
  const row = await db
    .prepare(
      `SELECT u.uid, u.currency, u.country_code, u.first_name, u.last_name, u.birth_date, u.is_verified, u.is_on_verification, u.is_kyc_block_enabled, u.is_verification_blocked,
         EXISTS (SELECT 1 FROM contacts c WHERE c.uid = u.uid AND c.type = 'email' AND c.is_confirmed = 1) AS email_confirmed
       FROM users u WHERE u.uid = ?1`,
    )
    .bind(uid)
    .first<CashierPlayer>();
  if (!row) throw new PlatformError("Authorization", "Sign in to use the cashier");
  return row;
}
