import { questStatements } from "../quests/engine";
import { betEarningStatements } from "../sportsbook/loyalty";
import type { BetEvent, Consumer } from "./events";

/**
 * Everything a settled sports bet feeds (events.ts), in the batch that settles it: loyalty points
 * for a real-money bet won or lost (decision 0049) and the quests counting sports bets; both apply
 * only if this batch settled it.
 */
export const BET_CONSUMERS: readonly Consumer<BetEvent>[] = [
  {
    name: "loyalty",
    consume: (db, { bet, status, settledAt }) => ({
      statements: bet.funding === "main" && status !== "void" ? betEarningStatements(db, bet, settledAt) : [],
    }),
  },
  {
    name: "quests",
    consume: (db, { bet, status, settledAt, site }, now) => ({
      statements:
        bet.funding === "main" && status !== "void"
          ? questStatements(
              db,
              {
                uid: bet.uid,
                event: "bet",
                site,
                gameId: null,
                wagered: bet.stake,
                fresh: {
                  sql: "EXISTS (SELECT 1 FROM sport_bets WHERE id = ?1 AND settled_at = ?2 AND funding = 'main' AND status IN ('won', 'lost', 'cashed_out'))",
                  params: [bet.id, settledAt],
                },
              },
              now,
            )
          : [],
    }),
  },
];
