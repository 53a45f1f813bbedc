import { FEEDBACK_LIMITS } from "../../../core/api/contract-support";
import { PlatformError } from "../../../core/api/errors";
import type { Handler, PlatformContext } from "../core/context";
import { readSupportSetting } from "./settings";

/** The clock the rate limit reads; tests move it instead of sleeping. */
export const supportClock = { now: (): number => Date.now() };

const fieldError = (fields: Record<string, string[]>) => new PlatformError("InvalidParameter", Object.values(fields)[0]![0]!, { fields });

/** A player's name and email on file: shown name (first + last, else login) and the email contact. */
async function accountContact(ctx: PlatformContext) {
  return ctx.db
    .prepare(
      `SELECT COALESCE(NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.login) AS name,
         (SELECT contact FROM contacts WHERE uid = u.uid AND type = 'email' ORDER BY id LIMIT 1) AS email
       FROM users u WHERE u.uid = ?1`,
    )
    .bind(ctx.uid)
    .first<{ name: string; email: string | null }>();
}

/**
 * Seconds until the sender (or address) may send again: until the oldest of the last `limit` rows
 * in the window leaves it. 0 while under the limit.
 */
async function waitSeconds(db: D1Database, column: "subject" | "ip", value: string, limit: number, now: number): Promise<number> {
  const row = await db
    .prepare(`SELECT created_at FROM support_feedback WHERE ${column} = ?1 AND created_at > ?2 ORDER BY created_at DESC LIMIT 1 OFFSET ?3`)
    .bind(value, now - FEEDBACK_LIMITS.windowMs, limit - 1)
    .first<{ created_at: number }>();
  return row ? Math.max(1, Math.ceil((row.created_at + FEEDBACK_LIMITS.windowMs - now) / 1000)) : 0;
}

/**
 * support.sendFeedback: checks the topic against the operator's list, fills a player's name and
 * email from the account, and stores the message only while the sender and the address are under
 * their limits (one INSERT … SELECT WHERE: two tabs sending at once cannot both slip through).
 */
export const sendFeedback: Handler<"support.sendFeedback"> = async (params, ctx) => {
  const setting = await readSupportSetting(ctx.db);
  const errors: Record<string, string[]> = {};
  if (!setting.topics.some((t) => t.id === params.topic)) errors.topic = ["topic must be one of the support topics"];
  const account = ctx.uid > 0 ? await accountContact(ctx) : null;
  const name = params.name ?? account?.name;
  const email = params.email ?? account?.email ?? undefined;
  if (!name) errors.name = ["name is required"];
  if (!email) errors.email = ["email is required"];
  if (Object.keys(errors).length) throw fieldError(errors);

  const now = supportClock.now();
  const subject = ctx.subject();
  const { windowMs, perSender, perAddress } = FEEDBACK_LIMITS;
  const row = await ctx.db
    .prepare(
      `INSERT INTO support_feedback (uid, subject, ip, name, email, topic, message, page_url, locale, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10
       WHERE (SELECT COUNT(*) FROM support_feedback WHERE subject = ?2 AND created_at > ?10 - ?11) < ?12
         AND (SELECT COUNT(*) FROM support_feedback WHERE ip = ?3 AND created_at > ?10 - ?11) < ?13
       RETURNING id`,
    )
    .bind(
      ctx.uid > 0 ? ctx.uid : null,
      subject,
      ctx.clientIp,
      name,
      email!.toLowerCase(),
      params.topic,
      params.message,
      params.page_url ?? null,
      ctx.locale,
      now,
      windowMs,
      perSender,
      perAddress,
    )
    .first<{ id: number }>();
  if (row) return { id: row.id };

  const wait = Math.max(await waitSeconds(ctx.db, "subject", subject, perSender, now), await waitSeconds(ctx.db, "ip", ctx.clientIp, perAddress, now));
  throw new PlatformError("TooManyRequests", `Too many messages to support. Try again in ${wait} seconds.`, { params: { retry_after: wait } });
};
