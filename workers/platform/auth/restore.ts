import { findUserForLogin } from "../account/users";
import { randomHex, sha256Hex } from "../core/bytes";
import type { Handler } from "../core/context";
import { assertNotLocked, ipKey, loginKey, recordFailure, type ThrottlePolicy } from "./throttle";

/** A reset token lives one hour and works once; only its SHA-256 is stored. */
export const RESET_TOKEN_MS = 60 * 60_000;
/** Reset requests a login, and a client, may make: every request counts, found or not. */
const RESTORE_LOGIN: ThrottlePolicy = { failures: 3, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };
const RESTORE_IP: ThrottlePolicy = { failures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/**
 * auth.restore: always answers 1, so the answer never tells whether an account exists. For an
 * account it stores a fresh single-use token (hashed) and drops older unused ones. Sending the link
 * belongs to the mail provider (not part of this platform yet); the token is never logged or echoed.
 */
export const restore: Handler<"auth.restore"> = async ({ login, email }, ctx) => {
  const name = (login || email)!;
  const keys: [string, ThrottlePolicy][] = [
    [`restore:${loginKey(name)}`, RESTORE_LOGIN],
    [`restore:${ipKey(ctx.clientIp)}`, RESTORE_IP],
  ];
  await assertNotLocked(
    ctx.db,
    keys.map(([k]) => k),
  );
  await recordFailure(ctx.db, keys);
  const user = await findUserForLogin(ctx.db, name);
  if (user) {
    const now = Date.now();
    const token = randomHex(32);
    await ctx.db.batch([
      ctx.db.prepare("DELETE FROM password_resets WHERE uid = ?1 AND used_at IS NULL").bind(user.uid),
      ctx.db
        .prepare("INSERT INTO password_resets (token_hash, uid, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)")
        .bind(await sha256Hex(token), user.uid, now, now + RESET_TOKEN_MS),
    ]);
  }
  return 1 as const;
};
