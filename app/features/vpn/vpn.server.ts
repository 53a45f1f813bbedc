import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { loginRedirect } from "../../lib/access";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { formatDate } from "../../../core/dates";
import { createT } from "../../lib/i18n/translate";
import { formatMoney } from "../../../core/money";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { seoMeta } from "../content/seo.server";
import { localesWhere } from "../seo/page-locales.server";
import { notFound } from "../errors/not-found.server";
import { getSite, indexPath, sitePath } from "../site/site.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * `/vpn` (SPEC §2; issue 24, decision 0053): shown while the site's VPN switch is on, else the
 * fatal 404. `?buy=<plan>` shows the purchase's confirmation (a link, so it works without
 * JavaScript); its form posts `buy` with a key made here, so a resubmitted form buys once.
 */
export async function loadVpn({ request, context }: Args) {
  const site = getSite(context);
  if (!site.cms.switches.vpnPage) throw notFound(request);
  const platform = getPlatform(context).withLocale(site.locale);
  const account = await orErrorPage(site.account());
  const signedIn = account.uid > 0;
  const [shop, subscription, pageLocales] = await Promise.all([
    orErrorPage(platform.call("vpn.getShop")),
    signedIn ? orErrorPage(platform.call("vpn.getSubscription")) : null,
    localesWhere(site, (cms) => cms.switches.vpnPage),
  ]);
  const wanted = Number(new URL(request.url).searchParams.get("buy"));
  const confirm = signedIn ? (shop.items.find((p) => p.id === wanted && p.price) ?? null) : null;
  const t = createT(site.messages);
  return {
    plans: shop.items,
    subscription,
    confirm: confirm && { plan: confirm, key: `vpn-page-${crypto.randomUUID()}` },
    signInPath: signedIn ? null : loginRedirect(indexPath(site), sitePath(context, "/vpn")),
    depositPath: sitePath(context, "/cashier/deposit"),
    // Its language versions are those whose switch is on too (the page's hreflang links).
    pageLocales,
    title: `${t("vpn.title")} | ${site.metadata.siteName}`,
    // The plans are products on sale: schema.org Product with an Offer per plan sold in this currency.
    meta: seoMeta(
      {
        title: t("vpn.title"),
        description: t("vpn.intro"),
        product: {
          name: `${site.metadata.siteName} ${t("vpn.title")}`,
          description: t("vpn.intro"),
          brand: site.metadata.siteName,
          offers: shop.items.flatMap((p) => (p.price ? [{ name: p.title, price: (p.price.amount / 100).toFixed(2), priceCurrency: p.price.currency }] : [])),
        },
      },
      site.metadata.siteName,
      site.origin,
    ),
  };
}

const VpnForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("buy"),
    plan_id: z.coerce.number().int().positive(),
    key: z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/),
    auto_renewal: z.literal("1").optional(),
  }),
  z.object({ intent: z.literal("auto"), enabled: z.enum(["0", "1"]) }),
]);

/** A refused purchase, back on the confirmation with what the player chose. */
export type VpnActionData =
  | { planId: number; key: string; autoRenewal: boolean; formErrors: string[]; deposit: boolean }
  | { autoErrors: string[] }
  | undefined;

/** The page's action, the same with and without JavaScript: success back with a toast, a refusal beside its form. */
export async function vpnAction({ request, context }: Args) {
  const site = getSite(context);
  if (!site.cms.switches.vpnPage) throw notFound(request);
  const t = createT(site.messages);
  const form = VpnForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data("Unknown form", { status: 400 });
  const platform = getPlatform(context).withLocale(site.locale);
  const back = sitePath(context, "/vpn");
  const f = form.data;
  try {
    if (f.intent === "buy") {
      const sub = await platform.call("vpn.createSubscription", { plan_id: f.plan_id, key: f.key, auto_renewal: f.auto_renewal ? 1 : 0 });
      return redirectWithToast(back, { type: "success", text: t("vpn.bought", { date: formatDate(sub.ends_at ?? Date.now()) }) });
    }
    const sub = await platform.call("vpn.setAutoRenewalSubscription", { enabled: f.enabled === "1" ? 1 : 0 });
    return redirectWithToast(back, { type: "success", text: t(sub.auto_renewal ? "vpn.autoOn" : "vpn.autoOff") });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(loginRedirect(indexPath(site), back));
    if (f.intent === "auto") return data({ autoErrors: [e.message] } satisfies VpnActionData, { status: e.status });
    const poor = e.type === "BillingTransactionDeclinedException";
    const plan = poor ? (await platform.call("vpn.getShop")).items.find((p) => p.id === f.plan_id) : undefined;
    const message = poor ? t("vpn.insufficient", { price: plan?.price ? formatMoney(plan.price) : "" }) : e.status === 404 ? t("vpn.gone") : e.message;
    return data({ planId: f.plan_id, key: f.key, autoRenewal: !!f.auto_renewal, formErrors: [message], deposit: poor } satisfies VpnActionData, {
      status: e.status,
    });
  }
}
