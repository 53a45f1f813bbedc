import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { PlatformError } from "../../../core/api/errors";
import { createT } from "../../lib/i18n/translate";
import { validationMessages } from "../../lib/i18n/validation-messages";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, sitePath } from "../site/site.server";
import { seoMeta } from "../content/seo.server";
import { feedbackSchema } from "./feedback-schema";
import type { SupportActionData } from "./feedback-form";

type Ctx = Readonly<RouterContextProvider>;

/** The page the visitor came from (same site, not /support itself), for the operator's context. */
function cameFrom(request: Request): string | undefined {
  const referer = request.headers.get("referer");
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    if (from.origin !== here.origin || /\/support\/?$/.test(from.pathname)) return undefined;
    return (from.pathname + from.search).slice(0, 500);
  } catch {
    return undefined;
  }
}

/** What /support shows: the topics and email, and a player's name and email to start from. */
export async function loadSupport(context: Ctx, request: Request) {
  const site = getSite(context);
  const [settings, account] = await Promise.all([getPlatform(context).call("support.getsettings"), site.account()]);
  const t = createT(site.messages);
  const player = account.uid > 0 ? { name: account.first_name || account.login, email: account.email?.contact ?? "" } : null;
  return {
    topics: settings.topics,
    email: settings.email,
    player,
    pageUrl: cameFrom(request),
    // The id of the message just sent (the page after a send): it keys the form, so the next one starts empty.
    sent: /^\d{1,12}$/.exec(new URL(request.url).searchParams.get("sent") ?? "")?.[0] ?? null,
    // Described for search results and shared links, as the other public pages are.
    meta: seoMeta({ title: t("support.title"), description: t("support.lead") }, site.metadata.siteName, site.origin),
  };
}

/**
 * Sends the form (with and without JavaScript): a refused field comes back under its field with
 * every value kept; success lands on /support?sent=<id>, which says so, with a toast.
 */
export async function supportAction(context: Ctx, request: Request) {
  const site = getSite(context);
  const t = createT(site.messages);
  const account = await site.account();
  const submission = parseWithZod(await request.formData(), { schema: feedbackSchema(validationMessages(t), { visitor: account.uid <= 0 }) });
  if (submission.status !== "success") return data<SupportActionData>({ result: submission.reply() }, { status: 400 });
  let id: number;
  try {
    ({ id } = await getPlatform(context).call("support.sendFeedback", submission.value));
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.type === "TooManyRequestsException") {
      const seconds = Number(e.params?.retry_after) || 60;
      const formErrors = [t("support.tooMany", { minutes: Math.ceil(seconds / 60) })];
      return data<SupportActionData>({ result: submission.reply({ formErrors }) }, { status: 429 });
    }
    // The platform names the fields the form has; its English reasons become the page's own words.
    const fieldErrors = e.fields ? Object.fromEntries(Object.keys(e.fields).map((k) => [k, [t(`support.errors.${k}`)]])) : undefined;
    return data<SupportActionData>({ result: submission.reply({ fieldErrors, formErrors: fieldErrors ? undefined : [e.message] }) }, { status: e.status });
  }
  return redirectWithToast(`${sitePath(context, "/support")}?sent=${id}`, { type: "success", text: t("support.sentToast") });
}
