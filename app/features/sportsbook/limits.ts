/**
 * The contract's sportsbook limits and error codes (lib/api/contract-sportsbook.ts), copied for the
 * browser: importing them from the contract would bring Zod and the validation rules into the
 * page's first load (≈30 KB gzip). limits.test.ts keeps the copies equal to the contract's.
 */
export const SLIP_MIN_STAKE = 10;
export const SLIP_MAX_STAKE = 100_000;
export const SLIP_MAX_LEGS = 10;
export const SLIP_ERROR_CODES = [
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
] as const;
