import type { RouterContextProvider } from "react-router";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { getPlatform } from "../../middleware/platform.server";
import { notFound } from "../errors/not-found.server";
import { getSite, requirePlayer } from "../site/site.server";
import { requirePageOffset } from "../../lib/paging";
import { HISTORY_PAGE_SIZE } from "./history-paging";

type Args = { request: Request; context: Readonly<RouterContextProvider> };


/**
 * `/profile/bets/history?offset=`: the player's settled rounds, newest first. An offset that is
 * not a page start redirects to the page holding it; a page past the end is the fatal 404, as
 * in the lobby.
 */
export async function loadHistory({ request, context }: Args) {
  await requirePlayer(context, request);
  const offset = requirePageOffset(request, HISTORY_PAGE_SIZE);
  const site = getSite(context);
  const page = await orErrorPage(getPlatform(context).withLocale(site.locale).call("games.getHistory", { offset, count: HISTORY_PAGE_SIZE }));
  if (offset > 0 && offset >= page.count) throw notFound(request);
  return {
    offset,
    count: page.count,
    rounds: page.items.map(({ symbols: _symbols, ...round }) => round),
    siteName: site.metadata.siteName,
    title: createT(site.messages)("profileGames.history.title"),
  };
}
