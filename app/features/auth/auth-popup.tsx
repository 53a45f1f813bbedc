import { useState } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import type { Banner } from "../../../core/api/entities";
import type { DialogOf } from "../../shell/dialog-types";
import { dialogTitleId } from "../../ui/dialog/dialog";
import { translateOr } from "../../lib/i18n/translate";
import { useT } from "../../lib/i18n/use-t";
import { AuthForm, Field } from "./auth-form-parts";
import { withPopup } from "./popup-url";
import { nextAfterAuth } from "./auth-targets";
import { socialProviders } from "../../../core/validation/registration-form";
import { RegistrationPopup } from "./registration-popup";
import { SignInPopup } from "./sign-in-popup";

import { ClaimTermsNote } from "../site/claim-terms";
export { default as EmailConfirmDialog } from "./email-confirm-dialog";

function PopupBanner({ banner }: { banner: Banner }) {
  const d = banner.display;
  return (
    <aside className={`auth__banner auth__banner--${d.banner_type}`}>
      {d.image && <img src={d.image} alt="" width={336} height={180} loading="lazy" decoding="async" />}
      <p className="auth__banner-label">{d.label}</p>
      <p className="auth__banner-value">{d.value}</p>
      {d.addition && <p className="auth__banner-addition">{d.addition}</p>}
      <ClaimTermsNote terms={banner.terms} className="auth__banner-terms" />
    </aside>
  );
}

/**
 * The authentication popup (SPEC §2): authorization, registration, restore (and the new password
 * of a reset link), the two-factor step and the social registration, each a plain form posting
 * to /auth, so everything works before and without JavaScript. Modes switch by links that keep
 * the page and its redirectUrl.
 */
export default function AuthPopup({ entry }: { entry: DialogOf<"auth"> }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const p = entry.props;
  const [socialError, setSocialError] = useState<string | null>(null);
  const here = pathname + search;
  const next = nextAfterAuth(here);
  const flash = p.flash?.mode === p.mode ? p.flash : null;
  const fields = flash?.fields ?? {};
  const values = flash?.values ?? {};
  const providers = socialProviders(p.config);
  const onSocialError = (reason: string) => setSocialError(translateOr(t, `auth.social.errors.${reason}`, t("auth.social.errors.provider")));
  const back = (
    <Link className="auth__back" to={withPopup(here, "authorization")} replace preventScrollReset>
      ← {t("auth.backToSignIn")}
    </Link>
  );
  const error = socialError ?? flash?.error;
  return (
    <div className={p.banner && p.mode === "registration" ? "auth-layout auth-layout--banner" : "auth-layout"}>
      {p.banner && p.mode === "registration" && <PopupBanner banner={p.banner} />}
      <section className="auth" data-auth-mode={p.mode}>
        {(p.mode === "restore" || p.mode === "twofa") && back}
        <h2 id={dialogTitleId(entry)}>{t(`auth.${p.mode}.title`)}</h2>
        {error && (
          <div className="notice notice--error" role="alert">
            <strong>{t("auth.errors.wrongEntryTitle")}</strong> {error}
          </div>
        )}
        {p.flash?.notice && (
          <p className="notice notice--success" role="status">
            {p.flash.notice}
          </p>
        )}
        {p.mode === "authorization" && (
          <SignInPopup here={here} next={next} busy={busy} t={t} flash={p.flash} providers={providers} onSocialError={onSocialError} />
        )}
        {p.mode === "registration" && (
          <>
            <RegistrationPopup
              config={p.config}
              regType={p.regType}
              personalData={p.personalData}
              characters={p.characters}
              values={values}
              errors={fields}
              here={here}
              next={next}
              busy={busy}
              t={t}
              onSocialError={onSocialError}
            />
            <p className="auth__links">
              <Link to={withPopup(here, "authorization")} replace preventScrollReset>
                {t("auth.toSignIn")}
              </Link>
            </p>
          </>
        )}
        {p.mode === "restore" && !p.resetToken && (
          <AuthForm intent="restore" submit={t("auth.restore.submit")} returnTo={here} busy={busy}>
            <p>{t("auth.restore.text")}</p>
            <Field name="login" label={t("auth.fields.login")} autoComplete="username" errors={fields.login} />
          </AuthForm>
        )}
        {p.mode === "restore" && p.resetToken && (
          <AuthForm intent="reset" submit={t("auth.reset.submit")} returnTo={here} busy={busy}>
            <p>{t("auth.reset.text")}</p>
            <input type="hidden" name="token" value={p.resetToken} />
            <Field name="password" label={t("auth.fields.newPassword")} type="password" autoComplete="new-password" errors={fields.password ?? fields.token} />
          </AuthForm>
        )}
        {p.mode === "twofa" && (
          <AuthForm intent="twofa" submit={t("auth.twofa.submit")} returnTo={here} busy={busy}>
            <p>{t("auth.twofa.text")}</p>
            <Field name="code" label={t("auth.fields.code")} autoComplete="one-time-code" inputMode="numeric" errors={fields.code} />
          </AuthForm>
        )}
        {p.mode === "socialRegistration" && (
          <AuthForm intent="complete" submit={t("auth.socialRegistration.submit")} returnTo={here} busy={busy}>
            <p>{t("auth.socialRegistration.text")}</p>
            {!p.account?.hasEmail && (
              <Field name="email" label={t("auth.fields.email")} type="email" autoComplete="email" defaultValue={values.email} errors={fields.email} />
            )}
            {p.config.registrationOptions.terms.isActive && (
              <label className="check">
                <input type="checkbox" name="terms" value="1" required />
                <span>{t("auth.fields.terms")}</span>
              </label>
            )}
            {fields.terms && <p className="field-error">{fields.terms.join(" ")}</p>}
            {p.config.registrationOptions.notify.isActive && (
              <label className="check">
                <input type="checkbox" name="notify" value="1" defaultChecked={p.config.registrationOptions.notify.defaultValue} />
                <span>{t("auth.fields.notify")}</span>
              </label>
            )}
          </AuthForm>
        )}
      </section>
    </div>
  );
}
