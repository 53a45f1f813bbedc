/** The query key naming the promotion whose detail popup shows on /promotions (SPEC §2 promotions detail). */
export const PROMOTION_KEY = "promotion";
