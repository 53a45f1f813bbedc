import { PlatformError } from "../../../core/api/errors";
import { mailContact } from "../account/contact-codes";
import { siteUrl } from "../core/site-url";
import { composeNotice } from "../account/notices";
import { phoneCodes } from "../account/personal-data";
import { findUserForLogin, loadContacts, type UserRow } from "../account/users";
import { randomHex, sha256Hex } from "../core/bytes";
import type { Handler, PlatformContext } from "../core/context";
import { hashPassword } from "./passwords";
import { revokeUserSessions } from "./sessions";
import { trustDevice } from "./device";
import { clearAttempts, recordAttempt, type ThrottleKey } from "../core/throttle";
import { RESTORE_ADDRESS_POLICY, RESTORE_LOGIN_POLICY } from "../core/throttle-limits";
import { accountKey, assertNotLocked, ipKey, loginKey } from "./throttle";

/** A reset token lives one hour and works once; only its SHA-256 is stored. */
export const RESET_TOKEN_MS = 60 * 60_000;

export const INVALID_RESET_LINK = "This link is not valid or has expired";

/**
 * The link a reset message carries: the site (PUBLIC_ORIGIN, else the origin the call came to) in
 * the request's locale, with the sign-in popup open on the new-password form.
 */
export function resetLink(ctx: PlatformContext, token: string): string {
  return siteUrl(ctx, `/?show_popup_auth=1&auth_mode=restore&reset_token=${token}`);
}

/**
 * The first step: always answers 1, so the answer never tells whether an account exists. For an
 * account it stores a fresh single-use token (hashed), drops older unused ones and sends the link
 * to the contact the request named, else the account's email, else its phone. The token is never
 * logged or echoed.
 */
async function startReset(name: string, ctx: PlatformContext): Promise<1> {
  const keys: ThrottleKey[] = [
    [`restore:${loginKey(name)}`, RESTORE_LOGIN_POLICY],
    [`restore:${ipKey(ctx.clientIp)}`, RESTORE_ADDRESS_POLICY],
  ];
  await assertNotLocked(
    ctx.db,
    keys.map(([k]) => k),
  );
  await recordAttempt(ctx.db, keys);
  const user = await findUserForLogin(ctx.db, name, await phoneCodes(ctx));
  if (!user) return 1;
  const now = Date.now();
  const token = randomHex(32);
  await ctx.db.batch([
    ctx.db.prepare("DELETE FROM password_resets WHERE uid = ?1 AND used_at IS NULL").bind(user.uid),
    ctx.db
      .prepare("INSERT INTO password_resets (token_hash, uid, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)")
      .bind(await sha256Hex(token), user.uid, now, now + RESET_TOKEN_MS),
  ]);
  await sendResetLink(ctx, user, name, token);
  return 1;
}

async function sendResetLink(ctx: PlatformContext, user: UserRow, named: string, token: string): Promise<void> {
  const contacts = await loadContacts(ctx.db, user.uid);
  const asked = named.trim().replace(/^\+/, "").toLowerCase();
  const to = contacts.find((c) => c.contact.toLowerCase() === asked) ?? contacts.find((c) => c.type === "email") ?? contacts.find((c) => c.type === "phone");
  // An account without contacts has nowhere to receive a link: support restores it.
  if (!to) return;
  const link = resetLink(ctx, token);
  const { subject, text } = await composeNotice(ctx.db, ctx.locale, "restore", { link, minutes: RESET_TOKEN_MS / 60_000 });
  await mailContact(ctx, to, { subject, text, link });
}

/**
 * The second step: a valid token (unexpired, unused; claimed in one statement, so it works once
 * even under parallel calls) sets the new password, ends every session of the account and forgets
 * its failed sign-ins, so the player can sign in at once. The browser that finished it proved it
 * reads the account's mail: it becomes a trusted device (decision 0024), so strangers hammering the
 * account cannot make its owner wait there.
 */
async function completeReset(token: string, password: string, ctx: PlatformContext): Promise<1> {
  const now = Date.now();
  const claimed = await ctx.db
    .prepare("UPDATE password_resets SET used_at = ?2 WHERE token_hash = ?1 AND used_at IS NULL AND expires_at > ?2 RETURNING uid")
    .bind(await sha256Hex(token), now)
    .first<{ uid: number }>();
  if (!claimed) {
    throw new PlatformError("InvalidParameter", INVALID_RESET_LINK, { fields: { token: [INVALID_RESET_LINK] } });
  }
  const { uid } = claimed;
  await ctx.db.batch([
    ctx.db.prepare("UPDATE users SET password_hash = ?2, password_changed_at = ?3 WHERE uid = ?1").bind(uid, await hashPassword(password), now),
    ctx.db.prepare("DELETE FROM password_resets WHERE uid = ?1 AND used_at IS NULL").bind(uid),
  ]);
  await revokeUserSessions(ctx.db, uid);
  if (ctx.session?.uid === uid) await ctx.endSession();
  await clearAttempts(ctx.db, [accountKey(uid)]);
  await trustDevice(ctx, uid);
  return 1;
}

/** auth.restore: a login or email starts a reset; a token and a new password complete it. */
export const restore: Handler<"auth.restore"> = async ({ login, email, token, password }, ctx) =>
  token ? completeReset(token, password!, ctx) : startReset((login || email)!, ctx);
