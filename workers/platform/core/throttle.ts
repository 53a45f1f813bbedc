import { PlatformError } from "../../../core/api/errors";

/**
 * The platform's one throttle (decisions 0024, 0061), counted in D1 (`login_attempts`, whatever
 * is throttled: keys are namespaced, e.g. `acct:<uid>` for sign-in, `promo:ip:<address>`), so a
 * limit holds across isolates and the edge. Each key counts attempts in a fixed window; from the
 * policy's `failures`-th attempt on, each further one makes the key wait before its next:
 * `delayMs`, doubling per attempt, at most `maxDelayMs` (a policy with delayMs = maxDelayMs =
 * windowMs simply waits out a window). While any key of a call waits, the call is refused with 429
 * TooManyRequests and `params.retry_after` BEFORE it looks at what it was given (a password, a
 * promo code), and is not counted. What counts is the caller's: sign-in counts wrong passwords,
 * promo codes count unknown codes, registration counts created accounts. The limits themselves
 * are stated in `throttle-limits.ts`.
 */
export interface ThrottlePolicy {
  /** The attempt (1-based, within the window) from which the key waits. */
  failures: number;
  windowMs: number;
  /** The first wait; it doubles with every further attempt in the window. */
  delayMs: number;
  maxDelayMs: number;
}

export type ThrottleKey = [key: string, policy: ThrottlePolicy];

/** The clock the throttle reads; tests move it instead of sleeping. */
export const throttleClock = { now: (): number => Date.now() };

/** The client address: Cloudflare's cf-connecting-ip, else the first X-Forwarded-For hop, else 'local'. */
export function clientIp(request: Request): string {
  const cf = request.headers.get("cf-connecting-ip")?.trim();
  if (cf) return cf.slice(0, 64);
  const xff = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return xff ? xff.slice(0, 64) : "local";
}

/** A 429 in the /api envelope (SPEC §8 TooManyRequests) saying how many seconds to wait. */
export function tooManyRequests(message: string, retryAfter: number): PlatformError {
  return new PlatformError("TooManyRequests", message, { params: { retry_after: retryAfter } });
}

/** Seconds until none of the keys waits any more (0: none waits now). */
export async function waitingSeconds(db: D1Database, keys: string[], now = throttleClock.now()): Promise<number> {
  if (!keys.length) return 0;
  const marks = keys.map((_, i) => `?${i + 2}`).join(", ");
  const row = await db
    .prepare(`SELECT MAX(locked_until) AS until FROM login_attempts WHERE locked_until > ?1 AND key IN (${marks})`)
    .bind(now, ...keys)
    .first<{ until: number | null }>();
  return row?.until ? Math.max(1, Math.ceil((row.until - now) / 1000)) : 0;
}

/** Throws `refuse(seconds)` (a TooManyRequests error) while any of the keys waits. */
export async function assertNotWaiting(
  db: D1Database,
  keys: string[],
  refuse: (retryAfter: number) => PlatformError,
  now = throttleClock.now(),
): Promise<void> {
  const seconds = await waitingSeconds(db, keys, now);
  if (seconds > 0) throw refuse(seconds);
}

/**
 * Counts one attempt for each key (one atomic statement each). From the policy's threshold on,
 * the key waits delayMs × 2^(attempts − threshold), capped (the shift is capped too: no overflow).
 */
export async function recordAttempt(db: D1Database, keys: ThrottleKey[], now = throttleClock.now()): Promise<void> {
  if (!keys.length) return;
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

/** Forgets the attempts of these keys (e.g. a successful sign-in through them). */
export async function clearAttempts(db: D1Database, keys: string[]): Promise<void> {
  await db.batch(keys.map((k) => db.prepare("DELETE FROM login_attempts WHERE key = ?1").bind(k)));
}
