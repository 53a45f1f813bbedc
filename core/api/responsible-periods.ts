/** The responsible-gaming choices (SPEC §9) as plain values, apart from the schemas (and Zod) that use them. */

/** SPEC §9 deposit limit periods in days; "none" is no limit (the default). */
export const DEPOSIT_LIMIT_PERIODS = ["none", "1", "7", "14", "30"] as const;

/** SPEC §9 self-exclusion periods: days, months, years, or permanent. */
export const SELF_EXCLUSION_PERIODS = ["1d", "7d", "30d", "3m", "6m", "9m", "1y", "2y", "3y", "4y", "5y", "permanent"] as const;

/** Reality-check intervals a player may choose, in minutes of session time (0 = off). */
export const REALITY_CHECK_MINUTES = [0, 15, 30, 45, 60, 120] as const;
