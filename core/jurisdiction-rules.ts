/**
 * The jurisdiction profiles' rules that both the platform and the browser apply, apart from the
 * profiles' data (core/jurisdictions.ts) so a form's code carries none of it.
 */
/** Whether a reality check every `minutes` (0: off) is allowed under the market's longest interval `max`. */
export const realityCheckAllowed = (minutes: number, max: number | null): boolean => max === null || (minutes > 0 && minutes <= max);

/** The interval the player's reality check runs at: their choice, held to the market's longest (`max`) when it has one. */
export const effectiveRealityCheck = (chosen: number, max: number | null): number => (realityCheckAllowed(chosen, max) ? chosen : max!);

/** The session limits a player may choose (minutes of one signed-in session; issue 40, decision 0089). */
export const SESSION_LIMIT_MINUTES = [15, 30, 60, 120, 180, 240, 360, 480] as const;

/** A bonus's wagering terms as a template states them, or as a market holds them (`bonusTerms`). */
export interface WagerTerms {
  wager_multiplier: number;
  wager_base: "bonus" | "deposit_bonus";
  wagering_days: number;
}

/** What a market's bonus rules do to a bonus's terms (core/jurisdictions.ts `bonuses`). */
export interface BonusTermRules {
  maxWagerMultiplier: number | null;
  minWageringDays: number | null;
}

/**
 * A template's terms under a market's rules: a wagering cap counts the requirement on the bonus
 * alone, at most the cap (the UK's "10 times the bonus"), and a minimum time to meet the terms
 * lengthens a shorter one. A template within the rules keeps its terms. The grants' SQL
 * (workers/platform/bonuses/market.ts) computes the same, so a player reads what they are held to.
 */
export function bonusTerms(t: WagerTerms, rules: BonusTermRules): WagerTerms {
  const cap = rules.maxWagerMultiplier;
  const capped = cap !== null && (t.wager_multiplier > cap || t.wager_base === "deposit_bonus");
  return {
    wager_multiplier: capped ? Math.min(t.wager_multiplier, cap) : t.wager_multiplier,
    wager_base: capped ? "bonus" : t.wager_base,
    wagering_days: Math.max(t.wagering_days, rules.minWageringDays ?? 0),
  };
}
