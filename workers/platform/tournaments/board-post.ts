import type { MoneyDeps } from "../wallet/move-money";
import { type EntryRow, postEntries } from "./board-entries";
import { playerTables } from "../player/routed-d1";
import { deliverOwedEntries, pointsInObjects } from "./entries";

/**
 * The platform's one door to the live board (decision 0048): after a batch that changed entries
 * committed (a round, a cashout reset), their absolute totals go to the tournament's Durable Object
 * with `postScores` (workers/realtime/tournament-board.ts), in the background.
 */

/**
 * After commit: the entries a batch (batch_id of its ledger rows) changed, posted to the board.
 * Once the points are in the players' objects, the batch owed D1 its entries: they are delivered
 * (and posted) now, on the player's own tables (`uid`, else `deps.db`); the answer waits for that
 * when awaited, and the object's alarm delivers them if this fails (tournaments/entries.ts).
 */
export function postBatch(deps: Pick<MoneyDeps, "db" | "env" | "waitUntil"> & { uid?: number }, batchId: string): Promise<void> {
  if (pointsInObjects()) {
    const own = deps.uid ? playerTables(deps.env, deps.uid) : deps.db;
    const delivered = deliverOwedEntries(deps.env, own, batchId).catch((e) =>
      console.error("tournaments: delivering the changed entries failed (the outbox retries)", e instanceof Error ? e.message : e),
    );
    deps.waitUntil(delivered);
    return delivered;
  }
  deps.waitUntil(
    deps.db
      .prepare(
        `SELECT e.tournament_id, e.uid, e.points, e.reached_at, u.fakename, u.login FROM tournament_points p
           JOIN tournament_entries e ON e.tournament_id = p.tournament_id AND e.uid = p.uid JOIN users u ON u.uid = p.uid
         WHERE p.batch_id = ?1`,
      )
      .bind(batchId)
      .all<EntryRow>()
      .then(({ results }) => postEntries(deps, results))
      .catch((e) => console.error("tournaments: reading the changed entries failed", e instanceof Error ? e.message : e)),
  );
  return Promise.resolve();
}
