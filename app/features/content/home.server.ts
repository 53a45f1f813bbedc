import { seoMeta } from "./seo.server";
import type { RouterContextProvider } from "react-router";
import type { Banner } from "../../lib/api/entities";
import { getPlatform } from "../../middleware/platform.server";
import { loadGameRows } from "../games/game-rows.server";
import { getSite } from "../site/site.server";

/**
 * Home: the hero, sections and rows of games are critical (awaited: crawlers and the first paint
 * get them); the banner
 * carousel is deferred: it streams in when the platform answers, and a failure leaves it empty.
 */
export async function loadHome(context: Readonly<RouterContextProvider>) {
  const site = getSite(context);
  const banners: Promise<Banner[]> = getPlatform(context)
    .withLocale(site.locale)
    .call("banners.get", { position: "home", count: 10 })
    .then((r) => r.items)
    .catch((e) => {
      console.error("home: banners failed to load", e);
      return [];
    });
  // The meta tags are built here, on the server: their builder stays out of the browser's JavaScript.
  const gameRows = await loadGameRows(context, site.cms.home.gameSections);
  return { kind: "home" as const, home: site.cms.home, gameRows, meta: seoMeta(site.cms.seo.home, site.metadata.siteName), banners };
}
