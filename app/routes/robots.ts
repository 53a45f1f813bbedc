import type { Route } from "./+types/robots";
import { robotsTxt } from "../features/seo/crawl";
import { getSite } from "../features/site/site.server";

/** robots.txt: everything public is crawlable; player areas and embedded forms are not, under any locale prefix. */
export function loader({ context }: Route.LoaderArgs) {
  const site = getSite(context);
  const body = robotsTxt({ origin: site.origin, locales: site.locales.locales.map((l) => l.code), defaultLocale: site.locales.defaultLocale });
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
