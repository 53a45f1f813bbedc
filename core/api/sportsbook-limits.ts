/**
 * The sportsbook's stake limits and placeBet error codes (decision 0049), shared by the contract,
 * the platform and the bet slip, in a file of their own so the page's code does not carry the
 * contract (Zod and the validation rules, ≈30 KB gzip).
 */

/** A stake is at least 0.10 and at most 1,000.00 of the player's currency (minor units). */
export const BET_MIN_STAKE = 10;
export const BET_MAX_STAKE = 100_000;
/** The most legs one accumulator holds (and selections one slip holds). */
export const BET_MAX_LEGS = 10;

/** The errors of placeBet, as `params.code` of its 4xx answer, for the app to map to messages. */
export const BET_ERRORS = [
  "unknown_selection",
  "market_suspended",
  "market_closed",
  "odds_changed",
  "below_min_stake",
  "above_max_stake",
  "insufficient_funds",
  "no_betting_bonus",
  "same_event",
  "single_needs_one",
  "accumulator_needs_two",
  "key_reused",
  // A bet builder's (decision 0103): the event, the reason its legs are refused.
  "event_closed",
  "unknown_event",
  "builder_needs_event",
  "leg_count",
  "duplicate_leg",
  "line_can_push",
  "no_draw",
  "contradictory",
  "leg_adds_nothing",
  // A system bet's (decision 0106).
  "system_selections",
  "system_sizes",
  "system_stake_split",
  "system_main_only",
] as const;
export type BetError = (typeof BET_ERRORS)[number];
