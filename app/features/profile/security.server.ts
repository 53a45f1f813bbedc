import { data, redirect, type RouterContextProvider } from "react-router";
import { encode } from "uqr";
import { PlatformError } from "../../lib/api/errors";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export const SECURITY_INTENTS = ["password", "twofaStart", "twofaConfirm", "twofaOff"] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

/** A new two-factor secret waiting for its first code: the QR code's modules as one SVG path, and the secret to type. */
export interface TwoFactorSetupView {
  secret: string;
  uri: string;
  qr: { size: number; path: string };
}

export type SecurityActionData =
  | { intent: SecurityIntent; errors: Record<string, string[]>; formErrors: string[]; setup?: TwoFactorSetupView }
  | undefined;

/** The QR code of an otpauth:// URI as one SVG path of unit squares (drawn on the server, no script needed). */
export function qrPath(text: string): { size: number; path: string } {
  const { data: rows, size } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  rows.forEach((row, y) => row.forEach((dark, x) => (path += dark ? `M${x} ${y}h1v1h-1z` : "")));
  return { size, path };
}

/** The security page (SPEC §2 /profile/security): whether two-factor is on. */
export async function loadSecurity({ request, context }: Args) {
  const account = await requirePlayer(context, request);
  return { twoFactor: account.two_factor_auth, siteName: getSite(context).metadata.siteName };
}

/**
 * The security page's action, by `intent`: change the password (every other session ends, this one
 * is renewed), start two-factor (answers the QR code and secret), confirm it with a first code, or
 * turn it off with a code. The same with and without JavaScript.
 */
export async function securityAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const formData = await request.formData();
  const intent = String(formData.get("intent")) as SecurityIntent;
  if (!SECURITY_INTENTS.includes(intent)) throw data("Unknown form", { status: 400 });
  const platform = getPlatform(context);
  const here = sitePath(context, "/profile/security");
  const field = (name: string) => String(formData.get(name) ?? "");
  const code = () => field("code").replace(/\s+/g, "");
  try {
    if (intent === "password") {
      if (field("new_password") !== field("repeat_password")) {
        return data({ intent, errors: { repeat_password: [t("profile.security.passwordsDiffer")] }, formErrors: [] } satisfies SecurityActionData, { status: 400 });
      }
      await platform.call("account.changepassword", { old_password: field("old_password") || undefined, new_password: field("new_password") });
      return redirectWithToast(here, { type: "success", text: t("profile.security.passwordChanged") });
    }
    if (intent === "twofaStart") {
      const setup = await platform.call("account.changeTwoFactorAuth", { enable: "1" });
      if (setup === 1) return redirect(here);
      return data({ intent, errors: {}, formErrors: [], setup: { secret: setup.secret, uri: setup.uri, qr: qrPath(setup.uri) } } satisfies SecurityActionData);
    }
    if (intent === "twofaConfirm") {
      await platform.call("account.confirmTwoFactorAuth", { code: code() });
      return redirectWithToast(here, { type: "success", text: t("profile.security.twofaOn") });
    }
    await platform.call("account.changeTwoFactorAuth", { enable: "0", code: code() });
    return redirectWithToast(here, { type: "success", text: t("profile.security.twofaOff") });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    // A refused first code keeps the QR code on screen: the secret waiting for it is the same.
    const secret = field("secret");
    const uri = field("uri");
    const keep = intent === "twofaConfirm" && /^[A-Z2-7]{16,64}$/.test(secret) && uri.startsWith("otpauth://") && uri.length <= 512;
    const setup = keep ? { secret, uri, qr: qrPath(uri) } : undefined;
    const body: SecurityActionData = { intent, errors: e.fields ?? {}, formErrors: e.fields ? [] : [e.message], setup };
    return data(body, { status: e.status });
  }
}
