/**
 * Profile checks that need more than a pattern (the patterns live in the contract's Zod schemas):
 * real calendar dates, the player's age, Luhn document numbers and known country codes.
 */

import { displayName } from "../../../core/intl-cache";

export const MIN_AGE_YEARS = 18;

/** YYYY-MM-DD or DD.MM.YYYY as an ISO date, or null when it is not a real calendar date. */
export function isoDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) ?? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = value.includes("-") ? [m[1]!, m[2]!, m[3]!] : [m[3]!, m[2]!, m[1]!];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const iso = `${y}-${mo}-${d}`;
  return date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** Why a birth date is refused, or null: not a date, in the future, too young, or implausibly old. */
export function birthDateProblem(value: string, now = new Date()): string | null {
  const iso = isoDate(value);
  if (!iso) return "Wrong date";
  const today = now.toISOString().slice(0, 10);
  const year = now.getUTCFullYear();
  if (iso > today || iso < `${year - 120}${today.slice(4)}`) return "Wrong date";
  if (!ageAtLeast(iso, MIN_AGE_YEARS, now)) return `You must be at least ${MIN_AGE_YEARS} years old`;
  return null;
}

/** Whether someone born on `iso` (YYYY-MM-DD) is `years` old or older on `now`'s date. */
/** Whether a player born on `birthDate` is not yet `years` old on `now`'s date; an unknown birth date counts as younger (the markets' rules for young players). */
export const youngerThan = (birthDate: string | null, years: number, now = new Date()): boolean => birthDate === null || !ageAtLeast(birthDate, years, now);

export function ageAtLeast(iso: string, years: number, now = new Date()): boolean {
  const today = now.toISOString().slice(0, 10);
  return iso <= `${now.getUTCFullYear() - years}${today.slice(4)}`;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return digits.length > 1 && sum % 10 === 0;
}

/** SPEC §5 default document rule: 6 digits, three dots, 4 digits; a Luhn-valid number; or 'new'. */
export function documentNumberValid(value: string): boolean {
  return /^\d{6}\.{3}\d{4}$/.test(value) || value === "new" || (/^\d+$/.test(value) && luhnValid(value));
}

let regions: Intl.DisplayNames | null | undefined;

/** Whether an ISO 3166-1 alpha-2 code names a real region (by the runtime's ICU data). */
export function knownCountry(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === "ZZ") return false;
  if (regions === undefined) {
    try {
      regions = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    } catch {
      regions = null;
    }
  }
  if (!regions) return true;
  try {
    return regions.of(code) !== undefined;
  } catch {
    return false;
  }
}

/** The country's name in the locale, or the code when the runtime has no name for it. */
export function countryName(code: string, locale: string): string {
  if (!code) return "";
  try {
    return displayName([locale, "en"], { type: "region", fallback: "code" }, code) ?? code;
  } catch {
    return code;
  }
}

/**
 * What identifies the person behind an account for payouts and identity checks: the name and date
 * of birth, as on the identity document. A withdrawal (UserNeedProfileData) and a verification
 * attempt (KycUserProfile) need them filled in. In the order the profile shows them.
 */
export const IDENTITY_PROFILE_FIELDS = ["first_name", "last_name", "birth_date"] as const;

/** The identity fields a player has not filled in. */
export function missingIdentityFields(row: Record<(typeof IDENTITY_PROFILE_FIELDS)[number], string | null>): string[] {
  return IDENTITY_PROFILE_FIELDS.filter((f) => !row[f]?.trim());
}
