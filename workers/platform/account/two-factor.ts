import type { SiteMetadata } from "../../../app/lib/api/entities";
import { PlatformError } from "../../../app/lib/api/errors";
import { revokeUserSessions } from "../auth/sessions";
import { ACCOUNT_POLICY, assertNotLocked, reauthKey, recordFailure } from "../auth/throttle";
import { newTotpSecret, otpauthUri } from "../auth/totp";
import { codeInvalid, consumeTotp, requireCode } from "../auth/two-factor";
import type { Handler, PlatformContext } from "../core/context";
import { readSetting } from "../core/settings";
import { loadUser, type UserRow } from "./users";

const refuse = (message: string, field = "enable") => new PlatformError("InvalidParameter", message, { fields: { [field]: [message] } });

/** Checks a code of `secret` once; wrong codes count against the account's sign-in throttle. */
async function checkCode(ctx: PlatformContext, user: UserRow, secret: string, code: string): Promise<void> {
  const key = reauthKey(user.uid);
  await assertNotLocked(ctx.db, [key]);
  if (!(await consumeTotp(ctx.db, user.uid, secret, code))) {
    await recordFailure(ctx.db, [[key, ACCOUNT_POLICY]]);
    throw codeInvalid();
  }
}

/**
 * account.changeTwoFactorAuth. enable=1 makes a new secret that waits for confirmTwoFactorAuth
 * (asking again replaces it); enable=0 needs a valid code of the active secret.
 */
export const changeTwoFactorAuth: Handler<"account.changeTwoFactorAuth"> = async ({ enable, code }, ctx) => {
  const user = (await loadUser(ctx.db, ctx.uid))!;
  if (enable === "1") {
    if (user.two_factor_enabled === 1) throw refuse("two_factor_auth is already enabled");
    const secret = newTotpSecret();
    const { siteName } = await readSetting<Pick<SiteMetadata, "siteName">>(ctx.db, "metadata");
    await ctx.db.prepare("UPDATE users SET two_factor_pending_secret = ?2 WHERE uid = ?1").bind(user.uid, secret).run();
    return { secret, uri: otpauthUri(siteName, user.login, secret) };
  }
  if (user.two_factor_enabled !== 1 || !user.two_factor_secret) {
    await ctx.db.prepare("UPDATE users SET two_factor_pending_secret = NULL WHERE uid = ?1").bind(user.uid).run();
    return 1 as const;
  }
  await checkCode(ctx, user, user.two_factor_secret, requireCode(code));
  await ctx.db
    .prepare(
      "UPDATE users SET two_factor_enabled = 0, two_factor_secret = NULL, two_factor_pending_secret = NULL WHERE uid = ?1",
    )
    .bind(user.uid)
    .run();
  return 1 as const;
};

/** account.confirmTwoFactorAuth: a code of the waiting secret turns two-factor on and ends other sessions. */
export const confirmTwoFactorAuth: Handler<"account.confirmTwoFactorAuth"> = async ({ code }, ctx) => {
  const user = (await loadUser(ctx.db, ctx.uid))!;
  const totp = requireCode(code);
  if (!user.two_factor_pending_secret) throw refuse("two_factor_auth: nothing to confirm, enable it first", "code");
  await checkCode(ctx, user, user.two_factor_pending_secret, totp);
  await ctx.db
    .prepare(
      `UPDATE users SET two_factor_enabled = 1, two_factor_secret = two_factor_pending_secret,
         two_factor_pending_secret = NULL WHERE uid = ?1 AND two_factor_pending_secret = ?2`,
    )
    .bind(user.uid, user.two_factor_pending_secret)
    .run();
  await revokeUserSessions(ctx.db, user.uid, ctx.session?.idHash);
  return 1 as const;
};
