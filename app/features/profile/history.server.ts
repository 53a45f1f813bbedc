import type { RouterContextProvider } from "react-router";
import type { CashOutQuote, SportBet } from "../../../core/api/contract-sportsbook";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { getPlatform } from "../../middleware/platform.server";
import { notFound } from "../errors/not-found.server";
import { getSite, requirePlayer } from "../site/site.server";
import { requirePageOffset } from "../../lib/paging";
import { HISTORY_PAGE_SIZE } from "./history-paging";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * `/profile/bets/history?offset=`: the player's settled rounds, newest first (`?tab=sports`: their sports bets). An offset that is
 * not a page start redirects to the page holding it; a page past the end is the fatal 404, as
 * in the lobby.
 */
export async function loadHistory({ request, context }: Args) {
  await requirePlayer(context, request);
  const tab = new URL(request.url).searchParams.get("tab");
  // `?tab=sports` (decision 0073-sportsbook-page): the sports bets beside the casino rounds; another tab is the 404.
  if (tab !== null && tab !== "sports") throw notFound(request);
  const offset = requirePageOffset(request, HISTORY_PAGE_SIZE);
  const site = getSite(context);
  const platform = getPlatform(context).withLocale(site.locale);
  const base = { offset, siteName: site.metadata.siteName, title: createT(site.messages)("profileGames.history.title") };
  if (tab === "sports") {
    const bets = await orErrorPage(platform.call("sportsbook.getBets", { status: "all", offset, count: HISTORY_PAGE_SIZE }));
    if (offset > 0 && offset >= bets.count) throw notFound(request);
    return {
      ...base,
      tab: "sports" as const,
      count: bets.count,
      rounds: [],
      bets: bets.items,
      cashOuts: await cashOutOffers(platform, bets.items),
      verify: null,
    };
  }
  const page = await orErrorPage(platform.call("games.getHistory", { offset, count: HISTORY_PAGE_SIZE }));
  if (offset > 0 && offset >= page.count) throw notFound(request);
  return {
    ...base,
    tab: "casino" as const,
    count: page.count,
    rounds: page.items.map(({ symbols: _symbols, ...round }) => round),
    // An original's round to verify on this page (decision 0115).
    verify: new URL(request.url).searchParams.get("verify"),
    bets: [] as SportBet[],
    cashOuts: {} as Record<string, CashOutQuote>,
  };
}

/** The cash-out offers of the page's open bets (decision 0105); a bet without one (a free bet, a market suspended) has none. */
async function cashOutOffers(platform: ReturnType<ReturnType<typeof getPlatform>["withLocale"]>, bets: SportBet[]): Promise<Record<string, CashOutQuote>> {
  const offers = await Promise.all(
    bets
      .filter((b) => b.status === "open")
      .map((b) =>
        platform.call("sportsbook.getCashOut", { bet_id: b.id }).catch((e: unknown) => {
          if (e instanceof PlatformError && e.status < 500) return null;
          throw e;
        }),
      ),
  );
  return Object.fromEntries(offers.flatMap((q) => (q ? [[q.bet_id, q] as const] : [])));
}
