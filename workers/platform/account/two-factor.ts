import type { SiteMetadata } from "../../../core/api/entities";
import { PlatformError } from "../../../core/api/errors";
import { backupCodeCounts, deleteBackupCodes, FIRST_SET_WINDOW_MS, replaceBackupCodes } from "../auth/backup-codes";
import { revokeUserSessions } from "../auth/sessions";
import { assertNotLocked, reauthKey } from "../auth/throttle";
import { recordAttempt } from "../core/throttle";
import { ACCOUNT_POLICY } from "../core/throttle-limits";
import { newTotpSecret, otpauthUri } from "../auth/totp";
import { factorRefusal, passSecondFactor, readSecondFactor, requireCode, type SecondFactor } from "../auth/two-factor";
import type { Handler, PlatformContext } from "../core/context";
import { readMetadata } from "../core/settings";
import { loadUser, type UserRow } from "./users";

const refuse = (message: string, field = "enable") => new PlatformError("InvalidParameter", message, { fields: { [field]: [message] } });

/** Checks a second factor once; wrong ones count against the account's sign-in throttle. */
async function checkFactor(ctx: PlatformContext, user: UserRow, secret: string, factor: SecondFactor): Promise<void> {
  const key = reauthKey(user.uid);
  await assertNotLocked(ctx.db, [key]);
  const check = await passSecondFactor(ctx.db, user.uid, secret, factor);
  if (check !== "ok") {
    await recordAttempt(ctx.db, [[key, ACCOUNT_POLICY]]);
    throw factorRefusal(check);
  }
}

/** A required second factor: the authenticator's code or a backup code. */
function requireFactor(code: string | undefined): SecondFactor {
  return readSecondFactor(code) ?? { kind: "totp", code: requireCode(code) };
}

/**
 * account.changeTwoFactorAuth. enable=1 makes a new secret that waits for confirmTwoFactorAuth
 * (asking again replaces it); enable=0 needs a valid code of the active secret, or a backup code
 * (a player who lost the phone), and drops the backup codes with the secret.
 */
export const changeTwoFactorAuth: Handler<"account.changeTwoFactorAuth"> = async ({ enable, code }, ctx) => {
  const user = (await loadUser(ctx.db, ctx.uid))!;
  if (enable === "1") {
    if (user.two_factor_enabled === 1) throw refuse("two_factor_auth is already enabled");
    const secret = newTotpSecret();
    const { siteName } = await readMetadata<Pick<SiteMetadata, "siteName">>(ctx);
    await ctx.db.prepare("UPDATE users SET two_factor_pending_secret = ?2 WHERE uid = ?1").bind(user.uid, secret).run();
    return { secret, uri: otpauthUri(siteName, user.login, secret) };
  }
  if (user.two_factor_enabled !== 1 || !user.two_factor_secret) {
    await ctx.db.prepare("UPDATE users SET two_factor_pending_secret = NULL WHERE uid = ?1").bind(user.uid).run();
    return 1 as const;
  }
  await checkFactor(ctx, user, user.two_factor_secret, requireFactor(code));
  await ctx.db.batch([
    ctx.db
      .prepare(
        `UPDATE users SET two_factor_enabled = 0, two_factor_secret = NULL, two_factor_pending_secret = NULL,
           two_factor_enabled_at = NULL WHERE uid = ?1`,
      )
      .bind(user.uid),
    ctx.db.prepare("DELETE FROM two_factor_backup_codes WHERE uid = ?1").bind(user.uid),
  ]);
  return 1 as const;
};

/**
 * account.confirmTwoFactorAuth: a code of the waiting secret turns two-factor on and ends other
 * sessions. Backup codes of an earlier secret are dropped: account.createBackupCodes makes the new
 * set (without a code for FIRST_SET_WINDOW_MS).
 */
export const confirmTwoFactorAuth: Handler<"account.confirmTwoFactorAuth"> = async ({ code }, ctx) => {
  const user = (await loadUser(ctx.db, ctx.uid))!;
  const totp = requireCode(code);
  if (!user.two_factor_pending_secret) throw refuse("two_factor_auth: nothing to confirm, enable it first", "code");
  await checkFactor(ctx, user, user.two_factor_pending_secret, { kind: "totp", code: totp });
  await ctx.db
    .prepare(
      `UPDATE users SET two_factor_enabled = 1, two_factor_secret = two_factor_pending_secret,
         two_factor_pending_secret = NULL, two_factor_enabled_at = ?3 WHERE uid = ?1 AND two_factor_pending_secret = ?2`,
    )
    .bind(user.uid, user.two_factor_pending_secret, Date.now())
    .run();
  await deleteBackupCodes(ctx.db, user.uid);
  await revokeUserSessions(ctx.db, user.uid, ctx.session?.idHash);
  return 1 as const;
};

/** account.getBackupCodes: how many backup codes are left (the codes themselves are never shown again). */
export const getBackupCodes: Handler<"account.getBackupCodes"> = async (_p, ctx) => backupCodeCounts(ctx.db, ctx.uid);

/**
 * account.createBackupCodes: a new set of backup codes, replacing the old (whose unused codes stop
 * working), answered once. Needs two-factor on and a code of the authenticator (a backup code does
 * not make new ones); the very first set after turning it on needs none for FIRST_SET_WINDOW_MS.
 */
export const createBackupCodes: Handler<"account.createBackupCodes"> = async ({ code }, ctx) => {
  const user = (await loadUser(ctx.db, ctx.uid))!;
  if (user.two_factor_enabled !== 1 || !user.two_factor_secret) throw refuse("two_factor_auth is not enabled", "code");
  const now = Date.now();
  const firstSet =
    (await backupCodeCounts(ctx.db, user.uid)).total === 0 && user.two_factor_enabled_at !== null && now - user.two_factor_enabled_at < FIRST_SET_WINDOW_MS;
  if (!(firstSet && !code?.trim())) {
    await checkFactor(ctx, user, user.two_factor_secret, { kind: "totp", code: requireCode(code) });
  }
  return { codes: await replaceBackupCodes(ctx.db, user.uid, now) };
};
