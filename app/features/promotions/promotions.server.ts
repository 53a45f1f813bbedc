import { marketRules } from "../responsible/market";
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { completeBanners } from "../../../core/api/entities";
import { PlatformError } from "../../../core/api/errors";
import { sameOriginPath } from "../../../core/navigation";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { getInstance } from "../../middleware/i18n.server";
import { getPlatform } from "../../middleware/platform.server";
import { seoMeta } from "../content/seo.server";
import { getSite, sitePath } from "../site/site.server";
import { CAMPAIGN_CLOSED_KEY, CAMPAIGN_SEEN_KEY } from "./login-campaign.server";
import { closedPopupCookie } from "./popups-closed";
import { workerContext } from "../../lib/context.server";
import { PROMOTION_KEY } from "./promotion-url";

/**
 * `/promotions` (SPEC §1): the operator's promotions, the banners of the `promotions` position, and
 * with `?promotion=<id>` the detail popup of one, rendered on the server (it opens without
 * JavaScript). An unknown id shows the list alone.
 */
export async function loadPromotions(context: Readonly<RouterContextProvider>, request: Request) {
  const closed = new URL(request.url).searchParams.get(CAMPAIGN_CLOSED_KEY);
  if (closed !== null) await closeCampaignPopup(context, request, closed, new URL(request.url).searchParams.get("returnTo") ?? "");
  const site = getSite(context);
  const [list, account] = await Promise.all([
    orErrorPage(getPlatform(context).withLocale(site.locale).call("banners.get", { position: "promotions", count: 100 })),
    orErrorPage(site.account()),
  ]);
  const promotions = completeBanners(list);
  // A market that bars advertising bonuses to the public (Ontario): the platform showed the
  // visitor none, and the page says why and how to see them.
  const market = marketRules(account);
  const hiddenBy = account.uid === 0 && !market.bonuses.shownToVisitors ? market.regulator : null;
  const wanted = new URL(request.url).searchParams.get(PROMOTION_KEY);
  const t = getInstance(context).t;
  return {
    promotions,
    hiddenBy,
    open: promotions.find((b) => String(b.id) === wanted) ?? null,
    meta: seoMeta({ title: t("promotions.title"), description: t("promotions.metaDescription") }, site.metadata.siteName),
  };
}

/** The login campaign popup's Close form (campaign-popup.tsx). */
export const CampaignCloseForm = z.object({
  intent: z.literal("popup_closed"),
  sysname: z.string().min(1).max(100),
  returnTo: z.string().max(2000),
});

/**
 * Closing the login campaign popup, with or without JavaScript (decision 0045): records the
 * `popup_closed` event for its sysname (it shows again only after its audience event recurs) and
 * goes back to the page. Should the record fail (signed out meanwhile, the events rate limit),
 * the page comes back with the popup closed there, as its × link does.
 */
export async function campaignCloseAction(context: Readonly<RouterContextProvider>, request: Request) {
  const form = CampaignCloseForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data("Unknown form", { status: 400 });
  return closeCampaignPopup(context, request, form.data.sysname, form.data.returnTo);
}

/**
 * Records the close of campaign popup `sysname` (the Close form, and the × link's GET: dismissing
 * a popup of one's own is the only thing it changes), remembers it for the browser session
 * (popups-closed.ts) and goes back to `returnTo` (a path of this site, else the home page).
 */
async function closeCampaignPopup(context: Readonly<RouterContextProvider>, request: Request, sysname: string, returnTo: string): Promise<never> {
  const back = new URL(sameOriginPath(returnTo, new URL(request.url).origin, sitePath(context, "/")), "http://same.invalid");
  back.searchParams.delete(CAMPAIGN_SEEN_KEY);
  const remembered = closedPopupCookie(request.headers.get("cookie"), sysname, context.get(workerContext).env.APP_ENV !== "local");
  if (!remembered) throw data("Unknown popup", { status: 400 });
  try {
    await getPlatform(context).call("events.handle", { event_name: "popup_closed", event_params: JSON.stringify({ sysname }) });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
  }
  throw redirect(back.pathname + back.search, { headers: { "set-cookie": remembered } });
}
