import { betEarningStatements } from "../sportsbook/loyalty";
import type { BetEvent, Consumer } from "./events";

/**
 * Everything a settled sports bet feeds (events.ts), in the batch that settles it: loyalty points
 * for a real-money bet won or lost (decision 0049; they apply only if this batch settled it).
 */
export const BET_CONSUMERS: readonly Consumer<BetEvent>[] = [
  {
    name: "loyalty",
    consume: (db, { bet, status, settledAt }) => ({
      statements: bet.funding === "main" && status !== "void" ? betEarningStatements(db, bet, settledAt) : [],
    }),
  },
];
