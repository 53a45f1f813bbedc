import { isPromoCodeError } from "../../../core/api/promo-code-errors";
import type { TFunction } from "../../lib/i18n/translate";

/**
 * SPEC §8: a refused promo code shows the message of the first promo_code error code, else
 * common.promoCodeErrors.INVALID (a reason this app does not know yet still reads as "not valid").
 * A throttled call (`retryAfter`: 429, decision 0061) was never looked at, so "not valid" would
 * be false: it reads how long to wait, in the sign-in form's words.
 */
export function promoCodeMessage(codes: readonly unknown[] | null | undefined, t: TFunction, retryAfter?: number | null): string {
  if (retryAfter) return t("auth.errors.tooMany", { seconds: retryAfter });
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
