import { PlatformError } from "../../../core/api/errors";
import { loadContacts, loadUser } from "../account/users";
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

/**
 * The player's row and contacts as account.getInfo reads them: on a cashier page the render's
 * session lookup brought both (account/users.ts accountAlongside), so no round trip of its own.
 */
export async function cashierPlayer(db: D1Database, uid: number): Promise<CashierPlayer> {
  const [user, contacts] = await Promise.all([loadUser(db, uid), loadContacts(db, uid)]);
  if (!user) throw new PlatformError("Authorization", "Sign in to use the cashier");
  return {
    uid: user.uid,
    currency: user.currency,
    country_code: user.country_code,
    first_name: user.first_name,
    last_name: user.last_name,
    birth_date: user.birth_date,
    is_verified: user.is_verified,
    is_on_verification: user.is_on_verification,
    is_kyc_block_enabled: user.is_kyc_block_enabled,
    is_verification_blocked: user.is_verification_blocked,
    email_confirmed: contacts.some((c) => c.type === "email" && c.is_confirmed === 1) ? 1 : 0,
  };
}
