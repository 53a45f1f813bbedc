import { z } from "zod";
import { PGSI_BANDS } from "../self-assessment";
import { Money } from "./entities";

/**
 * Entities of the responsible-gaming methods (SPEC §3 Deposit limit, §9 periods; decision 0012).
 * Money is integer minor units with its currency; times are Unix ms.
 */

import {
  DEPOSIT_LIMIT_PERIODS,
  PLAY_LIMIT_DAYS,
  PLAY_LIMIT_KINDS,
  PLAY_LIMIT_PERIODS,
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_PERIODS,
} from "./responsible-periods";

export { DEPOSIT_LIMIT_PERIODS, PLAY_LIMIT_DAYS, PLAY_LIMIT_KINDS, PLAY_LIMIT_PERIODS, REALITY_CHECK_MINUTES, SELF_EXCLUSION_PERIODS };

export const DepositLimitPeriod = z.enum(DEPOSIT_LIMIT_PERIODS);
export type DepositLimitPeriod = z.infer<typeof DepositLimitPeriod>;

export const SelfExclusionPeriod = z.enum(SELF_EXCLUSION_PERIODS);
export type SelfExclusionPeriod = z.infer<typeof SelfExclusionPeriod>;

/** A raise or removal waiting for its cooling-off period. */
export const PendingDepositLimit = z.strictObject({
  period: DepositLimitPeriod,
  limit_amount: Money.nullable(),
  /** When it replaces the current limit (Unix ms). */
  effective_at: z.number().int(),
});

/** account.getDepositLimit (SPEC §3): the limit in force and what it leaves in the current window. */
export const DepositLimit = z.strictObject({
  period: DepositLimitPeriod,
  limit_amount: Money.nullable(),
  /** The limit minus the deposits of the current window, never below 0; null without a limit. */
  available_amount: Money.nullable(),
  /** End of the current window (Unix ms); null without a limit. */
  expired_at: z.number().int().nullable(),
  can_edit: z.boolean(),
  pending: PendingDepositLimit.nullable(),
});
export type DepositLimit = z.infer<typeof DepositLimit>;

/** The longest a session may last, which the player chose (issue 40), and a raise or removal waiting. */
export const SessionLimit = z.strictObject({
  /** Minutes; null: no limit. */
  minutes: z.number().int().nullable(),
  /** A longer limit (minutes) or a removal (null) waiting for the market's cooling-off; it applies from the next sign-in. */
  pending: z.strictObject({ minutes: z.number().int().nullable(), effective_at: z.number().int() }).nullable(),
});
export type SessionLimit = z.infer<typeof SessionLimit>;

/** account.getResponsibleGaming: the player's tools and the current session's play. */
export const ResponsibleGaming = z.strictObject({
  /** Unix ms the self-exclusion ends; null when not excluded (a signed-in player never is). */
  self_exclusion_until: z.number().int().nullable(),
  reality_check_minutes: z.number().int(),
  session_limit: SessionLimit,
  /** Six months since the player last set, changed or confirmed their money limits: time to look at them again (account.reviewLimits). */
  limits_review_due: z.boolean(),
  session: z.strictObject({
    /** When this session signed in (Unix ms). */
    started_at: z.number().int(),
    /** When the session limit ends this session (Unix ms); null: no limit. */
    ends_at: z.number().int().nullable(),
    /** Real money staked since started_at (bets, all real-money balances). */
    wagered: Money,
    won: Money,
    /** won − wagered: negative when the player is down. */
    net: Money,
  }),
});
export type ResponsibleGaming = z.infer<typeof ResponsibleGaming>;

/** account.submitSelfAssessment: the PGSI screen's score and band (core/self-assessment.ts). */
export const SelfAssessment = z.strictObject({
  /** 0–27: the sum of the nine answers. */
  score: z.number().int(),
  band: z.enum(PGSI_BANDS),
  taken_at: z.number().int(),
});
export type SelfAssessment = z.infer<typeof SelfAssessment>;

export const PlayLimitKind = z.enum(PLAY_LIMIT_KINDS);
export type PlayLimitKind = z.infer<typeof PlayLimitKind>;
export const PlayLimitPeriod = z.enum(PLAY_LIMIT_PERIODS);
export type PlayLimitPeriod = z.infer<typeof PlayLimitPeriod>;

/** One of the player's limits (account.getLimits): what it allows, what the current window used and leaves, and a raise waiting. */
export const PlayLimit = z.strictObject({
  kind: PlayLimitKind,
  period: PlayLimitPeriod,
  limit_amount: Money,
  /** Deposits made, amounts staked, or net losses (stakes less wins, never below 0) in the current window. */
  used: Money,
  /** limit_amount − used, never below 0. */
  available: Money,
  /** When the current window ends (Unix ms). */
  expired_at: z.number().int(),
  /** A raise (limit_amount) or a removal (null) waiting for the market's cooling-off. */
  pending: z.strictObject({ limit_amount: Money.nullable(), effective_at: z.number().int() }).nullable(),
});
export type PlayLimit = z.infer<typeof PlayLimit>;

/** The market's monthly deposit ceiling (Germany, the Netherlands), in the player's currency, with what this calendar month used. */
export const MarketDepositCap = z.strictObject({
  /** The regulator whose rule it is. */
  regulator: z.string(),
  limit_amount: Money,
  used: Money,
  available: Money,
  /** The end of the calendar month (UTC, Unix ms). */
  expired_at: z.number().int(),
  /** "half" from 50 % used, "reached" at 100 %: the notices the market asks for. */
  notice: z.enum(["half", "reached"]).nullable(),
});
export type MarketDepositCap = z.infer<typeof MarketDepositCap>;

/** account.getLimits: every limit the player set (deposit, loss, wager; day, week, month) and their market's deposit ceiling. */
export const PlayLimits = z.strictObject({
  limits: z.array(PlayLimit),
  market_cap: MarketDepositCap.nullable(),
});
export type PlayLimits = z.infer<typeof PlayLimits>;
