import type { Handlers } from "../core/context";
import { getCategories, getProviders } from "./catalogue";
import { createExport, getExports } from "./export";
import { getGames, getSections } from "./games-get";
import { getHistory } from "./history";
import { addLike, getLikes, removeLike } from "./likes";
import { getRecentWins } from "./recent-wins";

type Methods =
  | "games.get"
  | "games.getSections"
  | "games.getRecentWins"
  | "games.getCategories"
  | "games.getProviders"
  | "games.getLikes"
  | "games.addLike"
  | "games.removeLike"
  | "games.getHistory"
  | "games.createhistoryexportrequest"
  | "games.gethistoryexportrequest";

/** The game catalogue (decision 0015): games, categories, providers and players' likes. */
export const gameHandlers: Handlers<Methods> = {
  "games.get": ({ options }, ctx) => getGames(options, ctx),
  "games.getSections": ({ sections }, ctx) => getSections(sections, ctx),
  "games.getRecentWins": ({ count }, ctx) => getRecentWins(ctx.db, count),
  "games.getCategories": (_p, ctx) => getCategories(ctx),
  "games.getProviders": (params, ctx) => getProviders(ctx, params),
  "games.getLikes": (_p, ctx) => getLikes(ctx),
  "games.addLike": ({ sysname }, ctx) => addLike(ctx, sysname),
  "games.removeLike": ({ sysname }, ctx) => removeLike(ctx, sysname),
  "games.getHistory": ({ offset, count }, ctx) => getHistory(ctx, offset, count),
  "games.createhistoryexportrequest": (params, ctx) => createExport(ctx, params),
  "games.gethistoryexportrequest": ({ id }, ctx) => getExports(ctx, id),
};
