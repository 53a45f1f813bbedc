import type { RouterContextProvider } from "react-router";
import type { Site } from "../site/site.server";
import { getPlatform } from "../../middleware/platform.server";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { notFound } from "../errors/not-found.server";
import { localesWhere } from "./page-locales.server";
import { GAMES_PER_SITEMAP, PUBLIC_SECTIONS, sitemapIndex, sitemapPart, urlset, type CrawlSite, type SitemapEntry } from "./crawl";

/** games.get's largest page. */
const GAMES_PAGE = 100;

const xml = (body: string) => new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });

/**
 * A sitemap: the index (`part` null), the pages' (sections, content pages, jackpots, tournaments)
 * or one games page. What it lists comes from the platform as the pages themselves read it, so a
 * game or page the operator removes leaves the sitemap with it.
 */
export async function loadSitemap(part: string | null, request: Request, context: Readonly<RouterContextProvider>, site: Site): Promise<Response> {
  const platform = getPlatform(context).withLocale(site.locales.defaultLocale);
  const crawl: CrawlSite = { origin: site.origin, locales: site.locales.locales.map((l) => l.code), defaultLocale: site.locales.defaultLocale };
  if (part === null) {
    const { count } = await orErrorPage(platform.call("games.get", { options: JSON.stringify({ count: 1 }) }));
    return xml(sitemapIndex(crawl, count));
  }
  const which = sitemapPart(part);
  if (!which) throw notFound(request);
  if (which.kind === "pages") {
    const [vpn, pages, jackpots, ...tournaments] = await orErrorPage(
      Promise.all([
        localesWhere(site, (cms) => cms.switches.vpnPage),
        platform.call("cms.getPages", {}),
        platform.call("Jackpots.get", {}),
        ...(["active", "future", "finished"] as const).map((status) => platform.call("tournaments.get", { status, count: 100, fields: "description" })),
      ]),
    );
    const entries: SitemapEntry[] = [
      ...PUBLIC_SECTIONS.map((path) => ({ path })),
      ...(vpn.length ? [{ path: "/vpn", locales: vpn }] : []),
      ...pages.map((p) => ({ path: `/${p.slug}`, updatedAt: p.updated_at })),
      ...jackpots.map((j) => ({ path: `/jackpots/${j.id}` })),
      ...tournaments.flatMap((t) => t.items.map((x) => ({ path: `/tournaments/${x.id}` }))),
    ];
    return xml(urlset(crawl, entries));
  }
  const first = (which.page - 1) * GAMES_PER_SITEMAP;
  const answers = await orErrorPage(
    Promise.all(
      Array.from({ length: GAMES_PER_SITEMAP / GAMES_PAGE }, (_, i) =>
        platform.call("games.get", { options: JSON.stringify({ sort: "name", offset: first + i * GAMES_PAGE, count: GAMES_PAGE }) }),
      ),
    ),
  );
  const games = answers.flatMap((a) => a.items);
  if (games.length === 0) throw notFound(request);
  return xml(
    urlset(
      crawl,
      games.map((g) => ({ path: `/game/${g.sysname}` })),
    ),
  );
}
