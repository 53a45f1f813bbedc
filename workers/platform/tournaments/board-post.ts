import type { MoneyDeps } from "../wallet/move-money";
import { maskedName } from "../core/names";
import type { BoardEntry } from "../../realtime/board-ranking";
import { postScores } from "../../realtime/tournament-board";

/**
 * The platform's one door to the live board (decision 0048): after a batch that changed entries
 * committed (a round, a cashout reset), their absolute totals go to the tournament's Durable Object
 * with `postScores` (workers/realtime/tournament-board.ts), in the background.
 */

/** Rows of entries as read with the players' names. */
export interface EntryRow {
  tournament_id: number;
  uid: number;
  points: number;
  reached_at: number;
  fakename: string;
  login: string;
}

/** Posts the entries (grouped by tournament) in the background; a failure is only logged. */
export function postEntries(deps: Pick<MoneyDeps, "env" | "waitUntil">, rows: EntryRow[]): void {
  if (!rows.length) return;
  const by = new Map<number, BoardEntry[]>();
  for (const r of rows) {
    const list = by.get(r.tournament_id) ?? [];
    list.push({ uid: r.uid, player: maskedName(r.fakename, r.login), points: r.points, reached_at: r.reached_at });
    by.set(r.tournament_id, list);
  }
  for (const [id, entries] of by) {
    deps.waitUntil(
      postScores(deps.env, id, entries).catch((e) => console.error("tournaments: posting to the live board failed", e instanceof Error ? e.message : e)),
    );
  }
}

/** After commit: the entries a batch (batch_id of its ledger rows) changed, posted to the board. */
export function postBatch(deps: Pick<MoneyDeps, "db" | "env" | "waitUntil">, batchId: string): void {
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
}
