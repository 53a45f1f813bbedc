import { z } from "zod";
import { Money } from "./entities";

/**
 * Entities of the responsible-gaming methods (SPEC §3 Deposit limit, §9 periods; decision 0012).
 * Money is integer minor units with its currency; times are Unix ms.
 */

import { DEPOSIT_LIMIT_PERIODS, REALITY_CHECK_MINUTES, SELF_EXCLUSION_PERIODS } from "./responsible-periods";

export { DEPOSIT_LIMIT_PERIODS, REALITY_CHECK_MINUTES, SELF_EXCLUSION_PERIODS };

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

/** account.getResponsibleGaming: the player's tools and the current session's play. */
export const ResponsibleGaming = z.strictObject({
  /** Unix ms the self-exclusion ends; null when not excluded (a signed-in player never is). */
  self_exclusion_until: z.number().int().nullable(),
  reality_check_minutes: z.number().int(),
  session: z.strictObject({
    /** When this session signed in (Unix ms). */
    started_at: z.number().int(),
    /** Real money staked since started_at (bets, all real-money balances). */
    wagered: Money,
    won: Money,
    /** won − wagered: negative when the player is down. */
    net: Money,
  }),
});
export type ResponsibleGaming = z.infer<typeof ResponsibleGaming>;
