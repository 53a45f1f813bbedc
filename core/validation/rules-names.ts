/**
 * Name-like fields (SPEC §5): first, middle and last name, address, card holder.
 *
 * Names take letters of the Latin script (A–Z and its accented forms, which include every Latvian
 * letter: ā č ē ģ ī ķ ļ ņ š ū ž) and of the Cyrillic script, plus the common punctuation "." and
 * "-". The characters SPEC lists — , _ space ' " ! ? # $ % ^ & * ( ) { } [ ] | / \ < > ~ § + : ;
 * and the backtick — are rejected, as is anything outside those classes. Input is NFC-normalised
 * first so a letter typed as base + combining accent counts as one letter.
 */
import { fail, toText, type RuleResult } from "./core";

/** SPEC's explicit list of characters no name may contain. */
export const NAME_FORBIDDEN_CHARS: readonly string[] = [
  ",",
  "_",
  " ",
  "'",
  '"',
  "!",
  "?",
  "#",
  "$",
  "%",
  "^",
  "&",
  "*",
  "(",
  ")",
  "{",
  "}",
  "[",
  "]",
  "|",
  "/",
  "\\",
  "<",
  ">",
  "~",
  "§",
  "+",
  ":",
  ";",
  "`",
];
const FORBIDDEN = new Set(NAME_FORBIDDEN_CHARS);
const NAME_LETTER = /^[\p{Script=Latin}\p{Script=Cyrillic}]$/u;
const LETTER = /^\p{L}$/u;
const MARK = /^\p{M}$/u;
const NAME_PUNCTUATION = new Set([".", "-"]);

export interface NameOptions {
  /** Optional fields pass when empty. Default true. */
  isRequired?: boolean;
}

function isNameChar(ch: string, allowDigits: boolean): boolean {
  if (FORBIDDEN.has(ch)) return false;
  if (LETTER.test(ch)) return NAME_LETTER.test(ch);
  if (MARK.test(ch)) return true;
  if (/^[0-9]$/.test(ch)) return allowDigits;
  return NAME_PUNCTUATION.has(ch);
}

function nameRule(value: unknown, allowDigits: boolean, options: NameOptions): RuleResult {
  const v = toText(value).trim().normalize("NFC");
  if (v === "") return (options.isRequired ?? true) ? fail("required") : null;
  let hasLetter = false;
  for (const ch of v) {
    if (!isNameChar(ch, allowDigits)) return fail("wrongField");
    if (LETTER.test(ch)) hasLetter = true;
  }
  return hasLetter ? null : fail("wrongField");
}

/** First (and middle) name: letters and "." "-" only; digits and specials are wrong. */
export function firstName(value: unknown, options: NameOptions = {}): RuleResult {
  return nameRule(value, false, options);
}

export const middleName = firstName;

/** Last name: like the first name, but digits are allowed. */
export function lastName(value: unknown, options: NameOptions = {}): RuleResult {
  return nameRule(value, true, options);
}

/** Characters an address may not contain: @, underscore, quotes of any kind and markup-like signs. */
export const ADDRESS_FORBIDDEN = /[@_'"`«»„“”‘’<>{}[\]|\\^~$%*=!?;§]/u;

/** Address (also used for home town): free text without special characters. */
export function address(value: unknown, options: NameOptions = {}): RuleResult {
  const v = toText(value).trim();
  if (v === "") return (options.isRequired ?? true) ? fail("required") : null;
  return ADDRESS_FORBIDDEN.test(v) ? fail("address") : null;
}

/** Card holder as embossed: letters (any script), spaces, dot, apostrophe, hyphen; at least one letter. */
export function cardHolder(value: unknown, options: NameOptions = {}): RuleResult {
  const v = toText(value).trim().normalize("NFC");
  if (v === "") return (options.isRequired ?? true) ? fail("required") : null;
  return /^[\p{L}\p{M} .'’-]+$/u.test(v) && /\p{L}/u.test(v) ? null : fail("name");
}
