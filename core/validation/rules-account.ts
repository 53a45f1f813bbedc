/** Sign-in and account rules (SPEC §5, limits §9): password, 2FA code, login, email, fakename, promo code. */
import { charCount, fail, toRegExp, toText, type RuleResult } from "./core";

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 20;
export const CODE_LENGTH = 6;
export const FAKENAME_MIN_LENGTH = 4;

/** Passwords take printable ASCII without spaces: Latin letters, digits and ASCII punctuation. */
const PASSWORD_CHAR = /^[\x21-\x7e]$/;

/**
 * The characters of a password that are not allowed, each once, in order of appearance.
 * Whitespace is shown as "␣" so an offending space is visible in the message.
 */
export function offendingPasswordChars(value: string): string[] {
  const seen = new Set<string>();
  for (const ch of value) {
    if (!PASSWORD_CHAR.test(ch)) seen.add(/\s/.test(ch) ? "␣" : ch);
  }
  return [...seen];
}

export interface PasswordOptions {
  min?: number;
  max?: number;
  /** The operator's password format; failing it reports `password` ("Wrong password"). */
  pattern?: RegExp | string | null;
}

/** Required; only allowed characters (the offending ones are listed); 6 to 20 long; configured format. */
export function password(value: unknown, options: PasswordOptions = {}): RuleResult {
  const v = toText(value);
  if (v === "") return fail("required");
  const bad = offendingPasswordChars(v);
  if (bad.length > 0) return fail("passwordChars", { chars: bad.join(" ") });
  const min = options.min ?? PASSWORD_MIN_LENGTH;
  const max = options.max ?? PASSWORD_MAX_LENGTH;
  if (v.length < min) return fail("minLength", { min });
  if (v.length > max) return fail("maxLength", { max });
  const format = toRegExp(options.pattern);
  if (format && !format.test(v)) return fail("password");
  return null;
}

/** The repeated password: required, and equal to the first one. */
export function passwordRepeat(value: unknown, options: { password?: unknown } = {}): RuleResult {
  const v = toText(value);
  if (v === "") return fail("required");
  return v === toText(options.password) ? null : fail("passwordsMismatch");
}

/** The code without the spaces people paste with it. */
export function normalizeCode(value: unknown): string {
  return toText(value).replace(/\s+/g, "");
}

/** Two-factor code: required, digits only, exactly six of them. */
export function code(value: unknown, options: { length?: number } = {}): RuleResult {
  const v = normalizeCode(value);
  const length = options.length ?? CODE_LENGTH;
  if (v === "") return fail("required");
  return /^\d+$/.test(v) && v.length === length ? null : fail("codeDigits", { length });
}

/** A login as the platform wants it: trimmed, leading plus signs of a phone login removed. */
export function normalizeLogin(value: unknown): string {
  return toText(value).trim().replace(/^\++/, "");
}

export function login(value: unknown): RuleResult {
  return normalizeLogin(value) === "" ? fail("required") : null;
}

/** No spaces, one @, and a domain of two or three dot-separated parts. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+){1,2}$/u;
export const EMAIL_MAX_LENGTH = 254;

export function email(value: unknown): RuleResult {
  const v = toText(value).trim();
  if (v === "") return fail("required");
  return v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v) ? null : fail("email");
}

/** The public nickname: letters and digits of any script, no spaces or special characters, 4+ long. */
export function fakename(value: unknown, options: { min?: number; max?: number } = {}): RuleResult {
  const v = toText(value);
  if (v.trim() === "") return fail("required");
  if (!/^[\p{L}\p{M}\p{Nd}]+$/u.test(v)) return fail("fakename");
  const n = charCount(v);
  const min = options.min ?? FAKENAME_MIN_LENGTH;
  if (n < min) return fail("minLength", { min });
  if (options.max !== undefined && n > options.max) return fail("maxLength", { max: options.max });
  return null;
}

/**
 * Promo code: locally always valid (the platform checks it), compared trimmed; when the field is
 * shown it needs at least one character.
 */
export function promoCode(value: unknown, options: { shown?: boolean } = {}): RuleResult {
  return (options.shown ?? true) && toText(value).trim() === "" ? fail("required") : null;
}
