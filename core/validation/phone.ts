/**
 * Phone numbers (SPEC §5): masks, the phone rule and country detection on paste.
 *
 * Mask tokens: "#" a digit, "@" a letter, "*" a letter or a digit; every other mask character is
 * a literal that `applyMask` inserts (and consumes when the input already has it). The stored
 * value is the unmasked national number (digits only for "#" masks); the country's phone code
 * travels separately as `phone_country_code`.
 */
import { fail, toText, type RuleResult } from "./core";

const TOKENS: Readonly<Record<string, (ch: string) => boolean>> = {
  "#": (ch) => /^\d$/.test(ch),
  "@": (ch) => /^\p{L}$/u.test(ch),
  "*": (ch) => /^[\p{L}\d]$/u.test(ch),
};
const SIGNIFICANT = /^[\p{L}\d]$/u;

export type PhoneMask = string | readonly string[] | null | undefined;

export function maskList(mask: PhoneMask): string[] {
  const list = typeof mask === "string" ? [mask] : (mask ?? []);
  return list.filter((m): m is string => typeof m === "string" && m !== "");
}

/** How many characters a mask takes (its tokens). */
export function maskCapacity(mask: string): number {
  let n = 0;
  for (const ch of mask) if (TOKENS[ch]) n++;
  return n;
}

interface MaskScan {
  masked: string;
  filled: number;
  /** A letter or digit of the input that no token could take (skipped or left over). */
  rejected: boolean;
}

function scan(value: string, mask: string): MaskScan {
  const input = Array.from(value);
  const pattern = Array.from(mask);
  let out = "";
  let end = 0; // output length up to the last filled token: trailing literals are not shown
  let filled = 0;
  let rejected = false;
  let i = 0;
  for (let m = 0; m < pattern.length && i < input.length; m++) {
    const token = pattern[m]!;
    const accepts = TOKENS[token];
    if (!accepts) {
      out += token;
      if (input[i] === token) i++;
      continue;
    }
    while (i < input.length && !accepts(input[i]!)) {
      if (SIGNIFICANT.test(input[i]!)) rejected = true;
      i++;
    }
    if (i >= input.length) break;
    out += input[i++];
    end = out.length;
    filled++;
  }
  for (; i < input.length; i++) if (SIGNIFICANT.test(input[i]!)) rejected = true;
  return { masked: out.slice(0, end), filled, rejected };
}

/** The input as the mask shows it, e.g. applyMask("9161234567", "(###) ###-##-##") → "(916) 123-45-67". */
export function applyMask(value: unknown, mask: string): string {
  return scan(toText(value), mask).masked;
}

/** True when the value fills the mask exactly, with no character left over or out of place. */
export function matchesMask(value: unknown, mask: string): boolean {
  const result = scan(toText(value), mask);
  return result.filled === maskCapacity(mask) && result.filled > 0 && !result.rejected;
}

export function digitsOnly(value: unknown): string {
  return toText(value).replace(/\D+/g, "");
}

/** The unmasked value a phone input keeps: letters and digits only. */
export function unmaskPhone(value: unknown): string {
  return toText(value).replace(/[^\p{L}\d]+/gu, "");
}

/** Without a mask a phone is 5 to 15 digits (E.164 allows at most 15). */
export const PHONE_PATTERN = /^\d{5,15}$/;

export interface PhoneOptions {
  mask?: PhoneMask;
  isRequired?: boolean;
}

/** Required; fills one of the country's masks, or is 5–15 digits when there is no mask. */
export function phone(value: unknown, options: PhoneOptions = {}): RuleResult {
  const v = unmaskPhone(value);
  if (v === "") return (options.isRequired ?? true) ? fail("required") : null;
  const masks = maskList(options.mask);
  const ok = masks.length > 0 ? masks.some((m) => matchesMask(v, m)) : PHONE_PATTERN.test(v);
  return ok ? null : fail("phone");
}

export interface PhoneCountry {
  country_code: string;
  phone_code: string | number;
  name?: string;
  mask?: PhoneMask;
}

export interface DetectedPhone<C extends PhoneCountry = PhoneCountry> {
  country: C;
  /** The national number: the pasted digits after the phone code. */
  number: string;
}

/**
 * The country of a pasted international number: the first option (in list order) whose phone
 * code starts the digits and whose mask takes exactly the remaining digits. Without a mask an
 * option matches on the phone code alone if any digits remain. Null when no option fits.
 */
export function detectPhoneCountry<C extends PhoneCountry>(pasted: unknown, options: readonly C[]): DetectedPhone<C> | null {
  const digits = digitsOnly(pasted);
  if (digits === "") return null;
  for (const country of options) {
    const code = digitsOnly(country.phone_code);
    if (code === "" || !digits.startsWith(code)) continue;
    const rest = digits.slice(code.length);
    const masks = maskList(country.mask);
    const fits = masks.length > 0 ? masks.some((m) => maskCapacity(m) === rest.length) : rest.length > 0;
    if (fits) return { country, number: rest };
  }
  return null;
}

/** A country's phone code, as the sign-in reads a phone typed with it. */
export interface PhoneCode {
  code: string;
  phone_code: string;
}

/**
 * The phone contacts a typed sign-in name may be: a phone is kept as its country's national number
 * (the platform's contacts), so "555-201-7777" is 5552017777 of any country, and "+1 555 201 7777" (or
 * 0015552017777) is 5552017777 of each country whose code starts it. None for a name with letters.
 */
export function phoneCandidates(typed: string, codes: readonly PhoneCode[]): { national: string; country: string | null }[] {
  const text = typed.trim();
  if (!/^\+?[\d\s().-]{5,}$/.test(text)) return [];
  const international = text.startsWith("+") || text.startsWith("00");
  const digits = text.replace(/\D/g, "").replace(text.startsWith("00") ? /^00/ : /^/, "");
  const out: { national: string; country: string | null }[] = international ? [] : [{ national: digits, country: null }];
  for (const c of codes)
    if (digits.length > c.phone_code.length + 3 && digits.startsWith(c.phone_code)) out.push({ national: digits.slice(c.phone_code.length), country: c.code });
  return out;
}
