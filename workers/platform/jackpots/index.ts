import type { Handlers } from "../core/context";
import { getJackpots, getWinners } from "./read";

type Methods = "Jackpots.get" | "Jackpots.getWinners";

/** Jackpots (issue 5, decision 0017): pools that grow with real play and are won. */
export const jackpotHandlers: Handlers<Methods> = {
  "Jackpots.get": ({ id }, ctx) => getJackpots(ctx.db, id),
  "Jackpots.getWinners": (query, ctx) => getWinners(ctx.db, query),
};
