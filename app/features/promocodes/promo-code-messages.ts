import { isPromoCodeError } from "../../lib/api/promo-code-errors";
import type { TFunction } from "../../lib/i18n/translate";

/**
 * SPEC §8: a refused promo code shows the message of the first promo_code error code, else
 * common.promoCodeErrors.INVALID (a reason this app does not know yet still reads as "not valid").
 */
export function promoCodeMessage(codes: readonly unknown[] | null | undefined, t: TFunction): string {
  const first = codes?.[0];
  return t(`common.promoCodeErrors.${isPromoCodeError(first) ? first : "INVALID"}`);
}

/**
 * A promo-code field's errors as shown: the platform's reason codes become their messages; the
 * form's own validation texts (already translated) stay as they are.
 */
export function promoFieldErrors(errors: readonly string[] | null | undefined, t: TFunction): string[] | undefined {
  if (!errors?.length) return undefined;
  return errors.map((e) => (isPromoCodeError(e) ? t(`common.promoCodeErrors.${e}`) : e));
}
