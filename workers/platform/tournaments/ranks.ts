import type { LeaderboardRow } from "../../../core/api/contract-tournaments";
import { maskedName } from "../core/names";

/**
 * Ranks from the record (decision 0048): points DESC, reached_at ASC, uid ASC; an entry with 0
 * points has no rank. The live board ranks the same way from the same totals.
 */

export const RANK_ORDER = "e.points DESC, e.reached_at, e.uid";

interface RankedRow {
  uid: number;
  points: number;
  reached_at: number;
  fakename: string;
  login: string;
}

const rowOf = (r: RankedRow, rank: number, me: number): LeaderboardRow => ({
  rank,
  player: maskedName(r.fakename, r.login),
  points: r.points,
  reached_at: r.reached_at,
  is_me: r.uid === me,
});

/** A page of the board (ranks offset+1…). How many ranked entries there are is kept counted (tournament_totals.ranked, migration 0066). */
export async function boardPage(db: D1Database, tournamentId: number, offset: number, count: number, me: number): Promise<LeaderboardRow[]> {
  const { results } = await db
    .prepare(
      `SELECT e.uid, e.points, e.reached_at, u.fakename, u.login FROM tournament_entries e JOIN users u ON u.uid = e.uid
       WHERE e.tournament_id = ?1 AND e.points > 0 ORDER BY ${RANK_ORDER} LIMIT ?2 OFFSET ?3`,
    )
    .bind(tournamentId, count, offset)
    .all<RankedRow>();
  return results.map((r, i) => rowOf(r, offset + i + 1, me));
}

export interface Standing {
  participating: boolean;
  points: number;
  /** null: not ranked (no entry, or 0 points). */
  row: LeaderboardRow | null;
  /** The points of the holder of the last prized place (null: nobody holds it, or no prizes). */
  lastPrizedPoints: number | null;
}

/** A player's entry and rank, and who holds the last prized place (`lastPlace`, 0: none). */
export async function standing(db: D1Database, tournamentId: number, uid: number, lastPlace: number): Promise<Standing> {
  return (await standings(db, [{ id: tournamentId, lastPlace }], uid)).get(tournamentId)!;
}

/**
 * `standing` for several tournaments at once, in ONE statement (issue 39: the list's cards asked
 * two statements a tournament): the player's entries with their ranks, then for each tournament
 * with prizes the points of the last prized place's holder.
 */
export async function standings(db: D1Database, tournaments: { id: number; lastPlace: number }[], uid: number): Promise<Map<number, Standing>> {
  const out = new Map<number, Standing>();
  if (!tournaments.length) return out;
  const int = (n: number) => {
    if (!Number.isSafeInteger(n)) throw new TypeError(`not an integer: ${n}`);
    return n;
  };
  const holders = tournaments
    .filter((t) => t.lastPlace > 0)
    .map(
      (t) => `SELECT 1, ${int(t.id)}, NULL, points, NULL, NULL, NULL, NULL FROM (SELECT e.points FROM tournament_entries e
         WHERE e.tournament_id = ${int(t.id)} AND e.points > 0 ORDER BY ${RANK_ORDER} LIMIT 1 OFFSET ${int(t.lastPlace - 1)})`,
    );
  const { results } = await db
    .prepare(
      [
        `SELECT 0 AS kind, e.tournament_id AS tid, e.uid, e.points, e.reached_at, u.fakename, u.login,
           1 + (SELECT COUNT(*) FROM tournament_entries o WHERE o.tournament_id = e.tournament_id AND o.points > 0
                AND (o.points > e.points OR (o.points = e.points AND (o.reached_at < e.reached_at OR (o.reached_at = e.reached_at AND o.uid < e.uid))))) AS rank
         FROM tournament_entries e JOIN users u ON u.uid = e.uid WHERE e.uid = ?1 AND e.tournament_id IN (${tournaments.map((t) => int(t.id)).join(", ")})`,
        ...holders,
      ].join(" UNION ALL "),
    )
    .bind(uid)
    .all<RankedRow & { kind: 0 | 1; tid: number; rank: number }>();
  for (const t of tournaments) {
    const m = results.find((r) => r.kind === 0 && r.tid === t.id);
    const h = results.find((r) => r.kind === 1 && r.tid === t.id);
    out.set(t.id, {
      participating: !!m,
      points: m?.points ?? 0,
      row: m && m.points > 0 ? rowOf(m, m.rank, uid) : null,
      lastPrizedPoints: t.lastPlace > 0 && h ? h.points : null,
    });
  }
  return out;
}

/**
 * Points still needed to reach the last prized place: 0 inside it; else the holder's points + 1 −
 * mine (one more point passes them, whoever got there first); null when nobody holds it yet (every
 * point scored is then inside), when there are no prizes, or when the tournament is over.
 */
export function pointsToPrize(s: Standing, lastPlace: number, finished: boolean): number | null {
  if (finished || lastPlace === 0) return null;
  if (s.row && s.row.rank <= lastPlace) return 0;
  if (s.lastPrizedPoints === null) return null;
  return s.lastPrizedPoints + 1 - s.points;
}
