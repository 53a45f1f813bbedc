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

/** A player's total as their object owes it to the record (decision 0075): absolute, versioned by their last points row. */
export interface OwedEntry {
  uid: number;
  points: number;
  /** When the points were last reached (null: no round yet, the record's time of writing then). */
  reached_at: number | null;
  version: number;
}

/**
 * Writes owed totals to the record (D1 tournament_entries) in one statement, each only where its
 * version is newer than the row's, so a repeated or overtaken one changes nothing. Answers the
 * rows as the record then holds them (with the players' names, for the live ranking) and the
 * rows D1 wrote.
 */
export async function writeOwed(
  db: D1Database,
  id: number,
  owed: OwedEntry[],
  now: number,
): Promise<{ rows: { uid: number; points: number; reached_at: number; fakename: string | null; login: string }[]; written: number }> {
  if (!owed.length) return { rows: [], written: 0 };
  const list = JSON.stringify(owed);
  const [upsert, written] = await db.batch<{ uid: number; points: number; reached_at: number; fakename: string | null; login: string }>([
    db
      .prepare(
        `INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at, points_version)
         SELECT ?1, json_extract(value, '$.uid'), json_extract(value, '$.points'), COALESCE(json_extract(value, '$.reached_at'), ?2), ?2,
                json_extract(value, '$.version')
         FROM json_each(?3) WHERE true
         ON CONFLICT (tournament_id, uid) DO UPDATE SET
           points = excluded.points,
           reached_at = CASE WHEN excluded.points > 0 THEN excluded.reached_at ELSE reached_at END,
           points_version = excluded.points_version
         WHERE excluded.points_version > tournament_entries.points_version`,
      )
      .bind(id, now, list),
    db
      .prepare(
        `SELECT e.uid, e.points, e.reached_at, u.fakename, u.login FROM tournament_entries e JOIN users u ON u.uid = e.uid
         WHERE e.tournament_id = ?1 AND e.uid IN (SELECT json_extract(value, '$.uid') FROM json_each(?2))`,
      )
      .bind(id, list),
  ]);
  return { rows: written!.results, written: upsert!.meta.rows_written ?? 0 };
}
