import { Form, useNavigation } from "react-router";
import { BackupCodes, codeInput, SecurityInput as Input, SessionsCard } from "../features/profile/security-parts";
import type { Route } from "./+types/profile.security";
import { FieldErrors as Errors } from "../ui/form/field";
import { ProfileNav } from "../features/profile/profile-nav";
import { loadSecurity, securityAction, type SecurityActionData } from "../features/profile/security.server";
import { useT } from "../lib/i18n/use-t";
import { getInstance } from "../middleware/i18n.server";

export async function loader(args: Route.LoaderArgs) {
  const data = await loadSecurity(args);
  return { ...data, title: getInstance(args.context).t("profile.security.title") };
}

export const action = (args: Route.ActionArgs) => securityAction(args);

/**
 * The player's security (SPEC §2 /profile/security): the password, two-factor sign-in with an
 * authenticator app and its backup codes, and the signed-in sessions (decision 0038).
 */
export default function ProfileSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const refused = actionData as SecurityActionData;
  const errorsOf = (intent: string) => (refused?.intent === intent ? refused : undefined);
  const pass = errorsOf("password");
  const setup = refused?.setup;
  const twofa = errorsOf("twofaConfirm") ?? errorsOf("twofaOff") ?? errorsOf("twofaStart");
  // Without JavaScript the answer to turning it on is rendered in the same request, whose account
  // was read before the action: fresh backup codes exist only with two-factor on.
  const twoFactor = loaderData.twoFactor || !!refused?.codes;
  const codeErrors = (e: typeof twofa) => (e ? [...Object.values(e.errors).flat(), ...e.formErrors] : undefined);
  return (
    <section className="responsible">
      <ProfileNav current="/profile/security" />
      <h1>{t("profile.security.title")}</h1>
      <section className="responsible__card" aria-labelledby="security-password">
        <h2 id="security-password">{t("profile.security.passwordTitle")}</h2>
        <Form method="post" className="responsible__form" data-testid="password-form">
          <input type="hidden" name="intent" value="password" />
          <Input
            name="old_password"
            type="password"
            autoComplete="current-password"
            label={t("profile.security.oldPassword")}
            errors={pass?.errors.old_password}
          />
          <Input
            name="new_password"
            type="password"
            autoComplete="new-password"
            label={t("profile.security.newPassword")}
            errors={pass?.errors.new_password}
            required
          />
          <Input
            name="repeat_password"
            type="password"
            autoComplete="new-password"
            label={t("profile.security.repeatPassword")}
            errors={pass?.errors.repeat_password}
            required
          />
          <p className="responsible__hint">{t("profile.security.passwordHint")}</p>
          <Errors id="security-password-form-error" errors={pass?.formErrors} />
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t("profile.security.changePassword")}
          </button>
        </Form>
      </section>
      <section className="responsible__card" aria-labelledby="security-twofa" data-testid="twofa">
        <h2 id="security-twofa">{t("profile.security.twofaTitle")}</h2>
        <p data-twofa={twoFactor ? "on" : "off"}>{t(twoFactor ? "profile.security.twofaIsOn" : "profile.security.twofaIsOff")}</p>
        {twoFactor ? (
          <>
            <BackupCodes
              info={loaderData.backupCodes}
              fresh={refused?.codes}
              justTurnedOn={refused?.intent === "twofaConfirm"}
              errors={codeErrors(errorsOf("backupCodes"))}
              busy={busy}
            />
            <Form method="post" className="responsible__form">
              <input type="hidden" name="intent" value="twofaOff" />
              <Input name="code" label={t("profile.security.codeOrBackup")} errors={codeErrors(twofa)} {...codeInput} />
              <button type="submit" className="btn btn--ghost" disabled={busy}>
                {t("profile.security.turnOff")}
              </button>
            </Form>
          </>
        ) : setup ? (
          <Form method="post" className="responsible__form">
            <input type="hidden" name="intent" value="twofaConfirm" />
            <input type="hidden" name="secret" value={setup.secret} />
            <input type="hidden" name="uri" value={setup.uri} />
            <p>{t("profile.security.scan")}</p>
            <svg
              className="profile__qr"
              viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
              role="img"
              aria-label={t("profile.security.qrLabel")}
              shapeRendering="crispEdges"
            >
              <rect width={setup.qr.size} height={setup.qr.size} fill="#fff" />
              <path d={setup.qr.path} fill="#000" />
            </svg>
            <p>
              {t("profile.security.secret")}{" "}
              <code className="profile__secret" data-testid="twofa-secret" dir="ltr">
                {setup.secret}
              </code>
            </p>
            <Input name="code" label={t("profile.security.code")} errors={codeErrors(twofa)} {...codeInput} />
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
      <SessionsCard sessions={loaderData.sessions} busy={busy} formErrors={errorsOf("endSession")?.formErrors ?? errorsOf("endOthers")?.formErrors} />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Security"} | ${loaderData?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];
