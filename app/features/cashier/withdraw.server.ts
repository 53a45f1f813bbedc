import { marketRules } from "../responsible/market";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { Bank, CashierMethod } from "../../../core/api/entities-cashier";
import { isPlatformError, PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { validationMessages } from "../../lib/i18n/validation-messages";
import { formatMoney } from "../../../core/money";
import { safeRedirectPath } from "../../../core/navigation";
import { redirectWithToast } from "../../lib/toast.server";
import { toMinorUnits } from "../../../core/validation/amount";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { formStrings } from "../../ui/form/form-data";
import { formFieldErrors, requisitesJson, withdrawFormSchema } from "./cashier-schema";
import { withdrawIntentSchema, type WithdrawIntentForm } from "./cashier-actions.schema";
import { withdrawRefusal } from "./withdraw-refusal";

type Args = { request: Request; context: Readonly<RouterContextProvider> };
type CancelForm = Extract<WithdrawIntentForm, { intent: "cancel" }>;
type ContactForm = Extract<WithdrawIntentForm, { intent: "sendCode" | "confirmCode" }>;

async function banksFor(context: Args["context"], method: CashierMethod | undefined): Promise<Bank[]> {
  if (!method?.fields.some((f) => f.type === "bank")) return [];
  return getPlatform(context)
    .call("cashier.getbanks")
    .catch(() => []);
}

/** What a first withdrawal needs of the profile (the platform's UserNeedProfileData): asked in the withdrawal form itself. */
export const WITHDRAW_IDENTITY = ["first_name", "last_name", "birth_date"] as const;
type IdentityField = (typeof WITHDRAW_IDENTITY)[number];

/**
 * The withdraw page: what may be withdrawn, the chosen method (`?method=`, else the first), pending
 * requests, and what a first withdrawal still needs — an unconfirmed email (its code is asked
 * above the form) and the name and date of birth (asked in the form), so the player is not sent
 * away by a refusal and back (issue 41: the first withdrawal took 11 clicks over three pages).
 */
export async function loadWithdraw({ request, context }: Args) {
  const account = await requirePlayer(context, request);
  const market = marketRules(account);
  const platform = getPlatform(context);
  const [settings, profile] = await Promise.all([
    orErrorPage(platform.call("cashier.getwithdrawsettings")),
    orErrorPage(platform.call("account.getprofileinfo", { fields: "" })),
  ]);
  const wanted = new URL(request.url).searchParams.get("method");
  const method = settings.methods.find((m) => m.sysname === wanted) ?? settings.methods[0];
  const rules = method?.currencies[settings.currency] ?? null;
  return {
    currency: settings.currency,
    available: formatMoney(settings.available),
    methods: settings.methods.map((m) => ({ sysname: m.sysname, name: m.name })),
    method: method && rules ? { sysname: method.sysname, name: method.name, fields: method.fields, rules } : null,
    banks: await banksFor(context, method),
    pending: settings.pending,
    payoutTimes: settings.payout_times,
    // Where the market forbids cancelling (UK RTS 14B), the pending list says so by its regulator's name.
    noCancelUnder: market.withdrawalsCancellable ? null : market.regulator,
    email: account.email && !account.email.is_confirmed ? account.email.contact : null,
    profileMissing: WITHDRAW_IDENTITY.filter((k) => !profile[k]),
    idempotencyKey: crypto.randomUUID(),
  };
}

/**
 * The name and date of birth the withdrawal form asked for (only those it showed): the values to
 * save first, and those left blank (refused here, as the platform would refuse the withdrawal).
 */
function identityValues(formData: FormData): { values: Partial<Record<IdentityField, string>>; blank: IdentityField[] } {
  const values: Partial<Record<IdentityField, string>> = {};
  const blank: IdentityField[] = [];
  for (const k of WITHDRAW_IDENTITY) {
    if (!formData.has(k)) continue;
    const v = String(formData.get(k) ?? "").trim();
    if (v) values[k] = v;
    else blank.push(k);
  }
  return { values, blank };
}

export type WithdrawData = Awaited<ReturnType<typeof loadWithdraw>>;

/** Cancels a pending withdrawal (the withdraw and history pages' Cancel buttons) and goes back. */
async function cancel({ context }: Args, form: CancelForm, t: ReturnType<typeof createT>) {
  const back = safeRedirectPath(form.returnTo ?? "", sitePath(context, "/cashier/withdraw"));
  const id = form.transaction_id ?? "";
  try {
    await getPlatform(context).call("cashier.cancelwithdrawal", { transaction_id: id });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    return redirectWithToast(back, { type: "error", text: t("cashier.withdraw.cancelFailed") });
  }
  return redirectWithToast(back, { type: "success", text: t("cashier.withdraw.cancelled") });
}

/** Sends the confirmation code to the player's email, then confirms it: the way past UserNeedConfirmContact. */
async function confirmContact({ request, context }: Args, form: ContactForm, t: ReturnType<typeof createT>) {
  const { intent } = form;
  const account = await requirePlayer(context, request);
  const contact = account.email?.contact;
  if (!contact) return data({ confirm: { step: "failed" as const, message: t("cashier.confirm.noEmail") } }, { status: 400 });
  const platform = getPlatform(context);
  try {
    if (intent === "sendCode") {
      await platform.call("account.sendconfirmationtocontact", { contact });
      return data({ confirm: { step: "sent" as const, message: null } });
    }
    await platform.call("account.confirmContact", { contact, code: form.intent === "confirmCode" ? (form.code ?? "") : "" });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    const message = e.fields?.code?.[0] ?? e.fields?.contact?.[0] ?? e.message;
    // Asked again too soon: the code sent a moment ago (registration mails one) is still good.
    const step = intent === "confirmCode" || e.exception === "TooManyRequests" ? ("sent" as const) : ("failed" as const);
    return data({ confirm: { step, message } }, { status: e.status });
  }
  return redirectWithToast(sitePath(context, "/cashier/withdraw"), { type: "success", text: t("cashier.confirm.done") });
}

/** The withdraw page's action: `intent` withdraw (default), cancel, sendCode or confirmCode. */
export async function withdrawAction(args: Args) {
  const { request, context } = args;
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const formData = await request.formData();
  const head = parseWithZod(formData, { schema: withdrawIntentSchema });
  // Every form of the page names its intent: anything else is no player's form.
  if (head.status !== "success") throw data("Unknown form", { status: 400 });
  const form = head.value;
  if (form.intent === "cancel") return cancel(args, form, t);
  if (form.intent === "sendCode" || form.intent === "confirmCode") return confirmContact(args, form, t);

  const platform = getPlatform(context);
  const settings = await orErrorPage(platform.call("cashier.getwithdrawsettings"));
  const method = settings.methods.find((m) => m.sysname === form.method);
  const rules = method?.currencies[settings.currency] ?? { min: 0, max: 0, step: 0, presets: [] };
  const schema = withdrawFormSchema({ rules, fields: method?.fields ?? [], overrides: validationMessages(t) });
  const submission = parseWithZod(formData, { schema });
  const idempotencyKey = crypto.randomUUID();
  if (!method) return data({ result: submission.reply({ formErrors: [t("cashier.errors.methodUnavailable")] }), idempotencyKey }, { status: 400 });
  const identity = identityValues(formData);
  const blank = Object.fromEntries(identity.blank.map((k) => [k, [t("validation.required")]]));
  if (submission.status !== "success" || identity.blank.length > 0) {
    return data({ result: submission.reply({ fieldErrors: blank }), idempotencyKey }, { status: 400 });
  }
  if (Object.keys(identity.values).length > 0) {
    // Saved first: the withdrawal that follows finds the profile complete (and a refused withdrawal keeps them).
    try {
      await platform.call("account.saveProfileInfo", identity.values);
    } catch (e) {
      if (!(e instanceof PlatformError) || e.status >= 500) throw e;
      const fieldErrors = Object.fromEntries(WITHDRAW_IDENTITY.flatMap((k) => (e.fields?.[k] ? [[k, e.fields[k]]] : [])));
      return data(
        { result: submission.reply({ fieldErrors, formErrors: Object.keys(fieldErrors).length ? [] : [e.message] }), idempotencyKey },
        { status: e.status },
      );
    }
  }

  try {
    await platform.call("cashier.makewithdrawal", {
      method: method.sysname,
      amount: toMinorUnits(submission.value.amount, 2),
      requisites: requisitesJson(submission.value, method.fields),
      idempotency_key: submission.value.idempotency_key,
      ...(submission.value.burn_bonuses === "1" ? { burn_bonuses: "1" as const } : {}),
    });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (isPlatformError(e, "InvalidParameter") && e.fields) {
      const { fieldErrors, formErrors } = formFieldErrors(e.fields, method.fields);
      return data({ result: submission.reply({ fieldErrors, formErrors }), idempotencyKey }, { status: 400 });
    }
    const { message, need, missing, burning } = withdrawRefusal(e, t);
    // The burning-bonuses dialog sends the same request again, agreed: the fields as they were sent.
    const resend = need === "burnBonuses" ? resendFields(formData) : undefined;
    return data({ result: submission.reply({ formErrors: [message] }), idempotencyKey, need, missing, burning, resend }, { status: e.status });
  }
  return redirectWithToast(sitePath(context, "/cashier/withdraw"), { type: "success", text: t("cashier.withdraw.requested") });
}

/** The withdrawal form's fields as submitted (strings only), for a second submit that agrees to burn the bonus. */
function resendFields(formData: FormData): Record<string, string> {
  const { burn_bonuses: _agreed, ...fields } = formStrings(formData, { last: true });
  return fields;
}
