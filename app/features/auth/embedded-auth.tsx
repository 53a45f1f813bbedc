import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import type { CmsConfig } from "../../../core/api/cms";
import { useRootData } from "../../shell/use-root-data";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { AuthForm, Field } from "./auth-form-parts";
import type { PersonalData } from "../../../core/validation/registration-form";
import { EmbeddedRegistration } from "./embedded-registration";

export type EmbeddedMode = "sign_in" | "sign_up";

/** The message an embedded form posts so the parent page takes the player to the site. */
export function redirectMessage(origin: string, indexPath: string, backUrl: string, mode: EmbeddedMode) {
  const flag = mode === "sign_up" ? "show_popup_reg" : "show_popup_auth";
  const url = new URL(indexPath, origin);
  url.searchParams.set(flag, "1");
  if (backUrl) url.searchParams.set("backUrl", backUrl);
  return { type: "redirect" as const, url: url.href };
}

/** Equal on every render: the registration form keeps its server HTML until touched (embedded-registration.tsx). */
const NO_VALUES: Record<string, string> = {};
const NO_ERRORS: Record<string, string[]> = {};
const ignore = () => undefined;

/** Tells the page around the frame that the player changed (signed in or registered). */
export const REFRESH_USER = { type: "refresh_user" as const };

export interface EmbeddedAuthData {
  config: CmsConfig["auth"];
  personalData: PersonalData | null;
  signedIn: boolean;
  /** A sign-in just refused: its message, field errors and the login typed. */
  refused?: { error: string | null; fields: Record<string, string[]>; login: string } | null;
}

/**
 * `/forms/sign_in` and `/forms/sign_up`: real sign-in and registration forms an operator embeds
 * on partner sites (SPEC §2). They post to /auth like the popup and come back here; once the
 * player is signed in the page posts 'refresh_user' to its parent. The other form is offered as
 * a 'redirect' message: the parent goes to the site with the popup open and a backUrl.
 */
export function EmbeddedAuth({ mode, data }: { mode: EmbeddedMode; data: EmbeddedAuthData }) {
  const t = useT();
  const root = useRootData()!;
  const to = useLocalePath();
  const { pathname, search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const here = pathname + search;
  const other: EmbeddedMode = mode === "sign_in" ? "sign_up" : "sign_in";
  const message = redirectMessage(root.origin, to("/"), "", other);

  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (data.signedIn && window.parent !== window) window.parent.postMessage(REFRESH_USER, "*");
  }, [data.signedIn]);

  if (data.signedIn) {
    return (
      <section className="embedded-auth">
        <h1>{t(`forms.${mode}.done`)}</h1>
        <a className="btn btn--primary" href={to("/")} target="_top">
          {t("forms.toSite")}
        </a>
      </section>
    );
  }
  return (
    <section className="embedded-auth" data-hydrated={hydrated ? "" : undefined}>
      <img src={root.site.logo.src} width={root.site.logo.width} height={root.site.logo.height} alt={root.site.logo.alt} />
      <h1>{t(`forms.${mode}.title`)}</h1>
      {mode === "sign_in" ? (
        <AuthForm intent="login" submit={t("auth.authorization.submit")} returnTo={here} busy={busy}>
          {data.refused?.error && (
            <div className="notice notice--error" role="alert">
              <strong>{t("auth.errors.wrongEntryTitle")}</strong> {data.refused.error}
            </div>
          )}
          <Field name="login" label={t("auth.fields.login")} autoComplete="username" defaultValue={data.refused?.login} errors={data.refused?.fields.login} />
          <Field name="password" label={t("auth.fields.password")} type="password" autoComplete="current-password" errors={data.refused?.fields.password} />
        </AuthForm>
      ) : (
        <EmbeddedRegistration
          config={data.config}
          regType={null}
          personalData={data.personalData}
          values={NO_VALUES}
          errors={NO_ERRORS}
          here={here}
          next={here}
          busy={busy}
          t={t}
          onSocialError={ignore}
        />
      )}
      <p className="auth__links">
        <a
          href={message.url}
          target="_top"
          onClick={(e) => {
            if (window.parent === window) return;
            e.preventDefault();
            window.parent.postMessage(redirectMessage(root.origin, to("/"), document.referrer || "", other), "*");
          }}
        >
          {t(`forms.${mode}.other`)}
        </a>
      </p>
    </section>
  );
}
