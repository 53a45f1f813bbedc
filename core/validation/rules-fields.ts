/** Generic and profile field rules (SPEC §5): text, custom, sex, postcode, checkboxes, document number. */
import { charCount, fail, toRegExp, toText, type RuleResult } from "./core";
import { isCardNumber } from "./luhn";

export interface TextOptions {
  /** Default true: an empty value is `required`. False lets an empty value pass. */
  isRequired?: boolean;
  min?: number;
  max?: number;
}

/** Plain text (also cpf, documentType, documentNumber and login fields of dynamic forms). */
export function text(value: unknown, options: TextOptions = {}): RuleResult {
  const v = toText(value).trim();
  if (v === "") return (options.isRequired ?? true) ? fail("required") : null;
  const n = charCount(v);
  if (options.min !== undefined && n < options.min) return fail("minLength", { min: options.min });
  if (options.max !== undefined && n > options.max) return fail("maxLength", { max: options.max });
  return null;
}

export interface CustomOptions {
  /** A RegExp, its source, or "/source/flags". An invalid pattern is ignored. */
  regex?: RegExp | string | null;
  /** Default: required when there is no regex, optional when there is one. */
  isRequired?: boolean;
}

/** A configured field: the regex when there is one (an empty value skips it), else non-empty. */
export function custom(value: unknown, options: CustomOptions = {}): RuleResult {
  const re = toRegExp(options.regex);
  const v = toText(value);
  if (v.trim() === "") return (options.isRequired ?? !re) ? fail("required") : null;
  return re && !re.test(v) ? fail("wrongField") : null;
}

/** Sex must be set: an empty value or the profile's default 0 means not set. */
export function sex(value: unknown): RuleResult {
  const v = toText(value).trim();
  return v === "" || v === "0" ? fail("required") : null;
}

export const POSTCODE_PATTERN = /^\d{1,8}$/;

/** Postcode: up to 8 digits, or the country's configured regex. */
export interface PostcodeOptions {
  regex?: RegExp | string | null;
  isRequired?: boolean;
}

export function postcode(value: unknown, options: PostcodeOptions = {}): RuleResult {
  const v = toText(value).trim();
  if (v === "") return (options.isRequired ?? true) ? fail("required") : null;
  return (toRegExp(options.regex) ?? POSTCODE_PATTERN).test(v) ? null : fail("postcode");
}

/** How a checked box can arrive: a boolean, the browser's "on", or config-style "1"/"true"/"yes". */
export function isTruthy(value: unknown): boolean {
  if (value === true || value === 1) return true;
  return typeof value === "string" && ["on", "1", "true", "yes"].includes(value.trim().toLowerCase());
}

/** A box that must be checked. */
export function checkbox(value: unknown): RuleResult {
  return isTruthy(value) ? null : fail("checkbox");
}

/** The terms box: must be checked while the terms option is active. */
export function terms(value: unknown, options: { active?: boolean } = {}): RuleResult {
  return !(options.active ?? true) || isTruthy(value) ? null : fail("terms");
}

/**
 * Document number of a card requisite. Valid values:
 * - a saved card as the platform masks it: six digits, three dots, four digits ("411111...1111"),
 *   or the operator's `pattern` instead of that default;
 * - a full card number: 12–19 digits passing Luhn (spaces and hyphens ignored);
 * - the literal "new" (the "add a new card" choice).
 */
export const MASKED_CARD_PATTERN = /^\d{6}\.{3}\d{4}$/;

export function documentNumber(value: unknown, options: { pattern?: RegExp | string | null } = {}): RuleResult {
  const v = toText(value).trim();
  if (v === "") return fail("required");
  if (v === "new") return null;
  if ((toRegExp(options.pattern) ?? MASKED_CARD_PATTERN).test(v)) return null;
  return isCardNumber(v.replace(/[\s-]+/g, "")) ? null : fail("documentNumber");
}
