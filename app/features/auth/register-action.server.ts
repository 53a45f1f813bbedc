import { formStrings } from "../../ui/form/form-data";
import type { CmsConfig } from "../../../core/api/cms";
import type { PlatformClient } from "../../lib/api/client";
import { PlatformError } from "../../../core/api/errors";
import type { TFunction } from "../../lib/i18n/translate";
import { validationMessages } from "../../lib/i18n/validation-messages";
import { mapServerFieldErrors } from "../../../core/validation/server-errors";
import type { AuthFlash } from "./auth-flash.server";
import { registrationNotice, toAuthError } from "./machines/auth-error";
import { toRegistrationParams } from "./machines/registration-fields";
import { hiddenFieldNames, selectedType, shownFields, validateRegistration, type PersonalData } from "../../../core/validation/registration-form";

/** Every value the registration form can post (SPEC §3 registration values and the form's own). */
const FORM_KEYS = [
  "login",
  "email",
  "mobile",
  "phone_country_code",
  "password",
  "currency",
  "country_code",
  "region",
  "document_type",
  "document_number",
  "first_name",
  "middle_name",
  "last_name",
  "birth_date",
  "sex",
  "postcode",
  "home_town",
  "address",
  "fakename",
  "promo_code",
  "hasPromocode",
  "terms",
  "notify",
  "is_betting",
  "character_id",
  "reg_type",
] as const;

/** The posted registration values as strings (each at most 200 characters); unknown keys are dropped. */
export function registrationValues(form: FormData): Record<string, string> {
  return formStrings(form, { keys: FORM_KEYS, max: 200 });
}

/** What the form shows again after a failure: everything but the password. */
export function keptValues(values: Record<string, string>): Record<string, string> {
  const { password: _password, ...rest } = values;
  return rest;
}

export type RegisterOutcome = { ok: true } | { ok: false; flash: AuthFlash };

/**
 * Registration without JavaScript, with the same rules the browser applies: the fields of the
 * chosen type for the chosen country, checked by the validation library, then auth.register;
 * the platform's field errors come back on the form's fields (phone ↔ mobile).
 */
export async function registerFromForm(
  values: Record<string, string>,
  deps: { platform: PlatformClient; config: CmsConfig["auth"]; t: TFunction; locale: string },
): Promise<RegisterOutcome> {
  const { platform, config, t } = deps;
  const opts = config.registrationOptions;
  const country = /^[A-Z]{2}$/.test(values.country_code ?? "") ? values.country_code : undefined;
  const personal: PersonalData | null = await platform.call("account.getPersonalDataFields", country ? { country_code: country } : {}).catch(() => null);
  const shown = shownFields(personal, selectedType(config, values.reg_type));
  const promoShown = opts.showPromocode && (opts.showPromoFieldByDefault || values.hasPromocode === "1");
  const messages = validationMessages(t);
  const errors = validateRegistration(values, shown, { termsActive: opts.terms.isActive, promoShown, messages, countries: personal?.countries });
  const fail = (fields: Record<string, string[]>, error?: string): RegisterOutcome => ({
    ok: false,
    flash: { mode: "registration", fields, error, values: keptValues(values) },
  });
  if (Object.keys(errors).length) return fail(errors);
  try {
    const params = toRegistrationParams(promoShown ? values : { ...values, hasPromocode: "0" }, {
      locale: deps.locale,
      characterSelect: opts.showCharacterSelect,
      hidden: hiddenFieldNames(personal, shown),
    });
    await platform.call("auth.register", params as never);
    return { ok: true };
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    const mapped = mapServerFieldErrors(e.fields, messages);
    if (!mapped.general) return fail(mapped.fieldErrors);
    // A throttled address reads how long to wait, as the sign-in form says it (auth.errors.tooMany).
    const notice = registrationNotice(toAuthError(e));
    return fail({}, t(notice.key, notice.params));
  }
}
