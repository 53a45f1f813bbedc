/** The responsible-gaming choices (SPEC §9) as plain values, apart from the schemas (and Zod) that use them. */

/** SPEC §9 deposit limit periods in days; "none" is no limit (the default). */
export const DEPOSIT_LIMIT_PERIODS = ["none", "1", "7", "14", "30"] as const;

/** SPEC §9 self-exclusion periods: days, months, years, or permanent. */
export const SELF_EXCLUSION_PERIODS = ["1d", "7d", "30d", "3m", "6m", "9m", "1y", "2y", "3y", "4y", "5y", "permanent"] as const;

/** Reality-check intervals a player may choose, in minutes of session time (0 = off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 45, 60, 120] as const;

/** What a player may limit beside the SPEC's deposit limit (issue 40): deposits, net losses, amounts staked. */
export const PLAY_LIMIT_KINDS = ["deposit", "loss", "wager"] as const;

/** The periods of those limits, each set on its own and all in force together. */
export const PLAY_LIMIT_PERIODS = ["day", "week", "month"] as const;

/** A period's length in days: a month is 30 days, counted from when the limit was first set (as the deposit limit's windows). */
export const PLAY_LIMIT_DAYS = { day: 1, week: 7, month: 30 } as const;
