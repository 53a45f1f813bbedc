import { useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import type { PersonalData } from "../../../core/api/entities-contacts";
import { translateOr } from "../../lib/i18n/translate";
import { RegistrationFields } from "../auth/registration-fields";
import { usePageLocale, useT } from "../../lib/i18n/use-t";
import { displayName } from "../../../core/intl-cache";
import { IDENTITY_FIELDS } from "../../../core/api/identity-fields";
import { profileFields } from "./settings-form";

interface Props {
  personalData: PersonalData;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  formErrors: string[];
  /** Identity fields are kept by the platform: while verified (`verified`) or being verified (`review`). */
  lock: "verified" | "review" | null;
}

/**
 * Personal data (SPEC §3 Profile, §4): the country's form, as registration shows it. Choosing a
 * country brings its regions, document types and patterns: with JavaScript the form is sent at
 * once to refresh (nothing is saved), without it an Update button does the same.
 */
export function PersonalForm({ personalData, values, errors, formErrors, lock }: Props) {
  const t = useT();
  const locale = usePageLocale();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().formData?.get("intent") === "profile";
  const shown = profileFields(personalData, lock !== null);
  const locked = lock ? IDENTITY_FIELDS.filter((k) => values[k]) : [];
  const onChange = (e: React.FormEvent<HTMLFormElement>) => {
    const target = e.target as HTMLSelectElement;
    if (target.name !== "country_code" || !form.current) return;
    const data = new FormData(form.current);
    data.set("refresh", "country");
    void submit(data, { method: "post", replace: true, preventScrollReset: true });
  };
  return (
    <Form
      ref={form}
      method="post"
      className="responsible__form"
      onChange={onChange}
      noValidate
      data-testid="personal-form"
      data-country={personalData.country_code}
    >
      <input type="hidden" name="intent" value="profile" />
      {lock && (
        <div className="profile__locked" data-testid="identity-locked">
          <p>{t(lock === "verified" ? "profile.settings.lockedVerified" : "profile.settings.lockedReview")}</p>
          {locked.length > 0 && (
            <dl className="responsible__facts">
              {locked.map((k) => (
                <div key={k} className="profile__fact">
                  <dt>{translateOr(t, `auth.fields.${k}`, k)}</dt>
                  <dd dir="auto">
                    {k === "country_code" ? (displayName([locale, "en"], { type: "region", fallback: "code" }, values[k]!) ?? values[k]) : values[k]}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      )}
      <RegistrationFields data={personalData} shown={shown} values={values} errors={errors} t={t} refreshLabel={t("profile.settings.refreshCountry")} />
      {formErrors.length > 0 && (
        <p role="alert" className="field-error">
          {formErrors.join(" ")}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("profile.settings.save")}
      </button>
    </Form>
  );
}
