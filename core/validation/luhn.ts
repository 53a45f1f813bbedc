/** Luhn (mod 10) checks: card numbers and card-based document numbers. */
import { fail, toText, type RuleResult } from "./core";

/** True when a string of digits passes the Luhn check; anything but digits fails. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card numbers (PANs) are 12 to 19 digits; people type them with spaces or hyphens. */
export const CARD_NUMBER_MIN_LENGTH = 12;
export const CARD_NUMBER_MAX_LENGTH = 19;

export function normalizeCardNumber(value: unknown): string {
  return toText(value).replace(/[\s-]+/g, "");
}

export function isCardNumber(digits: string): boolean {
  return digits.length >= CARD_NUMBER_MIN_LENGTH && digits.length <= CARD_NUMBER_MAX_LENGTH && isLuhnValid(digits);
}

export function cardNumber(value: unknown): RuleResult {
  const v = normalizeCardNumber(value);
  if (v === "") return fail("required");
  return isCardNumber(v) ? null : fail("cardNumber");
}
