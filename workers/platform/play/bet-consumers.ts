import { questStatements } from "../quests/engine";
import { betEarningStatements } from "../sportsbook/loyalty";
import { postBatch } from "../tournaments/board-post";
import { betScoringStatements } from "../tournaments/scoring";
import type { BetEvent, Consumer } from "./events";

/** Whether the event counts toward incentives: a real-money bet won, lost or cashed out (never a void one). */
const counts = ({ bet, status }: BetEvent) => bet.funding === "main" && status !== "void";

/** Holds only in the batch that settles the bet (its settled_at is this settlement's): a replay counts nothing. */
const settledNow = ({ bet, settledAt }: BetEvent) => ({
  sql: "EXISTS (SELECT 1 FROM sport_bets WHERE id = ?1 AND settled_at = ?2 AND funding = 'main' AND status IN ('won', 'lost', 'cashed_out'))",
  params: [bet.id, settledAt],
});

/**
 * Everything a settled sports bet feeds (events.ts), in the batch that settles it: loyalty points
 * for a real-money bet won or lost (decision 0049), the quests counting sports bets, and the races
 * of sports bets (decision 0111); each applies only if this batch settled it.
 */
export const BET_CONSUMERS: readonly Consumer<BetEvent>[] = [
  {
    name: "loyalty",
    consume: (db, e) => ({ statements: counts(e) ? betEarningStatements(db, e.bet, e.settledAt) : [] }),
  },
  {
    name: "quests",
    consume: (db, e, now) => ({
      statements: counts(e)
        ? questStatements(db, { uid: e.bet.uid, event: "bet", site: e.site, gameId: null, wagered: e.bet.stake, fresh: settledNow(e) }, now)
        : [],
    }),
  },
  {
    name: "tournaments",
    // The points in the player's object; the entries, D1's, delivered to the boards once committed (as a round's).
    consume: (db, e, now) => {
      if (!counts(e)) return { statements: [] };
      const { statements, batchId } = betScoringStatements(
        db,
        { uid: e.bet.uid, betId: e.bet.id, stake: e.bet.stake, paid: e.paid, fresh: settledNow(e) },
        now,
      );
      return { statements, committed: (deps, { fresh }) => (batchId && fresh ? postBatch(deps, batchId) : undefined) };
    },
  },
];
