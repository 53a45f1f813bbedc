import type { ThrottlePolicy } from "./throttle";

/**
 * Every throttle's limits, in one place (throttle.ts is the mechanism; decisions 0024 and 0061
 * say why these numbers). `failures` is the attempt from which a key waits, within `windowMs`.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Waits out a whole window once the limit is reached (no slow-down steps). */
const limit = (attempts: number, windowMs: number): ThrottlePolicy => ({ failures: attempts, windowMs, delayMs: windowMs, maxDelayMs: windowMs });

// Sign-in (decision 0024): slow down, never lock.
/** An account: five free tries an hour, then 1 s, 2 s, 4 s … at most 5 minutes between tries. */
export const ACCOUNT_POLICY: ThrottlePolicy = { failures: 5, windowMs: HOUR, delayMs: SECOND, maxDelayMs: 5 * MINUTE };
/** A browser trusted by the account: the same budget, kept apart from strangers'. */
export const DEVICE_POLICY: ThrottlePolicy = ACCOUNT_POLICY;
/**
 * A client address: many players may share one (carrier NAT), so the bar is high and the wait
 * short; it only slows browsers the account does not trust, and never locks.
 */
export const ADDRESS_POLICY: ThrottlePolicy = { failures: 50, windowMs: 15 * MINUTE, delayMs: SECOND, maxDelayMs: MINUTE };

// Password reset requests: every request counts, found or not.
export const RESTORE_LOGIN_POLICY = limit(3, 15 * MINUTE);
export const RESTORE_ADDRESS_POLICY = limit(10, 15 * MINUTE);

// Promo codes (decision 0061): unknown codes a player, and an address, may try.
/** 10 unknown codes in 10 minutes, then the account waits 10 minutes. */
export const PROMO_ACCOUNT_POLICY = limit(10, 10 * MINUTE);
/** 30 in 10 minutes from one address (visitors, or several accounts of one guesser), then 10 minutes. */
export const PROMO_ADDRESS_POLICY = limit(30, 10 * MINUTE);

// Registration (decision 0061): accounts created from one address.
/** 5 new accounts an hour, then the address waits an hour. */
export const REGISTRATION_ADDRESS_POLICY = limit(5, HOUR);
