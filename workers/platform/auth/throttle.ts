import { PlatformError } from "../../../app/lib/api/errors";

/**
 * Sign-in throttling in D1 (decision 0024). Failures are counted per key in a fixed window; from
 * the policy's `failures`-th failure on, each further failure makes the key wait before its next
 * attempt: `delayMs`, doubling per failure, at most `maxDelayMs`. An attempt while a key waits is
 * refused (TooManyRequests) without looking at the password, and is not counted.
 *
 * Keys: the resolved ACCOUNT (`acct:<uid>`, whichever of login, email or phone was typed; an
 * unknown name gets `name:<normalised>` under the same policy, so the answers match), the client
 * ADDRESS (`ip:<address>`, a much higher bar), and a browser the account already signed in from
 * (`dev:<nonce>`, device.ts), which is throttled on its own and skips the other two — strangers
 * guessing an account's password cannot make its owner wait on their own device.
 */
export interface ThrottlePolicy {
  /** The failure (1-based, within the window) from which the key waits. */
  failures: number;
  windowMs: number;
  /** The first wait; it doubles with every further failure in the window. */
  delayMs: number;
  maxDelayMs: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** An account: five free tries an hour, then 1 s, 2 s, 4 s … at most 5 minutes between tries. */
export const ACCOUNT_POLICY: ThrottlePolicy = { failures: 5, windowMs: 60 * MINUTE, delayMs: SECOND, maxDelayMs: 5 * MINUTE };
/** A browser trusted by the account: the same budget, kept apart from strangers'. */
export const DEVICE_POLICY: ThrottlePolicy = ACCOUNT_POLICY;
/**
 * A client address: many players may share one (carrier NAT), so the bar is high and the wait
 * short; it only slows browsers the account does not trust, and never locks.
 */
export const ADDRESS_POLICY: ThrottlePolicy = { failures: 50, windowMs: 15 * MINUTE, delayMs: SECOND, maxDelayMs: MINUTE };

/** The clock the throttle reads; tests move it instead of sleeping. */
export const throttleClock = { now: (): number => Date.now() };

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

/** The client address: Cloudflare's cf-connecting-ip, else the first X-Forwarded-For hop, else 'local'. */
export function clientIp(request: Request): string {
  const cf = request.headers.get("cf-connecting-ip")?.trim();
  if (cf) return cf.slice(0, 64);
  const xff = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return xff ? xff.slice(0, 64) : "local";
}

export function tooManyAttempts(retryAfter: number): PlatformError {
  return new PlatformError("TooManyRequests", `Too many sign-in attempts. Try again in ${retryAfter} seconds.`, {
    params: { retry_after: retryAfter },
  });
}

/** Throws TooManyRequests (429, params.retry_after in seconds) while any of the keys waits. */
export async function assertNotLocked(db: D1Database, keys: string[], now = throttleClock.now()): Promise<void> {
  const marks = keys.map((_, i) => `?${i + 2}`).join(", ");
  const row = await db
    .prepare(`SELECT MAX(locked_until) AS until FROM login_attempts WHERE locked_until > ?1 AND key IN (${marks})`)
    .bind(now, ...keys)
    .first<{ until: number | null }>();
  if (row?.until) throw tooManyAttempts(Math.max(1, Math.ceil((row.until - now) / 1000)));
}

/**
 * Counts one failure for each key (one atomic statement each). From the policy's threshold on,
 * the key waits delayMs × 2^(failures − threshold), capped (the shift is capped too: no overflow).
 */
export async function recordFailure(db: D1Database, keys: [string, ThrottlePolicy][], now = throttleClock.now()): Promise<void> {
  const upsert = db.prepare(
    `INSERT INTO login_attempts (key, failures, window_started_at, locked_until)
     VALUES (?1, 1, ?2, CASE WHEN ?3 <= 1 THEN ?2 + ?5 ELSE 0 END)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN window_started_at <= ?2 - ?4 THEN 1 ELSE failures + 1 END,
       window_started_at = CASE WHEN window_started_at <= ?2 - ?4 THEN ?2 ELSE window_started_at END,
       locked_until = CASE
         WHEN (CASE WHEN window_started_at <= ?2 - ?4 THEN 1 ELSE failures + 1 END) >= ?3
         THEN ?2 + MIN(?6, ?5 * (1 << MIN(30, (CASE WHEN window_started_at <= ?2 - ?4 THEN 1 ELSE failures + 1 END) - ?3)))
         ELSE locked_until END`,
  );
  await db.batch(keys.map(([key, p]) => upsert.bind(key, now, p.failures, p.windowMs, p.delayMs, p.maxDelayMs)));
}

/** Forgets the failures of these keys (a successful sign-in through them). */
export async function clearFailures(db: D1Database, keys: string[]): Promise<void> {
  await db.batch(keys.map((k) => db.prepare("DELETE FROM login_attempts WHERE key = ?1").bind(k)));
}
