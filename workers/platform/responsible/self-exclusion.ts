import type { z } from "zod";
import type { Contract } from "../../../core/api/contract";
import { PlatformError } from "../../../core/api/errors";
import { loadUser } from "../account/users";
import { verifyPassword } from "../auth/passwords";
import { revokeUserSessions } from "../auth/sessions";
import { assertNotLocked, reauthKey } from "../auth/throttle";
import { recordAttempt } from "../core/throttle";
import { ACCOUNT_POLICY } from "../core/throttle-limits";
import type { PlatformContext } from "../core/context";
import { outboxEntry } from "../player/outbox";
import { exclusionEnd, formatDay } from "./dates";
import { playerJurisdiction } from "./jurisdiction";

/**
 * Self-exclusion (SPEC §9 periods; decision 0012): the player is signed out everywhere and
 * sign-in, messenger and social sign-in and deposits are refused until it ends.
 */

/** The end of the player's running self-exclusion: a time, null for permanent, undefined when none. `db`: the player's tables (ctx.player(), playerTables). */
export async function activeExclusion(db: D1Database, uid: number, now = Date.now()): Promise<number | null | undefined> {
  const row = await db
    .prepare(
      `SELECT MAX(CASE WHEN until IS NULL THEN 1 ELSE 0 END) AS permanent, MAX(until) AS until, COUNT(*) AS n
       FROM self_exclusions WHERE uid = ?1 AND (until IS NULL OR until > ?2)`,
    )
    .bind(uid, now)
    .first<{ permanent: number | null; until: number | null; n: number }>();
  if (!row || row.n === 0) return undefined;
  return row.permanent === 1 ? null : row.until;
}

export function selfExcludedError(until: number | null): PlatformError {
  const message = until === null ? "Your account is self-excluded permanently" : `Your account is self-excluded until ${formatDay(until)}`;
  return new PlatformError("AccessDenied", message, { params: { until, self_excluded: true } });
}

/** Throws AccessDenied while the player is self-excluded. Every way into the account calls it. */
export async function assertNotSelfExcluded(db: D1Database, uid: number, now = Date.now()): Promise<void> {
  const until = await activeExclusion(db, uid, now);
  if (until !== undefined) throw selfExcludedError(until);
}

type SelfExcludeParams = z.output<Contract["account.selfExclude"]["params"]>;

/**
 * account.selfExclude: the account password confirms it (wrong guesses count against the sign-in
 * throttle, as for a password change). An account without a password (social or messenger
 * sign-in only) has nothing to type: its signed-in session is the confirmation.
 */
export async function selfExclude({ period, password }: SelfExcludeParams, ctx: PlatformContext, now = Date.now()) {
  const user = (await loadUser(ctx.db, ctx.uid))!;
  if (user.password_hash) {
    const key = reauthKey(user.uid);
    await assertNotLocked(ctx.db, [key]);
    if (!password) {
      throw new PlatformError("InvalidParameter", "Password is required", { fields: { password: ["Password is required"] } });
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      await recordAttempt(ctx.db, [[key, ACCOUNT_POLICY]]);
      throw new PlatformError("InvalidParameter", "Wrong password", { fields: { password: ["Wrong password"] } });
    }
  }
  return excludeFor(ctx, period, now);
}

/**
 * account.takeBreak: the panic button, a 24-hour exclusion with nothing to confirm, where the
 * player's market asks for it (decision 0082); elsewhere a break is a self-exclusion with the password.
 */
export async function takeBreak(ctx: PlatformContext, now = Date.now()): Promise<{ until: number }> {
  const rules = await playerJurisdiction(ctx);
  if (!rules.exclusion.panicButton) throw new PlatformError("InvalidRequest", "A one-tap break is not offered under your market's rules: use self-exclusion");
  const { until } = await excludeFor(ctx, "1d", now);
  return { until: until! };
}

/** Excludes the signed-in player for `period` from `now` and signs them out everywhere. */
async function excludeFor(ctx: PlatformContext, period: SelfExcludeParams["period"], now: number): Promise<{ until: number | null }> {
  const until = exclusionEnd(period, now);
  // The exclusion and the sign-out everywhere it brings are one transaction in the player's
  // object: the sessions are revoked at once below, and by the object's outbox if this call dies
  // before it gets there (decision 0075).
  const db = ctx.player();
  await db.batch([
    db.prepare("INSERT INTO self_exclusions (uid, period, created_at, until) VALUES (?1, ?2, ?3, ?4)").bind(ctx.uid, period, now, until),
    outboxEntry(db, { key: `self-exclusion:${crypto.randomUUID()}`, kind: "sessions.revoke", body: null }, now),
  ]);
  await revokeUserSessions(ctx.db, ctx.uid);
  await ctx.endSession();
  return { until };
}
