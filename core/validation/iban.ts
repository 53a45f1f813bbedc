/** IBAN rule (SPEC §5): the country's length and structure, then the ISO 7064 mod-97 checksum. */
import { fail, toText, type RuleResult } from "./core";
import { ibanSpec } from "./iban-countries";

/** Without spaces or hyphens, upper-cased: "de89 3704…" → "DE893704…". */
export function normalizeIban(value: unknown): string {
  return toText(value)
    .replace(/[\s-]+/g, "")
    .toUpperCase();
}

/** The remainder mod 97 of the IBAN rearranged (first four characters moved to the end, A=10…Z=35). */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    if (code >= 48 && code <= 57) remainder = (remainder * 10 + (code - 48)) % 97;
    else if (code >= 65 && code <= 90) remainder = (remainder * 100 + (code - 55)) % 97;
    else return -1;
  }
  return remainder;
}

export function ibanChecksumValid(iban: string): boolean {
  return /^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) && mod97(iban) === 1;
}

/** The two check digits for a country and BBAN (handy to build test and demo IBANs). */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const r = mod97(`${countryCode}00${bban}`);
  return String(98 - r).padStart(2, "0");
}

export function isValidIban(value: unknown, options: IbanOptions = {}): boolean {
  const v = normalizeIban(value);
  const country = v.slice(0, 2);
  if (options.countries && !options.countries.includes(country)) return false;
  const spec = ibanSpec(country);
  return spec !== null && v.length === spec.length && spec.pattern.test(v) && ibanChecksumValid(v);
}

export interface IbanOptions {
  /** Only these countries' IBANs are accepted (e.g. the payment method's). Default: every known one. */
  countries?: readonly string[];
  isRequired?: boolean;
}

export function iban(value: unknown, options: IbanOptions = {}): RuleResult {
  if (normalizeIban(value) === "") return (options.isRequired ?? true) ? fail("required") : null;
  return isValidIban(value, options) ? null : fail("iban");
}
