/**
 * Why the platform refuses a promo code (decision 0044): the code it puts in
 * `invalid_parameters.promo_code`. Kept apart from the contract (no Zod) so the browser's
 * promo-code field can map codes to messages without loading it.
 * Unknown, used (by this player, or every use taken), expired, for another segment,
 * deposit-only, deposit below the code's minimum, or no bonus for this player under their market's
 * rules (a Dutch player under 24; a Swedish player after their first deposit: core/jurisdictions.ts).
 */
export const PROMO_CODE_ERRORS = ["INVALID", "USED", "EXPIRED", "NOT_ELIGIBLE", "DEPOSIT_REQUIRED", "DEPOSIT_TOO_SMALL", "MARKET_RULES"] as const;
export type PromoCodeError = (typeof PROMO_CODE_ERRORS)[number];

export const isPromoCodeError = (x: unknown): x is PromoCodeError => PROMO_CODE_ERRORS.includes(x as PromoCodeError);
