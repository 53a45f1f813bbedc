import { PlatformError } from "../../../app/lib/api/errors";
import { playerInfo } from "../account/info";
import { findUserForLogin } from "../account/users";
import type { Handler } from "../core/context";
import { assertNotSelfExcluded } from "../responsible/self-exclusion";
import { hashPassword, needsRehash, verifyPassword } from "./passwords";
import { assertNotLocked, clearFailures, IP_POLICY, ipKey, LOGIN_POLICY, loginKey, recordFailure } from "./throttle";
import { codeInvalid, consumeTotp, readCode, twoFactorRequired, twoFactorTimeExpired } from "./two-factor";

/** One answer for an unknown login, a wrong password and an account without a password. */
const wrongCredentials = () => new PlatformError("Authorization", "Wrong login or password");

/**
 * auth.login. Order matters: the code's shape, then the throttle, then the password (always with
 * the full key derivation), and only for the right password anything that tells the account apart
 * (banned, two-factor). A two-factor account answers 401 'two_factor_auth is enable' to an attempt
 * without code and leaves a pending session (5 minutes); the attempt with the code finishes it.
 */
export const login: Handler<"auth.login"> = async ({ login, password, code }, ctx) => {
  const totp = readCode(code);
  const keys = [loginKey(login), ipKey(ctx.clientIp)];
  await assertNotLocked(ctx.db, keys);
  const user = await findUserForLogin(ctx.db, login);
  const passwordOk = await verifyPassword(password, user?.password_hash);
  if (!user || !passwordOk) {
    await recordFailure(ctx.db, [[keys[0]!, LOGIN_POLICY], [keys[1]!, IP_POLICY]]);
    throw wrongCredentials();
  }
  if (user.is_banned === 1) throw new PlatformError("UserBanned", "This account is blocked. Please contact support.");
  await assertNotSelfExcluded(ctx.db, user.uid);

  if (user.two_factor_enabled === 1 && user.two_factor_secret) {
    if (totp === undefined) {
      await ctx.startSession(user.uid, { pendingTwoFactor: true });
      throw twoFactorRequired();
    }
    const pending = ctx.session?.pending && ctx.session.uid === user.uid ? ctx.session : null;
    if (pending?.expired) {
      await ctx.startSession(user.uid, { pendingTwoFactor: true });
      throw twoFactorTimeExpired();
    }
    if (!(await consumeTotp(ctx.db, user.uid, user.two_factor_secret, totp))) {
      await recordFailure(ctx.db, [[keys[0]!, LOGIN_POLICY], [keys[1]!, IP_POLICY]]);
      throw codeInvalid();
    }
  }

  if (user.password_hash && needsRehash(user.password_hash)) {
    await ctx.db.prepare("UPDATE users SET password_hash = ?2 WHERE uid = ?1").bind(user.uid, await hashPassword(password)).run();
  }
  await clearFailures(ctx.db, [keys[0]!]);
  await ctx.startSession(user.uid);
  return playerInfo(ctx, user.uid);
};
