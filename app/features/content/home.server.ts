import { seoMeta } from "./seo.server";
import type { RouterContextProvider } from "react-router";
import type { Banner } from "../../lib/api/entities";
import { getPlatform } from "../../middleware/platform.server";
import { getSite } from "../site/site.server";

/**
 * Home: the hero and sections are critical (awaited, from the site configuration); the banner
 * carousel is deferred: it streams in when the platform answers, and a failure leaves it empty.
 */
export function loadHome(context: Readonly<RouterContextProvider>) {
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
  return { kind: "home" as const, home: site.cms.home, meta: seoMeta(site.cms.seo.home, site.metadata.siteName), banners };
}
