import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, redirectDocument } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/auth";
import { codeRefusal } from "../../core/api/two-factor-answers";
import { clearPendingTwoFactor, flashAuthCookie, pendingTwoFactorCookie, readPendingTwoFactor, type AuthFlash } from "../features/auth/auth-flash.server";
import { selfExclusionNotice } from "../features/auth/machines/auth-error";
import { withPopup } from "../features/auth/popup-url";
import { afterRegistrationPath, afterSignInPath, nextAfterAuth, oauthInitUrl } from "../features/auth/auth-targets";
import { keptValues, registerFromForm, registrationValues } from "../features/auth/register-action.server";
import { getSite, indexPath } from "../features/site/site.server";
import { isPlatformError, PlatformError } from "../../core/api/errors";
import { workerContext } from "../lib/context.server";
import { splitLocalePath } from "../lib/i18n/locale";
import { safeRedirectPath } from "../../core/navigation";
import { getInstance } from "../middleware/i18n.server";
import { getPlatform } from "../middleware/platform.server";
import { redirectWithToast } from "../lib/toast.server";
import { sessionEndedToast } from "../features/responsible/session-ended";

const returnTo = z.string().max(2000).optional();
const social = z
  .string()
  .regex(/^[a-z0-9_-]{1,32}$/)
  .optional();
const AuthForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login"), login: z.string().trim().max(254).default(""), password: z.string().max(128).default(""), social, returnTo }),
  z.object({ intent: z.literal("twofa"), code: z.string().trim().max(16), returnTo }),
  // Registration values are many and dynamic: registrationValues() reads them from the form data.
  z.object({ intent: z.literal("register"), refresh: z.literal("country").optional(), social, returnTo }),
  z.object({
    intent: z.literal("complete"),
    email: z.string().trim().max(254).optional(),
    terms: z.string().optional(),
    notify: z.string().optional(),
    returnTo,
  }),
  z.object({ intent: z.literal("restore"), login: z.string().trim().max(254), returnTo }),
  z.object({ intent: z.literal("reset"), token: z.string().max(200), password: z.string().max(128).default(""), returnTo }),
  // reason "limit": the session clock signs out the session the player's session limit ended (decision 0089).
  z.object({ intent: z.literal("logout"), returnTo, reason: z.literal("limit").optional() }),
]);

/**
 * One action for the authentication popup's forms (`intent`), posted the same way with and
 * without JavaScript: success redirects on (redirectUrl, the account's locale), failure
 * redirects back to the page with the popup open and its messages flashed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.get(workerContext);
  const secure = env.APP_ENV !== "local";
  const site = getSite(context);
  const t = getInstance(context).t;
  const platform = getPlatform(context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: AuthForm });
  if (submission.status !== "success") return data({ error: "Malformed form" }, { status: 400 });
  const form = submission.value;

  const back = safeRedirectPath(form.returnTo, "/");
  const backUrl = new URL(back, "http://x.invalid");
  const next = nextAfterAuth(back);
  const fail = (flash: AuthFlash, headers: HeadersInit = {}) => {
    const h = new Headers(headers);
    h.append("set-cookie", flashAuthCookie(flash, secure));
    // An embedded sign-in form (/forms/sign_in in another site's frame) shows a refused sign-in in
    // itself: the site's own popup over it would be a second form in a frame too small for it.
    // Its two-factor step is the popup's (the embed has no code step of its own).
    if (flash.mode === "authorization" && isEmbeddedForm(backUrl.pathname)) return redirect(back, { headers: h });
    return redirect(withPopup(back, flash.mode), { headers: h });
  };
  const fieldErrors = (e: unknown) => (e instanceof PlatformError ? e.fields : undefined);
  const registeredTarget = (betting = false) => {
    // Embedded forms (/forms/…) stay in their frame; they tell the parent page themselves.
    // Otherwise the locale's cashier deposit page (SPEC §2), worked out from its index path.
    const embedded = /^\/forms\//.test(splitLocalePath(backUrl.pathname, site.locales.locales, site.locales.defaultLocale).basePath);
    return afterRegistrationPath(back, indexPath(site), embedded, betting);
  };

  switch (form.intent) {
    case "logout": {
      await platform.call("auth.logout").catch(() => undefined);
      if (form.reason === "limit") return redirectWithToast(indexPath(site), sessionEndedToast(t));
      return redirect(indexPath(site));
    }
    case "login":
    case "twofa": {
      if (form.intent === "login" && form.social) return redirectDocument(oauthInitUrl(form.social, next, "login"));
      const pending = form.intent === "twofa" ? await readPendingTwoFactor(request, env.SIGNING_SECRET) : null;
      if (form.intent === "twofa" && !pending) return fail({ mode: "authorization", error: t("auth.errors.twoFactorExpired") });
      const creds = form.intent === "login" ? { login: form.login, password: form.password } : pending!;
      try {
        const account = await platform.call("auth.login", { ...creds, code: form.intent === "twofa" ? form.code : undefined });
        const target = afterSignInPath(next, account.locale, site.locales.locales, site.locales.defaultLocale);
        return redirect(target, { headers: { "set-cookie": clearPendingTwoFactor(secure) } });
      } catch (e) {
        if (isPlatformError(e, "Authorization") && e.params?.two_factor_auth) {
          const cookie = await pendingTwoFactorCookie(env.SIGNING_SECRET, creds.login, creds.password, secure);
          const error = form.intent === "twofa" ? t("auth.errors.twoFactorExpired") : undefined;
          return fail({ mode: "twofa", error, values: { login: creds.login } }, { "set-cookie": cookie });
        }
        if (form.intent === "twofa" && isPlatformError(e, "InvalidParameter")) {
          const refusal = codeRefusal(e.message);
          const key = refusal === "digits" ? "auth.errors.codeDigits" : refusal === "used" ? "auth.errors.codeUsed" : "auth.errors.codeInvalid";
          return fail({ mode: "twofa", fields: { code: [t(key)] } });
        }
        if (isPlatformError(e, "TooManyRequests")) {
          return fail({
            mode: "authorization",
            error: t("auth.errors.tooMany", { seconds: Number(e.params?.retry_after ?? 900) }),
            values: { login: creds.login },
          });
        }
        // SPEC §6: the platform answered with the banned session it opened; the page shows the 403 screen.
        if (isPlatformError(e, "UserBanned")) return redirect(back);
        const excluded = e instanceof PlatformError ? selfExclusionNotice(e) : null;
        if (excluded) return fail({ mode: "authorization", error: t(excluded.key, excluded.params), values: { login: creds.login } });
        if (e instanceof PlatformError && e.status < 500) {
          return fail({ mode: "authorization", error: t("auth.errors.wrongEntry"), values: { login: creds.login } });
        }
        throw e;
      }
    }
    case "register": {
      const values = registrationValues(formData);
      if (form.social) {
        // SPEC §4: a required, unticked terms box blocks social registration.
        if (site.cms.auth.registrationOptions.terms.isActive && values.terms !== "1") {
          return fail({ mode: "registration", fields: { terms: [t("auth.errors.terms")] }, values: keptValues(values) });
        }
        return redirectDocument(oauthInitUrl(form.social, next, "registration"));
      }
      if (form.refresh === "country") {
        // Without JavaScript a new country reloads the form with that country's fields.
        const url = new URL(withPopup(back, "registration"), "http://x.invalid");
        if (/^[A-Z]{2}$/.test(values.country_code ?? "")) url.searchParams.set("reg_country", values.country_code!);
        const h = new Headers({ "set-cookie": flashAuthCookie({ mode: "registration", values: keptValues(values) }, secure) });
        return redirect(url.pathname + url.search, { headers: h });
      }
      const outcome = await registerFromForm(values, { platform, config: site.cms.auth, t: (k, v) => t(k, v), locale: site.locale });
      if (!outcome.ok) return fail(outcome.flash);
      // SPEC §9: a bettor (is_betting=1) lands on the sportsbook rather than the cashier.
      return redirect(registeredTarget(values.is_betting === "1"));
    }
    case "complete": {
      try {
        await platform.call("auth.register", {
          email: form.email || undefined,
          terms: form.terms ? "1" : undefined,
          notify: form.notify ? "1" : "0",
          locale: site.locale,
        } as never);
      } catch (e) {
        if (e instanceof PlatformError && e.status < 500) {
          return fail({ mode: "socialRegistration", error: e.fields ? undefined : e.message, fields: fieldErrors(e), values: { email: form.email ?? "" } });
        }
        throw e;
      }
      return redirect(registeredTarget());
    }
    case "reset": {
      try {
        await platform.call("auth.restore", { token: form.token, password: form.password });
      } catch (e) {
        if (e instanceof PlatformError && e.status < 500) return fail({ mode: "restore", fields: fieldErrors(e) ?? { password: [e.message] } });
        throw e;
      }
      // The sign-in popup without the used token (withPopup drops reset_token with the mode).
      const h = new Headers({ "set-cookie": flashAuthCookie({ mode: "authorization", notice: t("auth.reset.done") }, secure) });
      return redirect(withPopup(back, "authorization"), { headers: h });
    }
    case "restore": {
      try {
        await platform.call("auth.restore", { login: form.login });
      } catch (e) {
        if (isPlatformError(e, "TooManyRequests")) {
          return fail({ mode: "restore", error: t("auth.errors.tooMany", { seconds: Number(e.params?.retry_after ?? 900) }) });
        }
        if (e instanceof PlatformError && e.status < 500) return fail({ mode: "restore", fields: fieldErrors(e) ?? { login: [e.message] } });
        throw e;
      }
      return fail({ mode: "authorization", notice: t("auth.restoreSent"), values: { login: form.login } });
    }
  }
}

export function loader(): never {
  throw data("Method Not Allowed", { status: 405 });
}

/** `/forms/sign_in` or `/forms/sign_up`, plain or under a locale prefix. */
function isEmbeddedForm(pathname: string): boolean {
  return /^(\/[^/]+)?\/forms\/sign_(in|up)$/.test(pathname);
}
