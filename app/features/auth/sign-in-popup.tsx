import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { TFunction } from "../../lib/i18n/translate";
import { AuthForm, Field } from "./auth-form-parts";
import { formText } from "../../ui/form/form-data";
import type { AuthFlash } from "./auth-flash.server";
import type { AuthMessage } from "./machines/sign-in.machine";
import { withPopup } from "./popup-url";
import { SocialButtons, type SocialProvider } from "./social-buttons";
import { useSignIn } from "./use-sign-in";

interface Props {
  here: string;
  next: string;
  busy: boolean;
  t: TFunction;
  flash: AuthFlash | null;
  providers: SocialProvider[];
  onSocialError: (reason: string) => void;
}

const text = (t: TFunction, m: AuthMessage) => t(m.key, m.params);

/**
 * The popup's sign-in: the form the server renders (posting to /auth without JavaScript) with the
 * sign-in machine behind it, which also runs the two-factor step in place (with a resend countdown
 * only when the platform sends the code).
 */
export function SignInPopup(p: Props) {
  const { t } = p;
  const s = useSignIn(p.next);
  const formRef = useRef<HTMLFormElement>(null);
  // A refused sign-in empties the password (the login stays), as the server-rendered form does.
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (s.notice && password instanceof HTMLInputElement) password.value = "";
  }, [s.notice]);
  const fields = p.flash?.mode === "authorization" ? (p.flash.fields ?? {}) : {};
  const notice = s.notice && (
    <div className="notice notice--error" role="alert">
      <strong>{t("auth.errors.wrongEntryTitle")}</strong> {text(t, s.notice)}
    </div>
  );
  if (s.twoFactor) {
    return (
      <>
        <button type="button" className="auth__back link-button" onClick={() => s.actor.send({ type: "mode.back" })}>
          ← {t("auth.backToSignIn")}
        </button>
        <h3>{t("auth.twofa.title")}</h3>
        {notice}
        <AuthForm
          intent="twofa"
          submit={t("auth.twofa.submit")}
          returnTo={p.here}
          busy={p.busy || s.busy}
          enhanced={s.ready}
          onSubmit={(e) => {
            e.preventDefault();
            const code = new FormData(e.currentTarget).get("code");
            s.actor.send({ type: "twoFactor.submit", code: typeof code === "string" ? code : "" });
          }}
          after={
            // Only a platform that sends the code offers a resend; an authenticator's code is not sent.
            s.resendable && (
              <button type="button" className="btn btn--ghost" disabled={!s.canResend || s.busy} onClick={() => s.actor.send({ type: "twoFactor.resend" })}>
                {s.canResend ? t("auth.twofa.resend") : t("auth.twofa.resendIn", { seconds: s.resendTime })}
              </button>
            )
          }
        >
          <p>{t("auth.twofa.text")}</p>
          <Field
            name="code"
            label={t("auth.fields.code")}
            autoComplete="one-time-code"
            inputMode="numeric"
            errors={s.codeError ? [text(t, s.codeError)] : undefined}
          />
        </AuthForm>
      </>
    );
  }
  return (
    <>
      {notice}
      <AuthForm
        intent="login"
        submit={t("auth.authorization.submit")}
        returnTo={p.here}
        busy={p.busy || s.busy}
        enhanced={s.ready}
        formRef={formRef}
        onSubmit={(e) => {
          const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          if (submitter?.name === "social") return;
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          s.actor.send({ type: "signIn.submit", login: formText(form, "login"), password: formText(form, "password") });
        }}
        after={<SocialButtons providers={p.providers} t={t} typeAuth="login" onError={p.onSocialError} next={p.next} />}
      >
        <Field name="login" label={t("auth.fields.login")} autoComplete="username" defaultValue={p.flash?.values?.login ?? s.login} errors={fields.login} />
        <Field name="password" label={t("auth.fields.password")} type="password" autoComplete="current-password" errors={fields.password} />
      </AuthForm>
      <p className="auth__links">
        <Link to={withPopup(p.here, "restore")} replace preventScrollReset>
          {t("auth.forgot")}
        </Link>
        <Link to={withPopup(p.here, "registration")} replace preventScrollReset>
          {t("auth.toRegistration")}
        </Link>
      </p>
    </>
  );
}
