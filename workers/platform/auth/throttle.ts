import { PlatformError } from "../../../app/lib/api/errors";

/**
 * Sign-in throttling in D1: failures are counted per key in a fixed window; reaching the limit
 * locks the key. Keys are per account ('login:<login>') and per client ('ip:<address>'), so
 * guessing one player's password and spraying many accounts from one address are both slowed.
 * Unknown logins are counted exactly like known ones: the lock reveals nothing.
 */
export interface ThrottlePolicy {
  failures: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE = 60_000;
export const LOGIN_POLICY: ThrottlePolicy = { failures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };
export const IP_POLICY: ThrottlePolicy = { failures: 20, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE };

export const loginKey = (login: string) => `login:${login.trim().replace(/^\+/, "").toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** The client address: Cloudflare's cf-connecting-ip, else the first X-Forwarded-For hop, else 'local'. */
export function clientIp(request: Request): string {
  const cf = request.headers.get("cf-connecting-ip")?.trim();
  if (cf) return cf.slice(0, 64);
  const xff = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return xff ? xff.slice(0, 64) : "local";
}

/** Throws TooManyRequests (429, params.retry_after in seconds) while any of the keys is locked. */
export async function assertNotLocked(db: D1Database, keys: string[], now = Date.now()): Promise<void> {
  const marks = keys.map((_, i) => `?${i + 2}`).join(", ");
  const row = await db
    .prepare(`SELECT MAX(locked_until) AS until FROM login_attempts WHERE locked_until > ?1 AND key IN (${marks})`)
    .bind(now, ...keys)
    .first<{ until: number | null }>();
  if (row?.until) {
    const retryAfter = Math.max(1, Math.ceil((row.until - now) / 1000));
    throw new PlatformError("TooManyRequests", `Too many sign-in attempts. Try again in ${retryAfter} seconds.`, {
      params: { retry_after: retryAfter },
    });
  }
}

/** Counts one failure for each key (one atomic statement each), locking those that reach the limit. */
export async function recordFailure(db: D1Database, keys: [string, ThrottlePolicy][], now = Date.now()): Promise<void> {
  const upsert = db.prepare(
    `INSERT INTO login_attempts (key, failures, window_started_at, locked_until)
     VALUES (?1, 1, ?2, CASE WHEN ?3 <= 1 THEN ?2 + ?5 ELSE 0 END)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN window_started_at <= ?2 - ?4 THEN 1 ELSE failures + 1 END,
       window_started_at = CASE WHEN window_started_at <= ?2 - ?4 THEN ?2 ELSE window_started_at END,
       locked_until = CASE
         WHEN (CASE WHEN window_started_at <= ?2 - ?4 THEN 1 ELSE failures + 1 END) >= ?3 THEN ?2 + ?5
         ELSE locked_until END`,
  );
  await db.batch(keys.map(([key, p]) => upsert.bind(key, now, p.failures, p.windowMs, p.lockMs)));
}

/** Forgets the failures of these keys (a successful sign-in of that account). */
export async function clearFailures(db: D1Database, keys: string[]): Promise<void> {
  await db.batch(keys.map((k) => db.prepare("DELETE FROM login_attempts WHERE key = ?1").bind(k)));
}
