import type { RouterContextProvider } from "react-router";
import type { Banner } from "../../lib/api/entities";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { getInstance } from "../../middleware/i18n.server";
import { getPlatform } from "../../middleware/platform.server";
import { seoMeta } from "../content/seo.server";
import { getSite } from "../site/site.server";
import { PROMOTION_KEY } from "./promotion-url";


/**
 * `/promotions` (SPEC §1): the operator's promotions, the banners of the `promotions` position, and
 * with `?promotion=<id>` the detail popup of one, rendered on the server (it opens without
 * JavaScript). An unknown id shows the list alone.
 */
export async function loadPromotions(context: Readonly<RouterContextProvider>, request: Request) {
  const site = getSite(context);
  const list = await orErrorPage(getPlatform(context).withLocale(site.locale).call("banners.get", { position: "promotions", count: 100 }));
  const wanted = new URL(request.url).searchParams.get(PROMOTION_KEY);
  const t = getInstance(context).t;
  return {
    promotions: list.items satisfies Banner[],
    open: list.items.find((b) => String(b.id) === wanted) ?? null,
    meta: seoMeta({ title: t("promotions.title"), description: t("promotions.metaDescription") }, site.metadata.siteName),
  };
}
