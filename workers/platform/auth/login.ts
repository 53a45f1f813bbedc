import { PlatformError } from "../../../core/api/errors";
import { playerInfo } from "../account/info";
import { phoneCodes } from "../account/personal-data";
import { findUserForLogin, type UserRow } from "../account/users";
import type { Handler, PlatformContext } from "../core/context";
import { recordSignIn } from "../events/sign-in";
import { assertNotSelfExcluded } from "../responsible/self-exclusion";
import { assertAccountNotOnRegister } from "../responsible/national-register";
import { siteJurisdiction } from "../responsible/jurisdiction";
import { trustDevice, trustedDeviceKey } from "./device";
import { hashPassword, needsRehash, verifyPassword } from "./passwords";
import { clearAttempts, recordAttempt, type ThrottleKey } from "../core/throttle";
import { ACCOUNT_POLICY, ADDRESS_POLICY, DEVICE_POLICY } from "../core/throttle-limits";
import { accountKey, assertNotLocked, ipKey, unknownNameKey } from "./throttle";
import { factorRefusal, passSecondFactor, readSecondFactor, twoFactorRequired, twoFactorTimeExpired } from "./two-factor";
import { playerTables } from "../player/routed-d1";

/** One answer for an unknown login, a wrong password and an account without a password. */
const wrongCredentials = () => new PlatformError("Authorization", "Wrong login or password");

/**
 * The throttle keys of an attempt (decision 0024): a browser the account trusts only under its own
 * key; anyone else under the account (or, for an unknown name, the normalised name: the same
 * policy, so the answers match) and the client address.
 */
async function attemptKeys(ctx: PlatformContext, login: string, user: UserRow | null): Promise<ThrottleKey[]> {
  const device = user ? await trustedDeviceKey(ctx, user.uid) : null;
  if (device) return [[device, DEVICE_POLICY]];
  return [
    [user ? accountKey(user.uid) : unknownNameKey(login), ACCOUNT_POLICY],
    [ipKey(ctx.clientIp), ADDRESS_POLICY],
  ];
}

/**
 * auth.login. Order matters: the code's shape, then the throttle, then the password (always with
 * the full key derivation), and only for the right password anything that tells the account apart
 * (banned: 403 with the banned session the forbidden screen needs; two-factor). A two-factor account answers 401 'two_factor_auth is enable' to an attempt
 * without code and leaves a pending session (5 minutes); the attempt with the code (or a backup
 * code, decision 0038) finishes it.
 */
export const login: Handler<"auth.login"> = async ({ login, password, code }, ctx) => {
  const factor = readSecondFactor(code);
  const user = await findUserForLogin(ctx.db, login, await phoneCodes(ctx));
  const keys = await attemptKeys(ctx, login, user);
  await assertNotLocked(
    ctx.db,
    keys.map(([k]) => k),
  );
  const passwordOk = await verifyPassword(password, user?.password_hash);
  if (!user || !passwordOk) {
    await recordAttempt(ctx.db, keys);
    throw wrongCredentials();
  }
  if (user.is_banned === 1) {
    // SPEC §6: a banned player gets the forbidden screen, as a banned session does (decision 0060).
    // The right password opens that session — every call but auth.logout answers it 403 — so the
    // app shows the 403 screen however the sign-in was sent, and the player can still sign out.
    await ctx.startSession(user.uid);
    throw new PlatformError("UserBanned", "This account is blocked. Please contact support.");
  }
  await assertNotSelfExcluded(playerTables(ctx.env, user.uid), user.uid);
  // The player's national self-exclusion register, asked again at every sign-in (decision 0092).
  await assertAccountNotOnRegister(ctx.env, ctx.db, await siteJurisdiction(ctx), user);

  if (user.two_factor_enabled === 1 && user.two_factor_secret) {
    if (factor === undefined) {
      await ctx.startSession(user.uid, { pendingTwoFactor: true });
      throw twoFactorRequired();
    }
    const pending = ctx.session?.pending && ctx.session.uid === user.uid ? ctx.session : null;
    if (pending?.expired) {
      await ctx.startSession(user.uid, { pendingTwoFactor: true });
      throw twoFactorTimeExpired();
    }
    const check = await passSecondFactor(ctx.db, user.uid, user.two_factor_secret, factor);
    if (check !== "ok") {
      await recordAttempt(ctx.db, keys);
      throw factorRefusal(check);
    }
  }

  if (user.password_hash && needsRehash(user.password_hash)) {
    await ctx.db
      .prepare("UPDATE users SET password_hash = ?2 WHERE uid = ?1")
      .bind(user.uid, await hashPassword(password))
      .run();
  }
  // The keys this attempt passed through start afresh; the address's count stays (other accounts').
  await clearAttempts(ctx.db, [keys[0]![0]]);
  await trustDevice(ctx, user.uid);
  await ctx.startSession(user.uid);
  await recordSignIn(ctx.db, user.uid, "password");
  return playerInfo(ctx, user.uid);
};
