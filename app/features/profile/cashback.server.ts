import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { sameOriginPath } from "../../../core/navigation";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { SEEN_CASHBACK_KEY } from "../cashback/unseen-cashback";
import { getSite, requirePlayer, sitePath } from "../site/site.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The page's and the popup's forms: claim or remove a cashback; `seen` closes the popup for good. */
export const CashbackForm = z.object({
  intent: z.enum(["payout", "remove", "seen"]),
  cashback_id: z.string().max(64),
  /** Where the popup's forms go back to (a same-origin path); the page's own forms leave it out. */
  returnTo: z.string().max(2000).optional(),
});

export type CashbackActionData = { cashbackId: string; formErrors: string[] } | undefined;

/** How many cashbacks the page lists: a year of weeks. */
const LISTED = 52;

/** `/profile/cashback`: the player's cashbacks, newest period first. */
export async function loadCashback({ request, context }: Args) {
  await requirePlayer(context, request);
  const site = getSite(context);
  const list = await orErrorPage(getPlatform(context).withLocale(site.locale).call("cashbacks.get", { count: LISTED, fields: "description" }));
  return { list, siteName: site.metadata.siteName, title: createT(site.messages)("profile.cashback.title") };
}

/** The action, the same with and without JavaScript: success back with a toast, a refusal beside its cashback. */
export async function cashbackAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const form = CashbackForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data("Unknown form", { status: 400 });
  const { intent, cashback_id } = form.data;
  const back = form.data.returnTo
    ? sameOriginPath(form.data.returnTo, new URL(request.url).origin, sitePath(context, "/"))
    : sitePath(context, "/profile/cashback");
  const platform = getPlatform(context);
  try {
    if (intent === "seen") {
      await platform.call("storage.set", { key: SEEN_CASHBACK_KEY, value: cashback_id });
      throw redirect(back);
    }
    if (intent === "remove") await platform.call("cashbacks.remove", { cashback_id });
    else await platform.call("cashbacks.payout", { cashback_id });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    const reason = e.params?.reason;
    const message =
      reason === "claim_expired" ? t("profile.cashback.claimExpired") : reason === "paid_out" ? t("profile.cashback.alreadyPaid") : t("profile.cashback.gone");
    // From the popup: back to its page with the refusal as a toast (the popup is gone by then).
    if (form.data.returnTo) return redirectWithToast(back, { type: "error", text: message });
    return data({ cashbackId: cashback_id, formErrors: [message] } satisfies CashbackActionData, { status: e.status });
  }
  return redirectWithToast(back, { type: "success", text: t(intent === "payout" ? "profile.cashback.paid" : "profile.cashback.removed") });
}
