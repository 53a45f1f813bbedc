import { Form, Link, useLocation, useNavigation } from "react-router";
import type { DialogRenderer } from "../../ui/dialog/dialogs";
import { dialogTitleId } from "../../ui/dialog/dialog";
import { useT } from "../site/use-root-data";
import type { AuthFlash, AuthMode } from "./auth-flash.server";
import { withPopup } from "./popup-url";

export interface AuthPopupProps {
  mode: AuthMode;
  flash: AuthFlash | null;
  termsRequired: boolean;
  notifyDefault: boolean;
}

function Field(props: { name: string; label: string; type?: string; autoComplete?: string; defaultValue?: string; errors?: string[]; inputMode?: "numeric" }) {
  const id = `auth-${props.name}`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        inputMode={props.inputMode}
        required
        aria-invalid={props.errors?.length ? true : undefined}
        aria-describedby={props.errors?.length ? errorId : undefined}
      />
      {props.errors?.length ? (
        <p id={errorId} className="field-error">
          {props.errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** One of the popup's forms: posts its intent to /auth and comes back to this page on failure. */
function AuthForm(props: { intent: string; submit: string; returnTo: string; busy: boolean; children: React.ReactNode }) {
  return (
    <Form method="post" action="/auth" className="auth__form" replace>
      <input type="hidden" name="returnTo" value={props.returnTo} />
      <input type="hidden" name="intent" value={props.intent} />
      {props.children}
      <button type="submit" className="btn btn--primary" disabled={props.busy}>
        {props.submit}
      </button>
    </Form>
  );
}

/**
 * The authentication popup (SPEC §2): authorization, registration, restore and the two-factor
 * step, each a plain form posting to /auth, so everything works before and without JavaScript.
 * Modes switch by links that keep the page and its redirectUrl.
 */
export default function AuthPopup({ entry }: Parameters<DialogRenderer>[0]) {
  const t = useT();
  const { pathname, search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const p = entry.props as unknown as AuthPopupProps;
  const here = pathname + search;
  const flash = p.flash?.mode === p.mode ? p.flash : null;
  const fields = flash?.fields ?? {};
  const back = (
    <Link className="auth__back" to={withPopup(here, "authorization")} replace preventScrollReset>
      ← {t("auth.backToSignIn")}
    </Link>
  );
  return (
    <section className="auth" data-auth-mode={p.mode}>
      {(p.mode === "restore" || p.mode === "twofa") && back}
      <h2 id={dialogTitleId(entry)}>{t(`auth.${p.mode}.title`)}</h2>
      {flash?.error && (
        <div className="notice notice--error" role="alert">
          <strong>{t("auth.errors.wrongEntryTitle")}</strong> {flash.error}
        </div>
      )}
      {p.flash?.notice && (
        <p className="notice notice--success" role="status">
          {p.flash.notice}
        </p>
      )}
      {p.mode === "authorization" && (
        <>
          <AuthForm intent="login" submit={t("auth.authorization.submit")} returnTo={here} busy={busy}>
            <Field name="login" label={t("auth.fields.login")} autoComplete="username" defaultValue={p.flash?.values?.login} errors={fields.login} />
            <Field name="password" label={t("auth.fields.password")} type="password" autoComplete="current-password" errors={fields.password} />
          </AuthForm>
          <p className="auth__links">
            <Link to={withPopup(here, "restore")} replace preventScrollReset>
              {t("auth.forgot")}
            </Link>
            <Link to={withPopup(here, "registration")} replace preventScrollReset>
              {t("auth.toRegistration")}
            </Link>
          </p>
        </>
      )}
      {p.mode === "registration" && (
        <>
          <AuthForm intent="register" submit={t("auth.registration.submit")} returnTo={here} busy={busy}>
            <Field name="email" label={t("auth.fields.email")} type="email" autoComplete="email" defaultValue={flash?.values?.email} errors={fields.email ?? fields.login} />
            <Field name="password" label={t("auth.fields.newPassword")} type="password" autoComplete="new-password" errors={fields.password} />
            <label className="check">
              <input type="checkbox" name="terms" value="1" required={p.termsRequired} />
              <span>{t("auth.fields.terms")}</span>
            </label>
            {fields.terms && <p className="field-error">{fields.terms.join(" ")}</p>}
            <label className="check">
              <input type="checkbox" name="notify" value="1" defaultChecked={p.notifyDefault} />
              <span>{t("auth.fields.notify")}</span>
            </label>
          </AuthForm>
          <p className="auth__links">
            <Link to={withPopup(here, "authorization")} replace preventScrollReset>
              {t("auth.toSignIn")}
            </Link>
          </p>
        </>
      )}
      {p.mode === "restore" && (
        <AuthForm intent="restore" submit={t("auth.restore.submit")} returnTo={here} busy={busy}>
          <p>{t("auth.restore.text")}</p>
          <Field name="login" label={t("auth.fields.login")} autoComplete="username" errors={fields.login} />
        </AuthForm>
      )}
      {p.mode === "twofa" && (
        <AuthForm intent="twofa" submit={t("auth.twofa.submit")} returnTo={here} busy={busy}>
          <p>{t("auth.twofa.text")}</p>
          <Field name="code" label={t("auth.fields.code")} autoComplete="one-time-code" inputMode="numeric" errors={fields.code} />
        </AuthForm>
      )}
    </section>
  );
}
