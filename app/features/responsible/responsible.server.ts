import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, redirectDocument, type RouterContextProvider } from "react-router";
import { PlatformError } from "../../../core/api/errors";
import { validationMessages } from "../../lib/i18n/validation-messages";
import { toMinorUnits } from "../../../core/validation/amount";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { createT } from "../../lib/i18n/translate";
import { getSite, indexPath, requirePlayer, sitePath } from "../site/site.server";
import { formatDate, formatDateTime } from "../../../core/dates";
import { marketRules } from "./market";
import { realityCheckAllowed } from "../../../core/jurisdiction-rules";
import { INTENTS, responsibleSchema } from "./schemas";
import { safeRedirectPath } from "../../../core/navigation";
import { PGSI_QUESTIONS } from "../../../core/self-assessment";

/** What both responsible-gaming pages show: the deposit limit and the player's other settings. */
export async function loadResponsible(context: Readonly<RouterContextProvider>, request: Request) {
  const account = await requirePlayer(context, request);
  const platform = getPlatform(context);
  const [limit, state, limits] = await Promise.all([
    platform.call("account.getDepositLimit"),
    platform.call("account.getResponsibleGaming"),
    platform.call("account.getLimits"),
  ]);
  return { limit, state, limits, market: marketRules(account), siteName: getSite(context).metadata.siteName };
}

/**
 * The profile page's action: one of three forms by `intent`, the same with and without
 * JavaScript. Success redirects (a toast says what changed); a refusal comes back as field or
 * form errors with the entered values kept. Self-exclusion ends the session, so it lands on
 * the home page with a toast saying until when.
 */
export async function responsibleAction(context: Readonly<RouterContextProvider>, request: Request) {
  await requirePlayer(context, request);
  // The bundle's own translate, as useT() in the browser: the same validation texts on both sides.
  const t = createT(getSite(context).messages);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: responsibleSchema(validationMessages(t)) });
  const intent = INTENTS.find((i) => i === submission.payload.intent);
  // No form of this page: no player's typing to answer.
  if (!intent) throw data("Unknown form", { status: 400 });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });

  const platform = getPlatform(context);
  // Not request.url: with JavaScript the action is fetched at `….data`, which is no page.
  const here = sitePath(context, "/profile/responsible-game");
  // A form of another page (the deposit page's limit prompt) names the page to go back to.
  const returnTo = formData.get("returnTo");
  const back = typeof returnTo === "string" ? safeRedirectPath(returnTo, here) : here;
  try {
    const v = submission.value;
    if (v.intent === "limit") {
      const limit = await platform.call("account.setDepositLimit", {
        period: v.period,
        amount: v.period === "none" ? undefined : toMinorUnits(v.amount!, 2),
      });
      const text = limit.pending ? t("responsible.limit.savedPending", { date: formatDateTime(limit.pending.effective_at) }) : t("responsible.limit.saved");
      return redirectWithToast(here, { type: "success", text });
    }
    if (v.intent === "playLimit" || v.intent === "removeLimit") {
      const amount = v.intent === "playLimit" ? toMinorUnits(v.amount, 2) : undefined;
      const after = await platform.call("account.setLimit", { kind: v.kind, period: v.period, amount });
      const pending = after.limits.find((l) => l.kind === v.kind && l.period === v.period)?.pending;
      const what = t(`responsible.limits.kinds.${v.kind}`);
      const text = pending
        ? t("responsible.limits.savedPending", { what, date: formatDateTime(pending.effective_at) })
        : t(v.intent === "playLimit" ? "responsible.limits.saved" : "responsible.limits.removed", { what });
      return redirectWithToast(back, { type: "success", text });
    }
    if (v.intent === "selfAssessment") {
      const answers = PGSI_QUESTIONS.map((q) => v[q]).join(",");
      const assessment = await platform.call("account.submitSelfAssessment", { answers });
      return { intent, result: submission.reply(), assessment };
    }
    if (v.intent === "reviewLimits") {
      await platform.call("account.reviewLimits");
      return redirectWithToast(back, { type: "success", text: t("responsible.review.kept") });
    }
    if (v.intent === "declineLimitPrompt") {
      await platform.call("account.declineLimitPrompt");
      return redirectWithToast(back, { type: "info", text: t("responsible.limits.declined") });
    }
    if (v.intent === "sessionLimit") {
      const limit = await platform.call("account.setSessionLimit", { minutes: v.minutes === "none" ? undefined : Number(v.minutes) });
      const text = limit.pending
        ? t("responsible.session.savedPending", { date: formatDateTime(limit.pending.effective_at) })
        : t(limit.minutes === null ? "responsible.session.removed" : "responsible.session.saved");
      return redirectWithToast(here, { type: "success", text });
    }
    if (v.intent === "reality") {
      // The market's longest interval (the platform enforces it too): said in the player's language.
      const market = marketRules(await getSite(context).account());
      if (!realityCheckAllowed(Number(v.minutes), market.realityCheckMaxMinutes)) {
        const rule = t("responsible.reality.required", { regulator: market.regulator, minutes: String(market.realityCheckMaxMinutes) });
        return data({ intent, result: submission.reply({ fieldErrors: { minutes: [rule] } }) }, { status: 400 });
      }
      await platform.call("account.setRealityCheck", { minutes: Number(v.minutes) });
      return redirectWithToast(here, { type: "success", text: t("responsible.reality.saved") });
    }
    const { until } =
      v.intent === "break"
        ? await platform.call("account.takeBreak")
        : await platform.call("account.selfExclude", { period: v.period, password: v.password || undefined });
    const done = until === null ? t("responsible.exclusion.donePermanent") : t("responsible.exclusion.done", { date: formatDate(until) });
    // A whole new document: the session is gone, and nothing of the signed-in page (clock,
    // hints, realtime) may keep running or call on its behalf.
    const home = indexPath(getSite(context));
    return redirectDocument(home, { headers: redirectWithToast(home, { type: "info", text: done, time: 10000 }).headers });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    // The platform's field names are the form's own (kind, period, amount, password, minutes).
    const formErrors = e.fields ? undefined : [e.message];
    return data({ intent, result: submission.reply({ fieldErrors: e.fields, formErrors }) }, { status: e.status });
  }
}
