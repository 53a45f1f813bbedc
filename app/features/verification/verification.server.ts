import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { hostedPageUrl, verificationView } from "./verification-status";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The page's forms: "Verify my identity" (start) and "I have submitted my documents" (submitted). */
export const VerificationForm = z.object({ intent: z.enum(["start", "submitted"]) });

export type VerificationActionData =
  | { intent: "start"; frame: string; formErrors?: never; needProfile?: never }
  | { intent: "start" | "submitted"; frame?: never; formErrors: string[]; needProfile?: boolean }
  | undefined;

/** The verification page (SPEC §2 /profile/verification): the status, from the account's flags and the newest attempt. */
export async function loadVerification({ request, context }: Args) {
  const account = await requirePlayer(context, request);
  const applicant = await orErrorPage(getPlatform(context).call("sumsub.getApplicant"));
  return { view: verificationView(account, applicant), kycBlock: account.is_kyc_block_enabled, siteName: getSite(context).metadata.siteName };
}

/**
 * start: the open attempt (or a new one) and a token for the provider's hosted page, answered as
 * the frame's address (the same page renders it, with and without JavaScript). submitted: the
 * player says they submitted there (the framed page's message does it for them with JavaScript):
 * account.setUserOnVerification, then back to the page, which shows "under review".
 */
export async function verificationAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const form = VerificationForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data("Unknown form", { status: 400 });
  const { intent } = form.data;
  const platform = getPlatform(context);
  const here = sitePath(context, "/profile/verification");
  try {
    if (intent === "start") {
      await platform.call("sumsub.createApplicant");
      const { url } = await platform.call("sumsub.getAccessToken", { externalActionId: "profile" });
      const frame = hostedPageUrl(url);
      if (!frame) throw new Error(`verification: the provider's page address is not usable: ${url.slice(0, 80)}`);
      return data({ intent, frame } satisfies VerificationActionData);
    }
    await platform.call("account.setUserOnVerification");
    return redirectWithToast(here, { type: "success", text: t("profile.verification.submittedDone") });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    // The name and date of birth first (KycUserProfile): the way to the settings comes with it.
    if (e.type === "KycUserProfileException") {
      return data({ intent, formErrors: [t("profile.verification.needProfile")], needProfile: true } satisfies VerificationActionData, { status: e.status });
    }
    // Nothing submitted yet: the player's words, not the platform's.
    const message = e.status === 409 && e.params?.status !== "approved" && intent === "submitted" ? t("profile.verification.notSubmitted") : e.message;
    return data({ intent, formErrors: [message] } satisfies VerificationActionData, { status: e.status });
  }
}
