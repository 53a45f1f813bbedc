import { maskedName } from "../platform/core/names";
import type { BoardEntry } from "./board-ranking";

/**
 * What a TournamentBoard reads from D1, the platform's record (decision 0048): the tables are the
 * platform slice's (migration 0030). Both reads are guarded — a board answers without them.
 */

/** The last prized place (tournament_prizes, the platform slice's table); null without prizes or table. */
export async function readPrizedPlaces(db: D1Database | undefined, id: number): Promise<number | null> {
  try {
    const row = await db?.prepare("SELECT MAX(place_to) AS n FROM tournament_prizes WHERE tournament_id = ?").bind(id).first<{ n: number | null }>();
    return row?.n ?? null;
  } catch (e) {
    console.error("tournament board: reading the prizes failed", e instanceof Error ? e.message : e);
    return null;
  }
}

/** The record of the tournament's totals (D1 tournament_entries), for a board with empty storage. */
export async function readEntries(db: D1Database | undefined, id: number): Promise<BoardEntry[]> {
  try {
    const { results } = (await db
      ?.prepare(
        `SELECT e.uid, e.points, e.reached_at, u.fakename, u.login FROM tournament_entries e JOIN users u ON u.uid = e.uid
         WHERE e.tournament_id = ? AND e.points > 0`,
      )
      .bind(id)
      .all<{ uid: number; points: number; reached_at: number; fakename: string | null; login: string }>()) ?? { results: [] };
    return results.map((r) => ({ uid: r.uid, player: maskedName(r.fakename ?? "", r.login), points: r.points, reached_at: r.reached_at }));
  } catch (e) {
    console.error("tournament board: rebuilding from D1 failed", e instanceof Error ? e.message : e);
    return [];
  }
}
