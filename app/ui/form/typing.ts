/**
 * What an input does to what is typed or pasted into it (SPEC §5): phone numbers take their
 * country's mask as they are typed, a pasted international number picks its country, and inputs
 * that refuse emoji drop them. Pure rules on a value and its caret; the components apply them.
 */
import { stripEmoji } from "../../../core/validation/emoji";
import {
  applyMask,
  detectPhoneCountry,
  digitsOnly,
  maskCapacity,
  maskList,
  type PhoneCountry,
  type PhoneMask,
  unmaskPhone,
} from "../../../core/validation/phone";

export interface Typed {
  value: string;
  caret: number;
}

/** How many characters `keep` accepts in `value` before position `end`. */
function countBefore(value: string, end: number, keep: (ch: string) => boolean): number {
  let n = 0;
  for (const ch of Array.from(value.slice(0, end))) if (keep(ch)) n++;
  return n;
}

/** The position in `value` just after its `count`th character that `keep` accepts (0 for none). */
function positionAfter(value: string, count: number, keep: (ch: string) => boolean): number {
  if (count === 0) return 0;
  let seen = 0;
  let at = 0;
  for (const ch of Array.from(value)) {
    at += ch.length;
    if (keep(ch) && ++seen === count) return at;
  }
  return value.length;
}

const significant = (ch: string) => /^[\p{L}\d]$/u.test(ch);

/**
 * The mask a national number takes: of the country's masks (one per length), the shortest that
 * holds all its characters, else the longest. Null without a mask.
 */
export function maskFor(mask: PhoneMask, length: number): string | null {
  const list = maskList(mask).sort((a, b) => maskCapacity(a) - maskCapacity(b));
  return list.find((m) => maskCapacity(m) >= length) ?? list.at(-1) ?? null;
}

/**
 * A phone input after a keystroke: the national number shown in its mask, the caret after the
 * same digit it followed. An international number being typed ("+…", "00…") is left as typed:
 * the country's code comes first, and the platform takes it off (or a paste picks the country).
 */
export function typePhone(value: string, caret: number, mask: PhoneMask): Typed {
  const trimmed = value.trimStart();
  if (trimmed.startsWith("+") || trimmed.startsWith("00")) return { value, caret };
  const chars = unmaskPhone(value);
  const m = maskFor(mask, chars.length);
  if (!m) return { value: chars, caret: countBefore(value, caret, significant) };
  const shown = applyMask(chars, m);
  return { value: shown, caret: positionAfter(shown, countBefore(value, caret, significant), significant) };
}

/**
 * A number pasted into a phone input picks its country (SPEC §5): the first of `countries` whose
 * phone code starts its digits and whose mask takes exactly the rest, shown in that mask. A
 * number that fits the current country's mask as it is (a national number) stays that country's;
 * null when it stays, or names no country — the paste then goes in as typed.
 */
export function pastePhone<C extends PhoneCountry>(pasted: string, countries: readonly C[], currentMask: PhoneMask): { country: C; value: string } | null {
  const text = pasted.trim();
  const international = /^(\+|00)/.test(text);
  const digits = digitsOnly(text).replace(international && !text.startsWith("+") ? /^00/ : /^/, "");
  if (!international && maskList(currentMask).some((m) => maskCapacity(m) === digits.length)) return null;
  const found = detectPhoneCountry(digits, countries);
  if (!found) return null;
  const m = maskFor(found.country.mask, found.number.length);
  return { country: found.country, value: m ? applyMask(found.number, m) : found.number };
}

/** An input that refuses emoji after a keystroke or paste: without them, the caret where it was among what is left. */
export function dropEmoji(value: string, caret: number): Typed | null {
  const clean = stripEmoji(value);
  if (clean === value) return null;
  return { value: clean, caret: stripEmoji(value.slice(0, caret)).length };
}
