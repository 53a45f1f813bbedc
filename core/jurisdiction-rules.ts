/**
 * The jurisdiction profiles' rules that both the platform and the browser apply, apart from the
 * profiles' data (core/jurisdictions.ts) so a form's code carries none of it.
 */
/** Whether a reality check every `minutes` (0: off) is allowed under the market's longest interval `max`. */
export const realityCheckAllowed = (minutes: number, max: number | null): boolean => max === null || (minutes > 0 && minutes <= max);

/** The interval the player's reality check runs at: their choice, held to the market's longest (`max`) when it has one. */
export const effectiveRealityCheck = (chosen: number, max: number | null): number => (realityCheckAllowed(chosen, max) ? chosen : max!);
