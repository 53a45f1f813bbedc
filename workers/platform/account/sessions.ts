import { PlatformError } from "../../../core/api/errors";
import { endUserSession, listUserSessions, revokeUserSessions } from "../auth/sessions";
import { describeUserAgent } from "../auth/user-agent";
import type { Handler } from "../core/context";

/**
 * The player's signed-in sessions (decision 0038, beyond the spec): where they are signed in, and
 * signing out a lost or unknown device from here.
 */

/** account.getSessions: live sessions, most recently used first; `current` marks this one. */
export const getSessions: Handler<"account.getSessions"> = async (_p, ctx) => {
  const rows = await listUserSessions(ctx.db, ctx.uid);
  const items = rows.map((r) => ({
    id: r.id,
    current: r.id_hash === ctx.session?.idHash,
    created_at: r.created_at,
    last_seen_at: r.last_seen_at,
    ...describeUserAgent(r.user_agent),
    ip: r.ip,
  }));
  return { items, total: items.length };
};

/**
 * account.endSessions: with `id`, ends that session (not this one: auth.logout does); without,
 * ends every session but this one. Answers 1; an id that names no other live session of the player
 * answers InvalidParameter (the spec's catalogue has no "not found" for a method's argument).
 */
export const endSessions: Handler<"account.endSessions"> = async ({ id }, ctx) => {
  const keep = ctx.session?.idHash ?? "";
  if (id === undefined) {
    await revokeUserSessions(ctx.db, ctx.uid, keep);
    return 1 as const;
  }
  if ((await endUserSession(ctx.db, ctx.uid, id, keep)) === 0) {
    throw new PlatformError("InvalidParameter", "No such session", { fields: { id: ["No such session"] } });
  }
  return 1 as const;
};
