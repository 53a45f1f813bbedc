/**
 * Emoji removal for inputs that prevent emoji (SPEC §5). Removes pictographs with their skin-tone
 * modifiers, variation selectors, zero-width joiners and tag sequences, flags (regional indicator
 * pairs) and keycap marks (so "1️⃣" becomes "1"). Letters of every script are untouched.
 */
const PICTOGRAPH = String.raw`(?:\p{Extended_Pictographic}|\p{Regional_Indicator})`;
/** Variation selectors, keycap, tag characters (subdivision flags), skin tones. */
const MODIFIERS = String.raw`(?:[\u{FE0E}\u{FE0F}\u{20E3}\u{E0020}-\u{E007F}]|\p{Emoji_Modifier})*`;
const EMOJI_SEQUENCE = new RegExp(String.raw`${PICTOGRAPH}${MODIFIERS}(?:\u200D${PICTOGRAPH}${MODIFIERS})*`, "gu");
const EMOJI_LEFTOVER = /[\u{FE0F}\u{20E3}]|\p{Emoji_Modifier}/gu;

export function stripEmoji(value: string): string {
  return value.replace(EMOJI_SEQUENCE, "").replace(EMOJI_LEFTOVER, "");
}

export function hasEmoji(value: string): boolean {
  return stripEmoji(value) !== value;
}
