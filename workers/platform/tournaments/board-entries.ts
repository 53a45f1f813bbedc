import type { MoneyDeps } from "../wallet/move-money";
import { maskedName } from "../core/names";
import type { BoardEntry } from "../../realtime/board-ranking";
import { postScores } from "../../realtime/tournament-board";

/** The live boards' door for entries already read (board-post.ts reads them after a D1 batch, entries.ts after a delivery). */

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
