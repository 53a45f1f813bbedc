import { Link } from "react-router";
import type { LoyaltyCharacter } from "../../../core/api/contract-loyalty";
import { translateOr, type TFunction } from "../../lib/i18n/translate";
import { CharacterSelect } from "./character-select";
import type { CmsConfig } from "../../../core/api/cms";
import { AuthForm } from "./auth-form-parts";
import { FieldErrors } from "../../ui/form/field";
import { RegistrationFields } from "./registration-fields";
import { applyPersonalData } from "./machines/registration-fields";
import { formTypes, selectedType, showsSocialButtons, shownFields, socialProviders, type PersonalData } from "../../../core/validation/registration-form";
import { SocialButtons } from "./social-buttons";
import { pagePath } from "./popup-url";
import { PromoCodeField } from "../promocodes/promo-code-field";

export interface RegistrationProps {
  config: CmsConfig["auth"];
  regType: string | null;
  personalData: PersonalData | null;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  here: string;
  next: string;
  busy: boolean;
  t: TFunction;
  onSocialError: (reason: string) => void;
  /** The registration machine's hooks, with JavaScript (see use-registration.ts). */
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
  onChange?: React.FormEventHandler<HTMLFormElement>;
  formRef?: React.Ref<HTMLFormElement>;
  enhanced?: boolean;
  /** The loyalty characters to choose from, when the operator's showCharacterSelect is on (SPEC §2). */
  characters?: LoyaltyCharacter[] | null;
}

/** `here` with the registration type `id` selected. */
function withRegType(here: string, id: string): string {
  const url = pagePath(here);
  url.searchParams.set("reg_type", id);
  return url.pathname + url.search;
}

/** The "terms" box must be ticked before a social registration (SPEC §4). */
function termsTicked(form: HTMLFormElement | null, required: boolean): boolean {
  const box = form?.elements.namedItem("terms");
  if (!required || !(box instanceof HTMLInputElement) || box.checked) return true;
  box.setCustomValidity(box.dataset.required ?? "");
  box.reportValidity();
  box.addEventListener("change", () => box.setCustomValidity(""), { once: true });
  return false;
}

/**
 * Registration (SPEC §2–§4): a switcher between the configured types, the dynamic fields of the
 * selected type, terms / notify / betting choice / promo code, and social buttons where the type
 * is social. Posts intent=register to /auth (or `refresh`/`social` from its other buttons).
 */
export function RegistrationSection(p: RegistrationProps) {
  const { config, t } = p;
  // The country's defaults (first region, currency by rule, first document type) for what the
  // player has not chosen yet.
  const values = p.personalData ? applyPersonalData(p.values, p.personalData, { keepValid: true }) : p.values;
  const opts = config.registrationOptions;
  const selected = selectedType(config, p.regType);
  const shown = shownFields(p.personalData, selected);
  const social = showsSocialButtons(config, selected);
  const types = config.authTypes;
  const promoOpen = opts.showPromoFieldByDefault || p.values.hasPromocode === "1" || !!p.values.promo_code;
  const checked = (name: "terms" | "notify", def: boolean) => (p.values[name] !== undefined ? p.values[name] === "1" : def);
  return (
    <>
      {types.length > 1 && (
        <nav className="auth__types" aria-label={t("auth.registration.types")}>
          {types.map((type) => (
            <Link
              key={type.id}
              to={withRegType(p.here, type.id)}
              replace
              preventScrollReset
              className="auth__type"
              aria-current={type.id === selected?.id ? "page" : undefined}
            >
              {translateOr(t, `auth.registration.type.${type.type}`, type.label)}
            </Link>
          ))}
        </nav>
      )}
      <AuthForm
        intent="register"
        submit={selected?.type === "social" ? undefined : t("auth.registration.submit")}
        returnTo={p.here}
        busy={p.busy}
        onSubmit={p.onSubmit}
        onChange={p.onChange}
        formRef={p.formRef}
        enhanced={p.enhanced}
        noValidate={!!p.onSubmit}
        after={
          social ? (
            <SocialButtons
              providers={socialProviders(config)}
              t={t}
              typeAuth="registration"
              beforeOpen={(form) => termsTicked(form, opts.terms.isActive)}
              onError={p.onSocialError}
              next={p.next}
            />
          ) : null
        }
      >
        {/* The form's default button (Enter in a field) is "create account", not a later one. */}
        {selected?.type !== "social" && <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />}
        <input type="hidden" name="reg_type" value={selected?.id ?? ""} />
        {p.errors._form && (
          <p className="notice notice--error" role="alert">
            {p.errors._form.join(" ")}
          </p>
        )}
        {formTypes(config).length > 0 && selected?.type !== "social" && (
          <RegistrationFields data={p.personalData} shown={shown} values={values} errors={p.errors} t={t} refreshLabel={t("auth.registration.refresh")} />
        )}
        {opts.showPromocode && selected?.type !== "social" && (
          <div className="auth__promo">
            {!opts.showPromoFieldByDefault && (
              <label className="check">
                <input type="checkbox" name="hasPromocode" value="1" defaultChecked={promoOpen} />
                <span>{t("auth.fields.hasPromocode")}</span>
              </label>
            )}
            <div className="auth__promo-field">
              <PromoCodeField
                id="auth-promo_code"
                label={t("auth.fields.promoCode")}
                defaultValue={p.values.promo_code}
                errors={p.errors.promo_code}
                context="registration"
              />
            </div>
          </div>
        )}
        {opts.showCharacterSelect && !!p.characters?.length && selected?.type !== "social" && (
          <CharacterSelect characters={p.characters} value={p.values.character_id} t={t} />
        )}
        {opts.markBetting.isActive && (
          <fieldset className="auth__betting">
            <legend>{t("auth.fields.betting")}</legend>
            {(["1", "0"] as const).map((v) => (
              <label className="check" key={v}>
                <input
                  type="radio"
                  name="is_betting"
                  value={v}
                  defaultChecked={(p.values.is_betting ?? (opts.markBetting.default === "betting" ? "1" : "0")) === v}
                />
                <span>{t(v === "1" ? "auth.fields.bettingSport" : "auth.fields.bettingCasino")}</span>
              </label>
            ))}
          </fieldset>
        )}
        {opts.terms.isActive && (
          <>
            <label className="check">
              <input
                type="checkbox"
                name="terms"
                value="1"
                required
                defaultChecked={checked("terms", opts.terms.defaultValue)}
                data-required={t("auth.errors.terms")}
                aria-describedby={p.errors.terms ? "auth-terms-error" : undefined}
              />
              <span>{t("auth.fields.terms")}</span>
            </label>
            <FieldErrors id="auth-terms-error" errors={p.errors.terms} />
          </>
        )}
        {opts.notify.isActive && (
          <label className="check">
            <input type="checkbox" name="notify" value="1" defaultChecked={checked("notify", opts.notify.defaultValue)} />
            <span>{t("auth.fields.notify")}</span>
          </label>
        )}
      </AuthForm>
    </>
  );
}
