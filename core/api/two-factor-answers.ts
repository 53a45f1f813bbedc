/**
 * The platform's words for a refused two-factor code (its own wording, SPEC §8), shared by the
 * platform that says them and the app that turns them into the player's language.
 */
export const CODE_DIGITS = "the code must contain 6 digits";
export const CODE_INVALID = "two_factor_auth: code is invalid";
/** A code that was right but has been used already (a code serves once, also within its 30 s). */
export const CODE_USED = "two_factor_auth: code already used";

/** Which refusal a message names, for the app's translation; null for another message. */
export function codeRefusal(message: string): "digits" | "invalid" | "used" | null {
  if (message.includes(CODE_DIGITS)) return "digits";
  if (message.includes(CODE_USED)) return "used";
  if (message.includes(CODE_INVALID)) return "invalid";
  return null;
}
