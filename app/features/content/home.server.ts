import { seoMeta } from "./seo.server";
import type { RouterContextProvider } from "react-router";
import { completeBanners, type Banner } from "../../../core/api/entities";
import { loadGameRows } from "../games/game-rows.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite } from "../site/site.server";
import { settleWithin } from "../../lib/settle-within";
import { DEFERRED_GRACE_MS, settleBy } from "../../lib/deferred.server";

/**
 * Home: the hero, sections and rows of games are critical (awaited: crawlers and the first paint
 * get them). The banners are deferred: when the platform answers within a short grace they are
 * rendered in place (their first image is then found with the document: it is the page's largest
 * paint); when it is slower they stream in behind a placeholder. A failure leaves them empty, and
 * so does an answer later than the stream allows (settleBy): the section always ends on the server.
 */
export async function loadHome(context: Readonly<RouterContextProvider>) {
  const site = getSite(context);
  // Settled in time for the stream either way: a slower platform shows no banners this time.
  const banners: Promise<Banner[]> = settleBy(
    getPlatform(context)
      .withLocale(site.locale)
      .call("banners.get", { position: "home", count: 10 })
      .then(completeBanners)
      .catch((e) => {
        console.error("home: banners failed to load", e);
        return [];
      }),
    [],
  );
  // The meta tags are built here, on the server: their builder stays out of the browser's JavaScript.
  // The ticker is a nicety: a failure shows no ticker, never an error page.
  const wins = site.recentWins().catch((e) => {
    console.error("home: recent wins failed to load", e);
    return [];
  });
  const [gameRows, quick, recentWins] = await Promise.all([loadGameRows(context, site.cms.home.gameSections), settleWithin(banners, DEFERRED_GRACE_MS), wins]);
  return {
    kind: "home" as const,
    home: site.cms.home,
    gameRows,
    meta: seoMeta(site.cms.seo.home, site.metadata.siteName, site.origin),
    banners: "value" in quick ? quick.value : quick.pending,
    recentWins,
  };
}
