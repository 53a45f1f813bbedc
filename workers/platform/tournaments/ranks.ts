import { unionAll } from "../core/union-all";
import type { LeaderboardRow } from "../../../core/api/contract-tournaments";
import { maskedName } from "../core/names";
import { tournamentBoard } from "../../realtime/tournament-board";

/**
 * The reader's row on tournament `id`'s board (null: no points yet), asked once its owed totals
 * are in the record: `boardRank` asks the board, a render may share the answer (index.ts).
 */
export type RankOf = (tournamentId: number) => Promise<LeaderboardRow | null>;

/** Player `uid`'s row on each board asked, from the tournament's board (one call each, which flushes it first). */
export const boardRank =
  (env: Env, uid: number): RankOf =>
  (id) =>
    tournamentBoard(env, id).rankOf(id, uid);

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

export interface Standing {
  participating: boolean;
  points: number;
  /** null: not ranked (no entry, or 0 points). */
  row: LeaderboardRow | null;
  /** The points of the holder of the last prized place (null: nobody holds it, or no prizes). */
  lastPrizedPoints: number | null;
}

const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new TypeError(`not an integer: ${n}`);
  return n;
};

/**
 * The parts of a standings statement (UNION ALL, 8 columns: kind, tid, uid, points, reached_at,
 * fakename, login, rank): kind 0, the player `uid`'s (a SQL value) entry in each of `ids` (an
 * index lookup each); kind 1, a tournament's last prized place's holder's points, where `lastPlace`
 * (a SQL value, its place) is above 0 (as many rows as prized places: the configuration's size,
 * not the entrants'). The player's rank is not counted here: it would read every entry ahead of
 * them; their tournament's board ranks them from memory (`boardRows`).
 */
function standingParts(ids: number[], uid: string, lasts: { id: number; lastPlace: string }[]): string[] {
  return [
    `SELECT 0 AS kind, e.tournament_id AS tid, e.uid, e.points, e.reached_at, NULL AS fakename, NULL AS login, NULL AS rank
     FROM tournament_entries e WHERE e.uid = ${uid} AND e.tournament_id IN (${ids.map(int).join(", ")})`,
    ...lasts.map(
      (t) => `SELECT 1, ${int(t.id)}, NULL, points, NULL, NULL, NULL, NULL FROM (SELECT e.points FROM tournament_entries e
         WHERE e.tournament_id = ${int(t.id)} AND e.points > 0 AND ${t.lastPlace} > 0 ORDER BY ${RANK_ORDER} LIMIT 1 OFFSET ${t.lastPlace} - 1)`,
    ),
  ];
}

type StandingRow = RankedRow & { kind: number; tid: number; rank: number };

/**
 * Player `uid`'s rows on the boards of the tournaments they entered among `results` (kind 0), by
 * tournament: each board ranks from memory once the totals owed to the record are in (null: no points).
 */
async function boardRows(rankOf: RankOf, results: StandingRow[]): Promise<Map<number, LeaderboardRow | null>> {
  const ids = results.filter((r) => r.kind === 0).map((r) => r.tid);
  const rows = await Promise.all(ids.map(rankOf));
  return new Map(ids.map((id, i) => [id, rows[i] ?? null]));
}

function standingOf(results: StandingRow[], id: number, lastPlace: number, board: Map<number, LeaderboardRow | null>): Standing {
  const m = results.find((r) => r.kind === 0 && r.tid === id);
  const h = results.find((r) => r.kind === 1 && r.tid === id);
  const row = m ? (board.get(id) ?? null) : null;
  return {
    participating: !!m,
    // The board's total, once it holds every owed one, is at least as new as the entry read before it.
    points: row?.points ?? m?.points ?? 0,
    row,
    lastPrizedPoints: lastPlace > 0 && h ? h.points : null,
  };
}

/**
 * `standing` for several tournaments at once, in ONE statement (issue 39: the list's cards asked
 * two statements a tournament) and a call to the board of each tournament the player entered: the
 * player's entries with their ranks, then for each tournament with prizes the points of the last
 * prized place's holder.
 */
export async function standings(rankOf: RankOf, db: D1Database, tournaments: { id: number; lastPlace: number }[], uid: number): Promise<Map<number, Standing>> {
  if (!tournaments.length) return new Map();
  const parts = standingParts(
    tournaments.map((t) => t.id),
    "?1",
    tournaments.filter((t) => t.lastPlace > 0).map((t) => ({ id: t.id, lastPlace: String(int(t.lastPlace)) })),
  );
  return standingsFrom(rankOf, await db.prepare(unionAll(parts)).bind(uid).all(), tournaments);
}

/** A tournament's last prized place as SQL (0: no prizes): the highest place its prizes pay. */
const lastPlaceSql = (id: number) => `(SELECT COALESCE(MAX(place_to), 0) FROM tournament_prizes WHERE tournament_id = ${int(id)})`;

/**
 * `standings`' statement for tournaments `ids` with each one's last prized place read in it, to
 * go in one batch with the read of the tournaments themselves (a tournament's card); its answer
 * is `standingsFrom`'s.
 */
export function standingsStatement(db: D1Database, ids: number[], uid: number): D1PreparedStatement {
  const parts = standingParts(
    ids,
    "?1",
    ids.map((id) => ({ id, lastPlace: lastPlaceSql(id) })),
  );
  return db.prepare(unionAll(parts)).bind(uid);
}

/** The standings in a standings statement's answer, each tournament's rank from its board. */
export async function standingsFrom(rankOf: RankOf, answer: D1Result, tournaments: { id: number; lastPlace: number }[]): Promise<Map<number, Standing>> {
  const results = answer.results as StandingRow[];
  const board = await boardRows(rankOf, results);
  return new Map(tournaments.map((t) => [t.id, standingOf(results, t.id, t.lastPlace, board)]));
}

/** A page of the board with what leaderboard.get shows beside it. */
export interface BoardRead {
  /** The last prized place (0: no prizes). */
  last: number;
  /** How many entries are ranked (kept counted: tournament_totals, migration 0066). */
  ranked: number;
  /** The record's version (tournament_totals.versions). */
  version: number;
  items: LeaderboardRow[];
  /** The reader's standing (null: a visitor). */
  mine: Standing | null;
}

/**
 * leaderboard.get's reads in ONE statement (issue 39; were three): the last prized place, the
 * ranked count and the version; the page (ranks offset+1…); and for a player their standing, as
 * `standings` reads it (the last prized place taken from the prizes in the statement; the rank,
 * `myRow`, from the board, asked for before the statement: the call that flushes the board).
 */
export async function boardRead(
  db: D1Database,
  tournamentId: number,
  offset: number,
  count: number,
  me: number,
  myRow: LeaderboardRow | null,
): Promise<BoardRead> {
  const id = int(tournamentId);
  const last = lastPlaceSql(id);
  const parts = [
    `SELECT 2 AS kind, NULL AS tid, NULL AS uid, ${last} AS points,
       COALESCE((SELECT ranked FROM tournament_totals WHERE tournament_id = ${id}), 0) AS reached_at,
       COALESCE((SELECT versions FROM tournament_totals WHERE tournament_id = ${id}), 0) AS fakename, NULL AS login, NULL AS rank`,
    `SELECT * FROM (SELECT 3, NULL, e.uid, e.points, e.reached_at, u.fakename, u.login, NULL FROM tournament_entries e JOIN users u ON u.uid = e.uid
       WHERE e.tournament_id = ${id} AND e.points > 0 ORDER BY ${RANK_ORDER} LIMIT ?2 OFFSET ?3)`,
    ...(me > 0 ? standingParts([id], "?1", [{ id, lastPlace: last }]) : []),
  ];
  const { results } = await db.prepare(unionAll(parts)).bind(me, count, offset).all<StandingRow>();
  const head = results.find((r) => r.kind === 2) as unknown as { points: number; reached_at: number; fakename: number } | undefined;
  const lastPlace = head?.points ?? 0;
  // The page in rank order (a compound statement's order is its parts', not promised row by row).
  const page = results.filter((r) => r.kind === 3).sort((a, b) => b.points - a.points || a.reached_at - b.reached_at || a.uid - b.uid);
  return {
    last: lastPlace,
    ranked: head?.reached_at ?? 0,
    version: head?.fakename ?? 0,
    items: page.map((r, i) => rowOf(r, offset + i + 1, me)),
    mine: me > 0 ? standingOf(results, id, lastPlace, new Map([[id, myRow]])) : null,
  };
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
