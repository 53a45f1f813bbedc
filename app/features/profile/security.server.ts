import { data, redirect, type RouterContextProvider } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { encode } from "uqr";
import { codeRefusal } from "../../../core/api/two-factor-answers";
import { PlatformError } from "../../../core/api/errors";
import { createT, type TFunction } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { securitySchema, type SecurityIntent } from "./security.schema";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export type { SecurityIntent };

/** A new two-factor secret waiting for its first code: the QR code's modules as one SVG path, and the secret to type. */
export interface TwoFactorSetupView {
  secret: string;
  uri: string;
  qr: { size: number; path: string };
}

export type SecurityActionData =
  | {
      intent: SecurityIntent;
      errors: Record<string, string[]>;
      formErrors: string[];
      setup?: TwoFactorSetupView;
      /** A new set of backup codes, shown this once (decision 0038). */
      codes?: string[];
    }
  | undefined;

/** The platform's words on a code (SPEC §8) in the player's language; other fields' messages as they are. */
function codeWords(fields: Record<string, string[]>, t: TFunction): Record<string, string[]> {
  if (!fields.code) return fields;
  const words = { digits: "auth.errors.codeDigits", invalid: "auth.errors.codeInvalid", used: "auth.errors.codeUsed" } as const;
  const word = (m: string) => {
    const refusal = codeRefusal(m);
    return refusal ? t(words[refusal]) : m;
  };
  return { ...fields, code: fields.code.map(word) };
}

/** The QR code of an otpauth:// URI as one SVG path of unit squares (drawn on the server, no script needed). */
export function qrPath(text: string): { size: number; path: string } {
  const { data: rows, size } = encode(text, { ecc: "M", border: 2 });
  let path = "";
  rows.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size, path };
}

/**
 * The security page (SPEC §2 /profile/security): whether two-factor is on, how many backup codes
 * are left, and the player's signed-in sessions (decision 0038).
 */
export async function loadSecurity({ request, context }: Args) {
  const account = await requirePlayer(context, request);
  const platform = getPlatform(context);
  const [backupCodes, sessions] = await Promise.all([
    account.two_factor_auth ? platform.call("account.getBackupCodes") : null,
    platform.call("account.getSessions"),
  ]);
  return { twoFactor: account.two_factor_auth, backupCodes, sessions: sessions.items, siteName: getSite(context).metadata.siteName };
}

/**
 * The security page's action, by `intent`: change the password (every other session ends, this one
 * is renewed), start two-factor (answers the QR code and secret), confirm it with a first code
 * (answers the first backup codes), make a new set of backup codes with a code, turn two-factor
 * off with a code or a backup code, sign out one other session or all of them. The same with and
 * without JavaScript.
 */
export async function securityAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const submission = parseWithZod(await request.formData(), { schema: securitySchema({ passwordsDiffer: t("profile.security.passwordsDiffer") }) });
  if (submission.status !== "success") {
    // A form this page never renders (no or another intent) is no player's typing.
    const intent = submission.payload.intent;
    if (submission.error?.intent || typeof intent !== "string") throw data("Unknown form", { status: 400 });
    const errors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((e): e is [string, string[]] => Array.isArray(e[1])));
    return data({ intent: intent as SecurityIntent, errors, formErrors: [] } satisfies SecurityActionData, { status: 400 });
  }
  const form = submission.value;
  const intent = form.intent;
  const platform = getPlatform(context);
  const here = sitePath(context, "/profile/security");
  const code = () => ("code" in form ? (form.code ?? "") : "").replace(/\s+/g, "");
  try {
    if (form.intent === "password") {
      await platform.call("account.changepassword", { old_password: form.old_password || undefined, new_password: form.new_password ?? "" });
      return redirectWithToast(here, { type: "success", text: t("profile.security.passwordChanged") });
    }
    if (intent === "twofaStart") {
      const setup = await platform.call("account.changeTwoFactorAuth", { enable: "1" });
      if (setup === 1) return redirect(here);
      return data({ intent, errors: {}, formErrors: [], setup: { secret: setup.secret, uri: setup.uri, qr: qrPath(setup.uri) } } satisfies SecurityActionData);
    }
    if (intent === "twofaConfirm") {
      await platform.call("account.confirmTwoFactorAuth", { code: code() });
      // The first set of backup codes comes with it, shown on this answer only (decision 0038).
      const { codes } = await platform.call("account.createBackupCodes", {});
      return data({ intent, errors: {}, formErrors: [], codes } satisfies SecurityActionData);
    }
    if (intent === "backupCodes") {
      const { codes } = await platform.call("account.createBackupCodes", { code: code() });
      return data({ intent, errors: {}, formErrors: [], codes } satisfies SecurityActionData);
    }
    if (form.intent === "endSession" || form.intent === "endOthers") {
      await platform.call("account.endSessions", form.intent === "endSession" ? { id: form.id } : {});
      return redirectWithToast(here, { type: "success", text: t(intent === "endSession" ? "profile.security.sessionEnded" : "profile.security.othersEnded") });
    }
    await platform.call("account.changeTwoFactorAuth", { enable: "0", code: code() });
    return redirectWithToast(here, { type: "success", text: t("profile.security.twofaOff") });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    // A refused first code keeps the QR code on screen: the secret waiting for it is the same.
    const secret = form.intent === "twofaConfirm" ? (form.secret ?? "") : "";
    const uri = form.intent === "twofaConfirm" ? (form.uri ?? "") : "";
    const keep = form.intent === "twofaConfirm" && /^[A-Z2-7]{16,64}$/.test(secret) && uri.startsWith("otpauth://") && uri.length <= 512;
    const setup = keep ? { secret, uri, qr: qrPath(uri) } : undefined;
    const body: SecurityActionData = { intent, errors: codeWords(e.fields ?? {}, t), formErrors: e.fields ? [] : [e.message], setup };
    return data(body, { status: e.status });
  }
}
