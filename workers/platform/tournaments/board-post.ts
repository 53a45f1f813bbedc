import type { MoneyDeps } from "../wallet/move-money";
import { maskedName } from "../jackpots/read";

/**
 * The platform's one door to the live board (decision 0048): after a batch that changed entries
 * committed (a round, a cashout reset), their absolute totals go to the tournament's Durable Object
 * with `postScores` of workers/realtime/tournament-board.ts (the live-board slice's module).
 *
 * MERGE NOTE: that module lands with the live-board slice. Until it does, this branch must build
 * and run, so it is imported by a pattern (`../../realtime/${name}.ts`) that Vite and esbuild
 * both bundle when the file exists, and that fails — logged, nothing posted — when it does not.
 * Once both slices are merged this may become the plain
 * `import { postScores } from "../../realtime/tournament-board";`.
 */

export interface BoardEntry {
  uid: number;
  player: string;
  points: number;
  reached_at: number;
}

type PostScores = (env: Env, tournamentId: number, entries: BoardEntry[]) => Promise<void>;

const BOARD_MODULE = "tournament-board";

let board: Promise<{ postScores: PostScores } | null> | undefined;

async function postScores(env: Env, tournamentId: number, entries: BoardEntry[]): Promise<void> {
  board ??= import(`../../realtime/${BOARD_MODULE}.ts`).catch((e: unknown) => {
    console.warn("tournaments: no live board module, totals are not posted", e instanceof Error ? e.message : e);
    return null;
  });
  await (await board)?.postScores(env, tournamentId, entries);
}

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
    deps.waitUntil(postScores(deps.env, id, entries).catch((e) => console.error("tournaments: posting to the live board failed", e instanceof Error ? e.message : e)));
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
