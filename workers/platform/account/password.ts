import { PlatformError } from "../../../core/api/errors";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { revokeUserSessions } from "../auth/sessions";
import { assertNotLocked, reauthKey } from "../auth/throttle";
import { recordAttempt } from "../core/throttle";
import { ACCOUNT_POLICY } from "../core/throttle-limits";
import type { Handler } from "../core/context";
import { loadUser } from "./users";

/**
 * account.changepassword: the old password must be right (wrong guesses count against the sign-in
 * throttle of the account); an account without one (social sign-up) sets its first. Every session
 * of the player ends, password-reset tokens die, and this call gets a new session so the player
 * stays signed in here only.
 */
export const changePassword: Handler<"account.changepassword"> = async ({ old_password, new_password }, ctx) => {
  const user = (await loadUser(ctx.db, ctx.uid))!;
  const key = reauthKey(user.uid);
  await assertNotLocked(ctx.db, [key]);
  // An account made by social sign-in has no password yet: its first one needs none.
  if (user.password_hash !== null && old_password === undefined) {
    throw new PlatformError("InvalidParameter", "Field is required", { fields: { old_password: ["Field is required"] } });
  }
  if (user.password_hash !== null && !(await verifyPassword(old_password!, user.password_hash))) {
    await recordAttempt(ctx.db, [[key, ACCOUNT_POLICY]]);
    throw new PlatformError("InvalidParameter", "Wrong password", { fields: { old_password: ["Wrong password"] } });
  }
  const now = Date.now();
  await ctx.db.batch([
    ctx.db.prepare("UPDATE users SET password_hash = ?2, password_changed_at = ?3 WHERE uid = ?1").bind(user.uid, await hashPassword(new_password), now),
    ctx.db.prepare("DELETE FROM password_resets WHERE uid = ?1").bind(user.uid),
  ]);
  await revokeUserSessions(ctx.db, user.uid);
  await ctx.startSession(user.uid);
  return 1 as const;
};
