import { marketRules } from "../responsible/market";
import type { RouterContextProvider } from "react-router";
import type { Game } from "../../../core/api/entities-games";
import type { Jackpot, JackpotWinner } from "../../../core/api/entities-jackpots";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { formatMoney } from "../../../core/money";
import { getInstance } from "../../middleware/i18n.server";
import { getPlatform } from "../../middleware/platform.server";
import { fillSeoTemplate, seoMeta } from "../content/seo.server";
import { notFound } from "../errors/not-found.server";
import { getSite } from "../site/site.server";
import { tileGame } from "../games/tile-game";
import { requirePageOffset } from "../../lib/paging";
import { WINNERS_PAGE_SIZE } from "./paging";

type Context = Readonly<RouterContextProvider>;

/** How many winners a jackpot's page shows. */
const RECENT_WINNERS = 10;
/** `/jackpots/{id}`: a positive id of at most 9 digits; anything else is a 404 before any call. */
const JACKPOT_ID = /^[1-9][0-9]{0,8}$/;

function localized(context: Context) {
  const site = getSite(context);
  return { site, platform: getPlatform(context).withLocale(site.locale) };
}

/** `/jackpots`: every active jackpot, server-rendered with its current amount. */
export async function loadJackpots(context: Context) {
  const { site, platform } = localized(context);
  const [jackpots, account] = await Promise.all([orErrorPage(platform.call("Jackpots.get", {})), site.account().catch(() => null)]);
  const t = getInstance(context).t;
  // A player whose market forbids jackpots (Germany) reads that their rounds take no part.
  const market = account && account.uid > 0 ? marketRules(account) : null;
  const excludedBy = market && !market.jackpots ? market.regulator : null;
  return { jackpots, excludedBy, meta: seoMeta({ title: t("jackpots.title"), description: t("jackpots.metaDescription") }, site.metadata.siteName) };
}

/** `/jackpots/{id}`: the jackpot, its games as tiles and its recent winners; meta from the CMS template. */
export async function loadJackpot(context: Context, request: Request, id: string) {
  if (!JACKPOT_ID.test(id)) throw notFound(request);
  const { site, platform } = localized(context);
  // The winners are asked for with the jackpot, not after it.
  const winnersRead = platform.call("Jackpots.getWinners", { jackpot_id: Number(id), count: RECENT_WINNERS });
  winnersRead.catch(() => undefined); // answered below, once the jackpot is known to exist
  let jackpot: Jackpot;
  try {
    [jackpot] = (await platform.call("Jackpots.get", { id: Number(id) })) as [Jackpot];
  } catch (e) {
    if (e instanceof PlatformError && e.status === 404) throw notFound(request);
    return orErrorPage(Promise.reject(e));
  }
  // Its games are the catalogue's, the same for every reader: kept by the isolate as the lobby's pages are.
  const [games, winners] = await Promise.all([
    jackpot.games.length
      ? orErrorPage(site.catalogue.games(JSON.stringify({ sysnames: jackpot.games, count: jackpot.games.length })))
      : Promise.resolve({ items: [] as Game[], count: 0 }),
    orErrorPage(winnersRead),
  ]);
  // games.get answers in its own order; keep the jackpot's (most popular first).
  const order = new Map(jackpot.games.map((s, i) => [s, i]));
  const tiles = [...games.items].sort((a, b) => (order.get(a.sysname) ?? 0) - (order.get(b.sysname) ?? 0));
  const t = getInstance(context).t;
  const template = site.cms.seo.templates.jackpot ?? { title: t("jackpots.metaTitle"), description: "" };
  const values = { name: jackpot.name, amount: formatMoney(jackpot.amount) };
  const meta = seoMeta({ title: fillSeoTemplate(template.title, values), description: fillSeoTemplate(template.description, values) }, site.metadata.siteName);
  return { jackpot, games: tiles.map(tileGame), winners: winners.items, meta };
}

/**
 * `/winners?offset=`: a page of recent winners. An offset that is not a page start redirects to
 * the page holding it; a page past the end is a 404 (as in the lobby and the game history).
 */
export async function loadWinners(context: Context, request: Request) {
  const offset = requirePageOffset(request, WINNERS_PAGE_SIZE);
  const { site, platform } = localized(context);
  const page = await orErrorPage(platform.call("Jackpots.getWinners", { offset, count: WINNERS_PAGE_SIZE }));
  if (offset > 0 && offset >= page.count) throw notFound(request);
  const t = getInstance(context).t;
  return {
    winners: page.items satisfies JackpotWinner[],
    count: page.count,
    offset,
    meta: seoMeta({ title: t("jackpots.winners.title"), description: t("jackpots.winners.metaDescription") }, site.metadata.siteName),
  };
}
