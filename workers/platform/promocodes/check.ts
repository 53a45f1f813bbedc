import type { PromoCodeError } from "../../../core/api/contract-promocodes";
import { assertNotWaiting, recordAttempt, tooManyRequests, type ThrottleKey } from "../core/throttle";
import { PROMO_ACCOUNT_POLICY, PROMO_ADDRESS_POLICY } from "../core/throttle-limits";
import { loadPromoCode, promoCodeError, promoCodeProblem, type PromoCodeRow, type PromoContext, type Redeemer } from "./rules";

/**
 * Every way a typed promo code is looked at (campaigns.checkPromocode, campaigns.activateOffer, a
 * deposit's and a registration's code) goes through here, under the throttle (decision 0061): a
 * code that does not exist (INVALID) counts against the player's account and the client address;
 * while either waits, the call is a 429 and the code is not even loaded, so a right guess made
 * then is neither answered nor redeemed. Known codes, applicable or not (USED, EXPIRED …), count
 * nothing: the player holds a real code, and a right code must not reset a guesser's count either.
 */

type Caller = { db: D1Database; clientIp: string };

const promoAccountKey = (uid: number) => `promo:acct:${uid}`;
const promoAddressKey = (ip: string) => `promo:ip:${ip}`;

/** The keys a caller's guesses count under: its account when signed in, and its address. */
function promoKeys(uid: number, ip: string): ThrottleKey[] {
  const address: ThrottleKey = [promoAddressKey(ip), PROMO_ADDRESS_POLICY];
  return uid > 0 ? [[promoAccountKey(uid), PROMO_ACCOUNT_POLICY], address] : [address];
}

const tooManyPromoCodes = (retryAfter: number) => tooManyRequests(`Too many wrong promo codes. Try again in ${retryAfter} seconds.`, retryAfter);

/** The code's row and why it does not apply (null: it does); throws 429 while the caller waits. */
export async function promoCodeCheck(
  caller: Caller,
  code: string,
  who: Redeemer,
  context: PromoContext,
): Promise<{ row: PromoCodeRow | null; problem: PromoCodeError | null }> {
  const keys = promoKeys(who.uid, caller.clientIp);
  await assertNotWaiting(
    caller.db,
    keys.map(([k]) => k),
    tooManyPromoCodes,
  );
  const row = await loadPromoCode(caller.db, code, who.currency);
  const problem = await promoCodeProblem(caller.db, row, who, context);
  if (problem === "INVALID") await recordAttempt(caller.db, keys);
  return { row, problem };
}

/** Loads and checks a code in one go; throws the field error when it does not apply. */
export async function checkedPromoCode(caller: Caller, code: string, who: Redeemer, context: PromoContext): Promise<PromoCodeRow> {
  const { row, problem } = await promoCodeCheck(caller, code, who, context);
  if (problem) throw promoCodeError(problem);
  return row!;
}
