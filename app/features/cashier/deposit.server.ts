import { formatDateTime } from "../../../core/dates";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { SeoTemplate } from "../../../core/api/cms";
import type { ResultOf } from "../../../core/api/contract";
import type { Bank, CashierMethod } from "../../../core/api/entities-cashier";
import { isPlatformError, PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT, type TFunction } from "../../lib/i18n/translate";
import { validationMessages } from "../../lib/i18n/validation-messages";
import { formatMoney } from "../../../core/money";
import { toMinorUnits } from "../../../core/validation/amount";
import { getPlatform } from "../../middleware/platform.server";
import { fillSeoTemplate } from "../content/seo.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { promoCodeMessage } from "../promocodes/promo-code-messages";
import { promoCodeFromSearch } from "../auth/promo-code";
import { chosenOffer, depositFormSchema, formFieldErrors, requisitesJson } from "./cashier-schema";
import { depositMethodSchema } from "./cashier-actions.schema";
import { payPagePath, safePaymentUrl } from "./pay-pages";
import { paymobileQuery } from "./payment-link.server";
import { externalRedirect } from "../../middleware/redirects.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const methodSummary = (m: CashierMethod) => ({ sysname: m.sysname, name: m.name, icon: m.icon });

/** The amount a preset link (`?amount=100`) fills in, when it is plausibly one. */
function amountFromQuery(url: URL): string {
  const v = url.searchParams.get("amount") ?? "";
  return /^\d{1,12}$/.test(v) ? v : "";
}

async function banksFor(context: Args["context"], method: CashierMethod): Promise<Bank[]> {
  if (!method.fields.some((f) => f.type === "bank")) return [];
  return getPlatform(context)
    .call("cashier.getbanks")
    .catch((e: unknown) => {
      console.error("cashier: banks failed to load", e);
      return [];
    });
}

/**
 * The deposit page's data: the methods, the one shown (the path's `sysname`; else the last one
 * used; else the first), its banks when it asks for one, and a fresh idempotency key so one
 * rendered form creates at most one transaction however often it is submitted.
 */
export async function loadDeposit({ request, context }: Args, sysname?: string) {
  await requirePlayer(context, request);
  const platform = getPlatform(context);
  const [settings, info] = await orErrorPage(Promise.all([platform.call("cashier.getdepositsettings"), platform.call("cashier.getdepositinfo")]));
  let method: CashierMethod | undefined;
  if (sysname !== undefined) {
    method = settings.methods.find((m) => m.sysname === sysname);
    // SPEC §2: a deposit subpage without a valid method name goes to the deposit index.
    if (!method) throw redirect(sitePath(context, "/cashier/deposit"));
  } else {
    method = settings.methods.find((m) => m.sysname === info.last_method) ?? settings.methods[0];
  }
  const rules = method?.currencies[settings.currency] ?? null;
  const url = new URL(request.url);
  const site = getSite(context);
  return {
    seo: depositSeo(
      site.cms.seo.templates.deposit,
      method && rules
        ? {
            method: method.name,
            min: formatMoney({ amount: rules.min, currency: settings.currency }),
            max: formatMoney({ amount: rules.max, currency: settings.currency }),
          }
        : null,
    ),
    siteName: site.metadata.siteName,
    currency: settings.currency,
    methods: settings.methods.map(methodSummary),
    method: method && rules ? { sysname: method.sysname, name: method.name, flow: method.flow, fields: method.fields, rules } : null,
    banks: method ? await banksFor(context, method) : [],
    // A method that asks for a phone starts with the player's own (a mobile payment's confirmation goes to it).
    phone: method?.fields.some((f) => f.type === "phone") ? await ownPhone(context) : null,
    limitAvailable: info.limit_available,
    // The market's monthly ceiling and its notices at half and at the whole (issue 40).
    marketCap: info.market_cap,
    // The UK's offer of a deposit limit before the first deposit, not yet answered (issue 40).
    limitPrompt: info.limit_prompt,
    amount: amountFromQuery(url),
    // A promo link's code (the last `promo_code`) fills the promo field without JavaScript too.
    promoCode: promoCodeFromSearch(url.searchParams) ?? "",
    idempotencyKey: crypto.randomUUID(),
    // The player's deposit offers (decision 0043), choosable on the form; `?offer=` preselects one.
    offers: await depositOffers(context),
    offer: Number(url.searchParams.get("offer")) || null,
  };
}

/** The player's phone contact in international form (+44 7700900123), or null: none, or unreadable (the field starts empty). */
async function ownPhone(context: Args["context"]): Promise<string | null> {
  const account = await getSite(context).account();
  const mobile = account.mobile;
  if (!mobile) return null;
  const codes = await getPlatform(context)
    .call("account.getContactPhoneSettings")
    .catch(() => null);
  const code = codes?.items.find((c) => c.country_code === mobile.phone_country_code)?.phone_code;
  return code ? `+${code} ${mobile.contact}` : mobile.contact;
}

/** The deposit page's title and description from the site's SEO template (SPEC §2), when it has one and a method is shown. */
function depositSeo(template: SeoTemplate | undefined, values: Record<string, string> | null) {
  if (!template || !values) return null;
  return { title: fillSeoTemplate(template.title, values), description: fillSeoTemplate(template.description, values) };
}

/** The player's offers that come with a deposit; if they cannot be read the form still works, without offers. */
function depositOffers(context: Args["context"]) {
  const site = getSite(context);
  return getPlatform(context)
    .withLocale(site.locale)
    .call("campaigns.getoffers", {})
    .then((list) => list.items.filter((o) => o.trigger?.action === "deposit"))
    .catch((e: unknown) => {
      console.error("cashier: offers failed to load", e);
      return [];
    });
}

export type DepositData = Awaited<ReturnType<typeof loadDeposit>>;

/** The platform's available amount of a limit refusal, in whatever shape it comes. */
function availableOf(e: PlatformError, currency: string): string | null {
  const v = e.params?.available_amount ?? e.params?.available;
  if (typeof v === "number") return formatMoney({ amount: v, currency });
  if (v && typeof v === "object" && typeof (v as { amount?: unknown }).amount === "number") {
    const m = v as { amount: number; currency?: string };
    return formatMoney({ amount: m.amount, currency: m.currency ?? currency });
  }
  return null;
}

/** A refusal the player can act on, as a form-level message; null for anything else. */
export function depositRefusal(e: unknown, t: TFunction, currency: string): string | null {
  if (!(e instanceof PlatformError)) return null;
  switch (e.exception) {
    case "BillingDepositLimitExceeded": {
      // The player's market asks for a limit before the first deposit (decision 0082).
      if (e.params?.limit_required === true) return t("cashier.errors.limitRequired");
      if (e.params?.limit_prompt === true) return t("cashier.errors.limitPrompt");
      const available = availableOf(e, currency);
      if (available && e.params?.limit === "market" && typeof e.params.expired_at === "number") {
        return t("cashier.errors.marketCapAvailable", { amount: available, date: formatDateTime(e.params.expired_at) });
      }
      return available ? t("cashier.errors.depositLimitAvailable", { amount: available }) : t("cashier.errors.depositLimit");
    }
    case "AccessDenied":
      return t("cashier.errors.selfExcluded");
    case "BillingUnavailable":
    case "BillingServiceError":
      return t("cashier.errors.billingUnavailable");
    default:
      return e.status < 500 ? e.message : null;
  }
}

/**
 * The deposit form's action: the same schema as the browser, then cashier.makedeposit and the
 * way to the payment page its flow asks for. Refusals come back as field or form errors with
 * the entered values kept (Conform's reply carries them).
 */
export async function depositAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const platform = getPlatform(context);
  const formData = await request.formData();
  const settings = await orErrorPage(platform.call("cashier.getdepositsettings"));
  const chosen = parseWithZod(formData, { schema: depositMethodSchema });
  const method = settings.methods.find((m) => chosen.status === "success" && m.sysname === chosen.value.method);
  const rules = method?.currencies[settings.currency];
  if (!method || !rules) {
    const submission = parseWithZod(formData, { schema: depositFormSchema({ rules: { min: 0, max: 0, step: 0, presets: [] }, fields: [] }) });
    return data({ result: submission.reply({ formErrors: [t("cashier.errors.methodUnavailable")] }), idempotencyKey: crypto.randomUUID() }, { status: 400 });
  }
  const schema = depositFormSchema({ rules, fields: method.fields, overrides: validationMessages(t) });
  const submission = parseWithZod(formData, { schema });
  // A refused attempt gets a new key: the corrected form is a new request, not a repeat.
  const idempotencyKey = crypto.randomUUID();
  if (submission.status !== "success") return data({ result: submission.reply(), idempotencyKey }, { status: 400 });
  const value = submission.value;

  let started: ResultOf<"cashier.makedeposit">;
  try {
    started = await platform.call("cashier.makedeposit", {
      method: method.sysname,
      methodId: method.id,
      amount: toMinorUnits(value.amount, 2),
      requisites: requisitesJson(value, method.fields),
      idempotency_key: value.idempotency_key,
      campaign_offer_id: chosenOffer(value.campaign_offer_id),
      promo_code: value.promo_code || undefined,
    });
  } catch (e) {
    if (isPlatformError(e, "InvalidParameter") && e.fields?.campaign_offer_id) {
      return data({ result: submission.reply({ formErrors: [t("offers.deposit.refused")] }), idempotencyKey }, { status: 400 });
    }
    if (isPlatformError(e, "InvalidParameter") && e.fields) {
      // A refused promo code is the promo field's, with the SPEC §8 message.
      const { promo_code, ...rest } = e.fields;
      const { fieldErrors, formErrors } = formFieldErrors(rest, method.fields);
      if (promo_code) fieldErrors.promo_code = [promoCodeMessage(promo_code, t)];
      return data({ result: submission.reply({ fieldErrors, formErrors }), idempotencyKey }, { status: 400 });
    }
    const message = depositRefusal(e, t, settings.currency);
    if (message === null) throw e;
    return data({ result: submission.reply({ formErrors: [message] }), idempotencyKey }, { status: (e as PlatformError).status });
  }

  const id = started.transaction_id;
  // The platform names the payment page; still, only a site path or an https page is followed.
  const payUrl = safePaymentUrl(started.redirect_url, new URL(request.url).origin);
  if (payUrl === null) {
    console.error("cashier: the platform answered an unusable payment page address", started.redirect_url);
    return data({ result: submission.reply({ formErrors: [t("cashier.errors.billingUnavailable")] }), idempotencyKey }, { status: 502 });
  }
  if (started.flow === "mobile") {
    const q = await paymobileQuery(context, id, payUrl);
    return redirect(sitePath(context, `/cashier/paymobile?${q}`), 303);
  }
  if (started.flow === "new_window" && value.js === "1") {
    // The browser opened the window in the click (popup blockers allow nothing later) and now
    // points it at the payment page, then shows the "finish in the new window" page here.
    return data({ newWindow: { url: payUrl, next: sitePath(context, payPagePath("paynewwindow", id)) } });
  }
  // The payment page is not a route of this app (maybe not of this site): a document navigation,
  // also from JavaScript, allowed off-site (decision 0023).
  return externalRedirect(payUrl, 303, true);
}
