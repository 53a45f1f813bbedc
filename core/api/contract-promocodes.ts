import { z } from "zod";
import { GrantKind } from "./rewards";
import { fieldList, method, refusal } from "./define";

/**
 * Promo-code methods of the /api contract (SPEC §7 campaigns.checkPromocode / activateOffer;
 * issue 19, decision 0044). A refused code is a 400 InvalidParameterException whose
 * `invalid_parameters.promo_code` holds one code of PROMO_CODE_ERRORS; the app shows
 * common.promoCodeErrors.<CODE> (SPEC §8). Spread into `contract`.
 */

export { PROMO_CODE_ERRORS, type PromoCodeError } from "./promo-code-errors";

export const promoCode = z.string({ error: "promo_code is required" }).trim().min(1, "promo_code is required").max(50, "promo_code is at most 50 characters");

/** What a valid code grants. */
export const PromoCodeInfo = z.strictObject({
  /** The code as the operator spells it. */
  code: z.string(),
  /** A bonus (bonuses.get lists it) or a free-spin pack (freespins.get). */
  grants: GrantKind,
  title: z.string(),
  /** Redeemed only with a deposit: entered in the deposit form, granted when the deposit succeeds. */
  requires_deposit: z.boolean(),
});
export type PromoCodeInfo = z.infer<typeof PromoCodeInfo>;

/** What activateOffer's `fields` may name; `code` is always answered. */
export const PROMO_CODE_FIELDS = ["grants", "title", "requires_deposit"] as const;

export const promoCodeMethods = {
  "campaigns.checkPromocode": method({
    group: "campaigns",
    name: "checkPromocode",
    verb: "POST",
    access: "public",
    refuses: [refusal.throttled],
    summary:
      "Check a promo code for this player (or, signed out, for a new player): what it grants when valid, else 400 " +
      "InvalidParameterException with invalid_parameters.promo_code [INVALID | USED | EXPIRED | NOT_ELIGIBLE | DEPOSIT_REQUIRED | DEPOSIT_TOO_SMALL]. " +
      "context=deposit checks it for the deposit form (deposit-only codes are valid there; with amount, its minimum too). " +
      "Throttled (decision 0061): unknown codes count per account (10 in 10 min) and per address (30); past either, " +
      "429 TooManyRequestsException with params.retry_after, the code not looked at.",
    params: z.object({
      promo_code: promoCode,
      context: z.enum(["activate", "registration", "deposit"], { error: "context must be activate, registration or deposit" }).optional(),
      amount: z.coerce.number({ error: "amount must be a number" }).int("amount must be an integer").positive().optional(),
    }),
    result: PromoCodeInfo,
  }),
  "campaigns.activateOffer": method({
    group: "campaigns",
    name: "activateOffer",
    verb: "POST",
    access: "player",
    refuses: [refusal.throttled],
    summary:
      "Redeem a promo code: what it grants (an available bonus or a free-spin pack) is created in one batch with the " +
      "redemption, once per player and within the code's total uses. Refusals and throttle as campaigns.checkPromocode. " +
      "fields (comma-separated: grants, title, requires_deposit; all when left out) names the parts answered beside code; another name is a 400.",
    params: z.object({ promo_code: promoCode, fields: fieldList(PROMO_CODE_FIELDS, PROMO_CODE_FIELDS) }),
    result: PromoCodeInfo.partial({ grants: true, title: true, requires_deposit: true }),
  }),
};
