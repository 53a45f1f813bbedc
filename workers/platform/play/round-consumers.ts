import { settleAfterRound } from "../bonuses/end";
import { announceWagering } from "../bonuses/notify";
import { wageringStatements } from "../bonuses/wagering";
import { announceWin, owedWin } from "../games/recent-wins";
import { deliverContribution, feedsPools, owedContribution } from "../jackpots/settle";
import { roundEarningStatements } from "../loyalty/earn";
import { announceNotices } from "../loyalty/notices";
import { postBatch } from "../tournaments/board-post";
import { roundScoringStatements } from "../tournaments/scoring";
import { questStatements } from "../quests/engine";
import { deliverHits, mayHit, owedHits } from "../challenges/hits";
import type { Consumer, RoundEvent } from "./events";

/**
 * Everything a paid game round feeds (events.ts), in order. In the round's batch: its bonus's
 * wagering, loyalty points and quests, the wheel's quests and tournament points, each on the
 * round's real money. Once committed: the progressive jackpots' pools (decision 0017; owed in the batch), the bonus's
 * conversion and wagering notice, the loyalty notices, the live tournament boards and the wins feed.
 */
export const ROUND_CONSUMERS: readonly Consumer<RoundEvent>[] = [
  {
    name: "jackpots",
    // The round owes its game's pools its contribution (an outbox row), delivered once it committed.
    consume: async (db, e, now) =>
      e.jackpots && (await feedsPools(db, e))
        ? { statements: [owedContribution(db, e, now)], committed: (deps) => deliverContribution(deps, e.id) }
        : { statements: [] },
  },
  {
    name: "bonus wagering",
    consume: (db, e, now) => ({
      statements: e.funding ? wageringStatements(db, e.uid, e.id, e.operationKey, e.bet, e.funding, now) : [],
      committed: async (deps, { fresh }) => {
        if (!e.bonusId) return;
        await settleAfterRound(deps, e.uid); // converts or closes the bonus; never throws
        if (fresh) await announceWagering(deps, e.uid, e.id).catch((err) => console.error("bonus: announcing a round failed", err));
      },
    }),
  },
  {
    name: "loyalty",
    consume: (db, e, now) => {
      const statements = roundEarningStatements(db, { uid: e.uid, roundId: e.id, operationKey: e.operationKey, betMain: e.betMain, bonusId: e.bonusId }, now);
      return { statements, committed: (deps, { fresh }) => (fresh && statements.length ? announceNotices(deps, e.uid, now) : undefined) };
    },
  },
  {
    name: "quests",
    // Only while the round's payment is unused, and while the bonus it was funded under pays.
    consume: (db, e, now) => ({
      statements:
        e.betMain > 0
          ? questStatements(
              db,
              {
                uid: e.uid,
                event: "round",
                gameId: e.gameId,
                wagered: e.betMain,
                fresh: {
                  sql: "NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = ?1 AND key = ?2) AND (?3 IS NULL OR EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?3 AND status = 'active'))",
                  params: [e.uid, e.operationKey, e.bonusId],
                },
              },
              now,
            )
          : [],
    }),
  },
  {
    name: "tournaments",
    // Once the points are in the player's object, the entries are D1's: the round owes them
    // (tournaments/entries.ts) and the Worker delivers them once the round committed.
    consume: (db, e, now) => {
      const { statements, batchId } = roundScoringStatements(
        db,
        { uid: e.uid, roundId: e.id, gameId: e.gameId, operationKey: e.operationKey, betMain: e.betMain, winMain: e.winMain, bonusId: e.bonusId },
        now,
      );
      return {
        statements,
        committed: (deps, { fresh }) => (batchId && fresh ? postBatch(deps, batchId) : undefined),
      };
    },
  },
  {
    name: "challenges",
    // A real-money round that hit a running first-to-hit challenge of its game owes the site the hit
    // (challenges/hits.ts), delivered once the round committed: the place, then its prize.
    consume: (db, e, now) => {
      if (!mayHit(e)) return { statements: [] };
      return {
        statements: [owedHits(db, e, now)],
        committed: (deps, { fresh, results }) => {
          const keys = (results[0]?.results ?? []).map((r) => (r as { key: string }).key);
          return fresh && keys.length ? deliverHits(deps, keys) : undefined;
        },
      };
    },
  },
  {
    name: "wins feed",
    // Announced by the call that recorded the payment (a retry of a paid round is not news).
    // Once the rounds are in the players' objects, the feed's list is the site's projection: the
    // round's batch owes it the win (games/recent-wins.ts), delivered once the round committed.
    consume: (db, e, now) => ({
      statements: e.mode === "real" && e.win > 0 ? [owedWin(db, e.id, e.operationKey, now)] : [],
      committed: (deps, { fresh }) => (fresh && e.mode === "real" && e.win > 0 ? announceWin(deps, e.id) : undefined),
    }),
  },
];
