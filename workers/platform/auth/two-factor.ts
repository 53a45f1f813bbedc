import { PlatformError } from "../../../core/api/errors";
import { CODE_DIGITS, CODE_INVALID, CODE_USED } from "../../../core/api/two-factor-answers";
import { backupCodeDigits, consumeBackupCode } from "./backup-codes";
import { matchTotp } from "./totp";

/** The clock codes are checked against; tests hold it still (tests/workers/auth-helpers.ts frozenTotpClock). */
export const totpClock = { now: (): number => Date.now() };

/**
 * The two-factor answers of SPEC §8 and single-use code checking. The messages are the platform's
 * own wording, which the app maps to translations.
 */

/** Used steps older than this many steps are forgotten: they are outside every window anyway. */
const USED_STEPS_KEPT = 10;

/**
 * The code comes from the player's authenticator app: the platform sends nothing, so its answers
 * name no `resend_time` (SPEC §8 lets a platform that sends codes name one; the app then offers a
 * resend after that countdown, and without one it offers none — decision 0032).
 */
export function twoFactorRequired(): PlatformError {
  return new PlatformError("Authorization", "two_factor_auth is enable", { params: { two_factor_auth: true } });
}

export function twoFactorTimeExpired(): PlatformError {
  return new PlatformError("Authorization", "Time expired", { params: { two_factor_auth: true } });
}

export function codeInvalid(): PlatformError {
  return new PlatformError("InvalidParameter", CODE_INVALID, { fields: { code: [CODE_INVALID] } });
}

/** A right code used again (a replay, or the same code typed twice within its 30 s): said as such, not as a wrong one. */
export function codeUsed(): PlatformError {
  return new PlatformError("InvalidParameter", CODE_USED, { fields: { code: [CODE_USED] } });
}

/** How a second factor was taken: accepted, wrong, or right but already used. */
export type FactorCheck = "ok" | "invalid" | "used";

/** The refusal of a second factor that was not accepted. */
export function factorRefusal(check: Exclude<FactorCheck, "ok">): PlatformError {
  return check === "used" ? codeUsed() : codeInvalid();
}

/** The code as sent: undefined when left out or blank (a resend), else exactly six digits. */
export function readCode(code: string | undefined): string | undefined {
  const c = code?.trim();
  if (!c) return undefined;
  if (!/^\d{6}$/.test(c)) {
    throw new PlatformError("InvalidParameter", CODE_DIGITS, { fields: { code: [CODE_DIGITS] } });
  }
  return c;
}

/** Like readCode, for methods where the code is required. */
export function requireCode(code: string | undefined): string {
  const c = readCode(code);
  if (c === undefined) throw new PlatformError("InvalidParameter", CODE_DIGITS, { fields: { code: [CODE_DIGITS] } });
  return c;
}

/** A second factor as typed: an authenticator's code, or one of the player's backup codes. */
export type SecondFactor = { kind: "totp"; code: string } | { kind: "backup"; digits: string };

/**
 * The second factor as sent: undefined when left out or blank (a resend); six digits are an
 * authenticator's code, ten (12345-67890, the dash optional) a backup code; anything else answers
 * 'the code must contain 6 digits', the spec's words for a code of the wrong shape.
 */
export function readSecondFactor(code: string | undefined): SecondFactor | undefined {
  const c = code?.trim();
  if (!c) return undefined;
  const digits = backupCodeDigits(c);
  if (digits) return { kind: "backup", digits };
  return { kind: "totp", code: readCode(c)! };
}

/** Checks a second factor once: a code of `secret` (as consumeTotp), or an unused backup code. */
export async function passSecondFactor(db: D1Database, uid: number, secret: string, factor: SecondFactor): Promise<FactorCheck> {
  if (factor.kind === "totp") return consumeTotp(db, uid, secret, factor.code);
  return (await consumeBackupCode(db, uid, factor.digits)) ? "ok" : "invalid";
}

/**
 * Accepts a code of `secret` within ±1 time step, once: the step is recorded for the player in the
 * same statement that checks it was not used, and no step at or before a used one is accepted
 * ("used": the code was right, but spent).
 */
export async function consumeTotp(db: D1Database, uid: number, secret: string, code: string, now = totpClock.now()): Promise<FactorCheck> {
  const step = await matchTotp(secret, code, now);
  if (step === null) return "invalid";
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO used_totp (uid, step) SELECT ?1, ?2
         WHERE NOT EXISTS (SELECT 1 FROM used_totp WHERE uid = ?1 AND step >= ?2)`,
      )
      .bind(uid, step),
    db.prepare("DELETE FROM used_totp WHERE uid = ?1 AND step < ?2").bind(uid, step - USED_STEPS_KEPT),
  ]);
  // Right, but its step (or a later one) was used: the code was already used.
  return (inserted?.meta.changes ?? 0) === 1 ? "ok" : "used";
}
