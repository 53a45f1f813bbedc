import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/profile.security";
import { FieldErrors as Errors } from "../features/auth/auth-form-parts";
import { ProfileNav } from "../features/profile/profile-nav";
import { loadSecurity, securityAction, type SecurityActionData } from "../features/profile/security.server";
import { useT } from "../features/site/use-root-data";
import { getInstance } from "../middleware/i18n.server";

export async function loader(args: Route.LoaderArgs) {
  const data = await loadSecurity(args);
  return { ...data, title: getInstance(args.context).t("profile.security.title") };
}

export const action = (args: Route.ActionArgs) => securityAction(args);

function Input({ name, label, errors, ...rest }: { name: string; label: string; errors?: string[] } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `security-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} {...rest} aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${id}-error` : undefined} />
      <Errors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** A one-time code from the authenticator app: digits, autofilled where the device offers it, spaces dropped by the action. */
const codeInput = { inputMode: "numeric" as const, autoComplete: "one-time-code", maxLength: 12, required: true };

/** The player's security (SPEC §2 /profile/security): the password, and two-factor sign-in with an authenticator app. */
export default function ProfileSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const refused = actionData as SecurityActionData;
  const errorsOf = (intent: string) => (refused?.intent === intent ? refused : undefined);
  const pass = errorsOf("password");
  const setup = refused?.setup;
  const twofa = errorsOf("twofaConfirm") ?? errorsOf("twofaOff") ?? errorsOf("twofaStart");
  return (
    <section className="responsible">
      <ProfileNav current="/profile/security" />
      <h1>{t("profile.security.title")}</h1>
      <section className="responsible__card" aria-labelledby="security-password">
        <h2 id="security-password">{t("profile.security.passwordTitle")}</h2>
        <Form method="post" className="responsible__form" data-testid="password-form">
          <input type="hidden" name="intent" value="password" />
          <Input name="old_password" type="password" autoComplete="current-password" label={t("profile.security.oldPassword")} errors={pass?.errors.old_password} />
          <Input name="new_password" type="password" autoComplete="new-password" label={t("profile.security.newPassword")} errors={pass?.errors.new_password} required />
          <Input name="repeat_password" type="password" autoComplete="new-password" label={t("profile.security.repeatPassword")} errors={pass?.errors.repeat_password} required />
          <p className="responsible__hint">{t("profile.security.passwordHint")}</p>
          <Errors id="security-password-form-error" errors={pass?.formErrors} />
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t("profile.security.changePassword")}
          </button>
        </Form>
      </section>
      <section className="responsible__card" aria-labelledby="security-twofa" data-testid="twofa">
        <h2 id="security-twofa">{t("profile.security.twofaTitle")}</h2>
        <p data-twofa={loaderData.twoFactor ? "on" : "off"}>{t(loaderData.twoFactor ? "profile.security.twofaIsOn" : "profile.security.twofaIsOff")}</p>
        {loaderData.twoFactor ? (
          <Form method="post" className="responsible__form">
            <input type="hidden" name="intent" value="twofaOff" />
            <Input name="code" label={t("profile.security.code")} errors={twofa ? [...Object.values(twofa.errors).flat(), ...twofa.formErrors] : undefined} {...codeInput} />
            <button type="submit" className="btn btn--ghost" disabled={busy}>
              {t("profile.security.turnOff")}
            </button>
          </Form>
        ) : setup ? (
          <Form method="post" className="responsible__form">
            <input type="hidden" name="intent" value="twofaConfirm" />
            <input type="hidden" name="secret" value={setup.secret} />
            <input type="hidden" name="uri" value={setup.uri} />
            <p>{t("profile.security.scan")}</p>
            <svg className="profile__qr" viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`} role="img" aria-label={t("profile.security.qrLabel")} shapeRendering="crispEdges">
              <rect width={setup.qr.size} height={setup.qr.size} fill="#fff" />
              <path d={setup.qr.path} fill="#000" />
            </svg>
            <p>
              {t("profile.security.secret")} <code className="profile__secret" data-testid="twofa-secret" dir="ltr">{setup.secret}</code>
            </p>
            <Input name="code" label={t("profile.security.code")} errors={twofa ? [...Object.values(twofa.errors).flat(), ...twofa.formErrors] : undefined} {...codeInput} />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t("profile.security.turnOn")}
            </button>
          </Form>
        ) : (
          <Form method="post" className="responsible__form">
            <input type="hidden" name="intent" value="twofaStart" />
            <p className="responsible__hint">{t("profile.security.twofaHint")}</p>
            <Errors id="security-twofa-error" errors={twofa?.formErrors} />
            <button type="submit" className="btn btn--primary" disabled={busy}>
              {t("profile.security.setUp")}
            </button>
          </Form>
        )}
      </section>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Security"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
