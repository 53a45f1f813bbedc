import { ANALYTICS_LIMITS } from "../../../core/analytics-events";
import { PlatformError } from "../../../core/api/errors";
import type { Handler } from "../core/context";

/** The clock the rate limit reads; tests move it instead of sleeping. */
export const analyticsClock = { now: (): number => Date.now() };

const { windowMs, perSender, perAddress } = ANALYTICS_LIMITS;

/** The events one address may store in the window: the operator's ANALYTICS_PER_ADDRESS, else ANALYTICS_LIMITS' (collector and beacon alike). */
export const addressLimit = (env: Pick<Env, "ANALYTICS_PER_ADDRESS">): number => Number(env.ANALYTICS_PER_ADDRESS) || perAddress;

/** Events stored in the window for one sender or address, and when the oldest of them leaves it. */
async function windowUse(db: D1Database, column: "subject" | "ip", value: string, now: number) {
  const row = await db
    .prepare(`SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM analytics_events WHERE ${column} = ?1 AND created_at > ?2`)
    .bind(value, now - windowMs)
    .first<{ n: number; oldest: number | null }>();
  return { n: row?.n ?? 0, oldest: row?.oldest ?? now };
}

/**
 * analytics.collect (decision 0057): stores a validated batch, all or nothing, with the session's
 * player (a visitor's rows have none) — a uid in the body would be ignored, the schema has none.
 * Refused with a 429 when the batch would take the sender or the address over its limit; the
 * limits count stored rows, checked just before the batch is written.
 */
export const collect: Handler<"analytics.collect"> = async (params, ctx) => {
  const now = analyticsClock.now();
  const subject = ctx.subject();
  const [mine, address] = await Promise.all([windowUse(ctx.db, "subject", subject, now), windowUse(ctx.db, "ip", ctx.clientIp, now)]);
  const n = params.events.length;
  if (mine.n + n > perSender || address.n + n > addressLimit(ctx.env)) {
    const oldest = mine.n + n > perSender ? mine.oldest : address.oldest;
    const wait = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    throw new PlatformError("TooManyRequests", `Too many analytics events. Try again in ${wait} seconds.`, { params: { retry_after: wait } });
  }
  const uid = ctx.uid > 0 ? ctx.uid : null;
  const insert = ctx.db.prepare(
    `INSERT INTO analytics_events (created_at, client_at, anon_id, uid, subject, ip, name, params, path) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
  );
  await ctx.db.batch(
    params.events.map((e) => insert.bind(now, e.at ?? null, params.aid, uid, subject, ctx.clientIp, e.name, JSON.stringify(e.params), e.path ?? null)),
  );
  return { stored: n };
};
