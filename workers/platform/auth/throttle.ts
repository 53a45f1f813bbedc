import type { PlatformError } from "../../../core/api/errors";
import { assertNotWaiting, throttleClock, tooManyRequests } from "../core/throttle";

/**
 * Sign-in throttling (decision 0024) on the platform's throttle (core/throttle.ts; its limits in
 * core/throttle-limits.ts). An attempt while a key waits is refused without looking at the
 * password, and is not counted.
 *
 * Keys: the resolved ACCOUNT (`acct:<uid>`, whichever of login, email or phone was typed; an
 * unknown name gets `name:<normalised>` under the same policy, so the answers match), the client
 * ADDRESS (`ip:<address>`, a much higher bar), and a browser the account already signed in from
 * (`dev:<nonce>`, device.ts), which is throttled on its own and skips the other two — strangers
 * guessing an account's password cannot make its owner wait on their own device.
 */

/** A typed sign-in name as findUserForLogin reads it: trimmed, no leading '+', lower case. */
export const normaliseName = (name: string) => name.trim().replace(/^\+/, "").toLowerCase();
export const accountKey = (uid: number) => `acct:${uid}`;
/**
 * A signed-in player confirming with the password or a code (password change, self-exclusion,
 * two-factor settings): kept apart from strangers' sign-in failures, which must not stop the owner.
 */
export const reauthKey = (uid: number) => `reauth:${uid}`;
export const unknownNameKey = (name: string) => `name:${normaliseName(name)}`;
/** Kept for the restore throttle, which counts requests per typed name. */
export const loginKey = (login: string) => `login:${normaliseName(login)}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export const tooManyAttempts = (retryAfter: number): PlatformError =>
  tooManyRequests(`Too many sign-in attempts. Try again in ${retryAfter} seconds.`, retryAfter);

/** Throws TooManyRequests (429, params.retry_after in seconds) while any of the keys waits. */
export const assertNotLocked = (db: D1Database, keys: string[], now = throttleClock.now()): Promise<void> => assertNotWaiting(db, keys, tooManyAttempts, now);
