import { redirect, type MetaDescriptor, type RouterContextProvider } from "react-router";
import type { GameCategory, GameProvider } from "../../../core/api/entities-games";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { getPlatform } from "../../middleware/platform.server";
import { getInstance } from "../../middleware/i18n.server";
import { seoMeta } from "../content/seo.server";
import { notFound } from "../errors/not-found.server";
import { getSite, sitePath } from "../site/site.server";
import { tileGame, type TileGame } from "./tile-game";
import { lobbyWindow, parseLobbyParams, type LobbyFilters } from "./lobby-params";

type Context = Readonly<RouterContextProvider>;

export interface LobbyData {
  filters: LobbyFilters;
  categories: GameCategory[];
  /** Name and sysname only: the filter needs no more, and the page stays light. */
  providers: Array<Pick<GameProvider, "sysname" | "name" | "games_count">>;
  /** The games shown: from `start` (the window's first position) to the page of `filters.offset`. */
  start: number;
  games: TileGame[];
  count: number;
  meta: MetaDescriptor[];
}

function localized(context: Context) {
  const site = getSite(context);
  return { site, platform: getPlatform(context).withLocale(site.locale) };
}

/**
 * `/gamehall`: canonical filters (other spellings redirect), then categories, providers and the
 * page of games in parallel. A category or provider the catalogue does not have, or a page past
 * the end, is a route whose validation fails: the fatal 404 (SPEC §8).
 */
export async function loadLobby(context: Context, request: Request): Promise<LobbyData> {
  const url = new URL(request.url);
  const parsed = parseLobbyParams(url.searchParams);
  if (parsed.kind === "invalid") throw notFound(request);
  if (parsed.kind === "redirect") throw redirect(url.pathname + (parsed.search ? `?${parsed.search}` : ""), 302);
  const { filters } = parsed;
  const { site, platform } = localized(context);

  // The page of the offset and the pages before it the player saw (lobby-params.ts lobbyWindow).
  const { start, count: windowSize } = lobbyWindow(filters.offset);
  const options = { category: filters.category, providers: filters.providers, search: filters.search, offset: start, count: windowSize };
  // A search's answers are not kept (any text can be asked); the lobby's pages are (decision 0026).
  const page = filters.search ? platform.call("games.get", { options: JSON.stringify(options) }) : site.catalogue.games(JSON.stringify(options));
  page.catch(() => undefined); // awaited below, after the filters are known to exist
  const [categories, providers] = await Promise.all([orErrorPage(site.categories()), orErrorPage(site.providers())]);
  const unknownCategory = filters.category !== undefined && !categories.some((c) => c.sysname === filters.category);
  const unknownProvider = filters.providers.some((p) => !providers.some((x) => x.sysname === p));
  if (unknownCategory || unknownProvider) throw notFound(request);

  const { items, count } = await orErrorPage(page);
  if (filters.offset > 0 && filters.offset >= count) throw notFound(request);
  const category = categories.find((c) => c.sysname === filters.category);
  const t = getInstance(context).t;
  const base = category ? `${category.name} · ${t("lobby.title")}` : t("lobby.title");
  const title = filters.search ? `${t("search.resultsFor", { query: filters.search })} · ${base}` : base;
  const withGames = providers.filter((p) => p.games_count > 0).length;
  const description = category
    ? t("lobby.metaDescriptionCategory", { category: category.name, count, providers: withGames })
    : t("lobby.metaDescription", { count, providers: withGames });
  // Search results are for players, not for the index: the filtered lobby pages are.
  const robots = filters.search ? "noindex, follow" : undefined;
  return {
    filters,
    categories: categories.filter((c) => c.games_count > 0),
    providers: providers.map(({ sysname, name, games_count }) => ({ sysname, name, games_count })),
    start,
    games: items.map(tileGame),
    count,
    meta: seoMeta({ title, description, robots }, site.metadata.siteName),
  };
}

/**
 * `/gamehall/{id}`: a category's sysname or id sends the player to the lobby filtered by it
 * (302, other query parameters kept); anything else is a 404.
 */
export async function redirectToCategory(context: Context, request: Request, id: string): Promise<never> {
  const { site } = localized(context);
  const categories = await orErrorPage(site.categories());
  const category = categories.find((c) => c.sysname === id || String(c.id) === id);
  if (!category) throw notFound(request);
  const q = new URL(request.url).searchParams;
  q.set("category", category.sysname);
  const path = sitePath(context, "/gamehall");
  throw redirect(`${path}?${q.toString().replace(/%2C/gi, ",")}`, 302);
}

/** `/providers`: every provider with its number of games. */
export async function loadProviders(context: Context) {
  const { site } = localized(context);
  const providers = await orErrorPage(site.providers());
  const t = getInstance(context).t;
  return {
    providers: providers.map(({ sysname, name, games_count, logo }) => ({ sysname, name, games_count, logo })),
    meta: seoMeta(
      { title: t("lobby.providers.title"), description: t("lobby.providers.metaDescription", { count: providers.length }) },
      site.metadata.siteName,
    ),
  };
}
