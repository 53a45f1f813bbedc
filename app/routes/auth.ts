import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/auth";
import {
  clearPendingTwoFactor,
  flashAuthCookie,
  pendingTwoFactorCookie,
  readPendingTwoFactor,
  type AuthFlash,
} from "../features/auth/auth-flash.server";
import { withoutPopup, withPopup } from "../features/auth/popup-url";
import { getSite } from "../features/site/site.server";
import { isPlatformError, PlatformError } from "../lib/api/errors";
import { workerContext } from "../lib/context.server";
import { localizePath, splitLocalePath } from "../lib/i18n/locale";
import { safeRedirectPath } from "../lib/navigation";
import { getInstance } from "../middleware/i18n.server";
import { getPlatform } from "../middleware/platform.server";

const returnTo = z.string().max(2000).optional();
const AuthForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login"), login: z.string().trim().max(254), password: z.string().max(128), returnTo }),
  z.object({ intent: z.literal("twofa"), code: z.string().trim().max(16), returnTo }),
  z.object({
    intent: z.literal("register"),
    email: z.string().trim().max(254),
    password: z.string().max(128),
    terms: z.string().optional(),
    notify: z.string().optional(),
    returnTo,
  }),
  z.object({ intent: z.literal("restore"), login: z.string().trim().max(254), returnTo }),
  z.object({ intent: z.literal("logout"), returnTo }),
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
  const submission = parseWithZod(await request.formData(), { schema: AuthForm });
  if (submission.status !== "success") return data({ error: "Malformed form" }, { status: 400 });
  const form = submission.value;

  const back = safeRedirectPath(form.returnTo, "/");
  const backUrl = new URL(back, "http://x.invalid");
  const next = safeRedirectPath(backUrl.searchParams.get("redirectUrl"), withoutPopup(back));
  const fail = (flash: AuthFlash, headers: HeadersInit = {}) => {
    const h = new Headers(headers);
    h.append("set-cookie", flashAuthCookie(flash, secure));
    return redirect(withPopup(back, flash.mode), { headers: h });
  };
  const fieldErrors = (e: unknown) => (e instanceof PlatformError ? e.fields : undefined);

  switch (form.intent) {
    case "logout": {
      await platform.call("auth.logout").catch(() => undefined);
      return redirect(localizePath("/", site.locale, site.locales.defaultLocale));
    }
    case "login":
    case "twofa": {
      const pending = form.intent === "twofa" ? await readPendingTwoFactor(request, env.SIGNING_SECRET) : null;
      if (form.intent === "twofa" && !pending) return fail({ mode: "authorization", error: t("auth.errors.twoFactorExpired") });
      const creds = form.intent === "login" ? { login: form.login, password: form.password } : pending!;
      try {
        const account = await platform.call("auth.login", { ...creds, code: form.intent === "twofa" ? form.code : undefined });
        // After sign-in the player goes to the page in their account's locale (SPEC §2).
        const { basePath } = splitLocalePath(new URL(next, "http://x.invalid").pathname, site.locales.locales, site.locales.defaultLocale);
        const known = site.locales.locales.some((l) => l.code === account.locale);
        const target = known ? localizePath(basePath, account.locale, site.locales.defaultLocale) + new URL(next, "http://x.invalid").search : next;
        return redirect(target, { headers: { "set-cookie": clearPendingTwoFactor(secure) } });
      } catch (e) {
        if (isPlatformError(e, "Authorization") && e.params?.two_factor_auth) {
          const cookie = await pendingTwoFactorCookie(env.SIGNING_SECRET, creds.login, creds.password, secure);
          const error = form.intent === "twofa" ? t("auth.errors.twoFactorExpired") : undefined;
          return fail({ mode: "twofa", error, values: { login: creds.login } }, { "set-cookie": cookie });
        }
        if (form.intent === "twofa" && isPlatformError(e, "InvalidParameter")) {
          const digits = /6 digits/.test(e.message);
          return fail({ mode: "twofa", fields: { code: [t(digits ? "auth.errors.codeDigits" : "auth.errors.codeInvalid")] } });
        }
        if (isPlatformError(e, "TooManyRequests")) {
          return fail({ mode: "authorization", error: t("auth.errors.tooMany", { seconds: Number(e.params?.retry_after ?? 900) }), values: { login: creds.login } });
        }
        if (isPlatformError(e, "UserBanned")) return fail({ mode: "authorization", error: t("auth.errors.banned") });
        if (e instanceof PlatformError && e.status < 500) {
          return fail({ mode: "authorization", error: t("auth.errors.wrongEntry"), values: { login: creds.login } });
        }
        throw e;
      }
    }
    case "register": {
      try {
        await platform.call("auth.register", {
          email: form.email,
          password: form.password,
          terms: form.terms ? "1" : undefined,
          notify: form.notify ? "1" : "0",
          locale: site.locale,
        });
      } catch (e) {
        if (e instanceof PlatformError && e.status < 500) {
          return fail({ mode: "registration", error: e.fields ? undefined : e.message, fields: fieldErrors(e), values: { email: form.email } });
        }
        throw e;
      }
      // After registration the URL says so (SPEC §2); without a redirectUrl the player would go
      // to the cashier's deposit page, which arrives with the wallet issue: the home page until then.
      const target = new URL(backUrl.searchParams.get("redirectUrl") ? next : localizePath("/", site.locale, site.locales.defaultLocale), "http://x.invalid");
      target.searchParams.set("register", "success");
      return redirect(target.pathname + target.search);
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
