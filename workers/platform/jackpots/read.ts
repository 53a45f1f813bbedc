import { maskedName } from "../core/names";
import type { Jackpot, JackpotWinner } from "../../../core/api/entities-jackpots";
import { PlatformError } from "../../../core/api/errors";

/** Jackpots.get and Jackpots.getWinners: reads only (decision 0017). */

/** How many of a pool's games Jackpots.get names: enough for a page of tiles. */
const GAMES_SHOWN = 24;

interface JackpotRow {
  id: number;
  sysname: string;
  name: string;
  currency: string;
  seed: number;
  amount: number;
  contribution_bp: number;
  must_drop_at: number;
  last_won_at: number | null;
  last_win: number | null;
  games_count: number;
  position: number;
  games: string | null;
}

export async function getJackpots(db: D1Database, id: number | undefined): Promise<Jackpot[]> {
  // One statement: the pools with their kept game count (migration 0014) and, per pool, its most
  // popular game sysnames as a range of jackpot_games_by_popularity (GAMES_SHOWN entries, whatever
  // the pool's size). Pools are few: ordered here, as an ORDER BY would count its rows again.
  const { results } = await db
    .prepare(
      `SELECT j.id, j.sysname, j.name, j.currency, j.seed, j.amount, j.contribution_bp, j.must_drop_at,
              j.last_won_at, j.last_win, j.games_count, j.position,
              (SELECT json_group_array(sysname) FROM (
                 SELECT jg.sysname FROM jackpot_games jg INDEXED BY jackpot_games_by_popularity
                 WHERE jg.jackpot_id = j.id ORDER BY jg.popularity DESC, jg.game_id LIMIT ?2)) AS games
       FROM jackpots j
       WHERE j.is_active = 1 AND (?1 IS NULL OR j.id = ?1)`,
    )
    .bind(id ?? null, GAMES_SHOWN)
    .all<JackpotRow>();
  if (id !== undefined && results.length === 0) {
    throw new PlatformError("InvalidParameter", "No such jackpot", { status: 404, fields: { id: ["No such jackpot"] } });
  }
  return results.sort((a, b) => a.position - b.position || a.id - b.id).map(toJackpot);
}

function toJackpot(r: JackpotRow): Jackpot {
  const money = (amount: number) => ({ amount, currency: r.currency });
  return {
    id: r.id,
    sysname: r.sysname,
    name: r.name,
    amount: money(r.amount),
    seed: money(r.seed),
    must_drop_at: money(r.must_drop_at),
    contribution_percent: r.contribution_bp / 100,
    currency: r.currency,
    games_count: r.games_count,
    games: JSON.parse(r.games ?? "[]") as string[],
    last_won_at: r.last_won_at,
    last_win: r.last_win === null ? null : money(r.last_win),
  };
}

interface WinnerRow {
  id: string;
  jackpot_id: number;
  jackpot_name: string;
  login: string;
  fakename: string;
  amount: number;
  currency: string;
  game: string;
  game_title: string;
  won_at: number;
}

/**
 * A page of winners, newest first, of one jackpot or of all: each read is an index range (a
 * jackpot's winners by jackpot_winners_by_jackpot, all by jackpot_winners_recent) and the count is
 * kept by triggers (migration 0071), so neither grows with the wins the site has paid.
 */
export async function getWinners(
  db: D1Database,
  query: { jackpot_id?: number; offset: number; count: number },
): Promise<{ items: JackpotWinner[]; count: number }> {
  const one = query.jackpot_id !== undefined;
  const [page, total] = await db.batch([
    db
      .prepare(
        `SELECT w.id, w.jackpot_id, j.name AS jackpot_name, u.login, u.fakename, w.amount, w.currency,
                g.sysname AS game, g.title AS game_title, w.won_at
         FROM jackpot_winners w INDEXED BY ${one ? "jackpot_winners_by_jackpot" : "jackpot_winners_recent"}
         JOIN jackpots j ON j.id = w.jackpot_id
         JOIN users u ON u.uid = w.uid
         JOIN games g ON g.id = w.game_id
         ${one ? "WHERE w.jackpot_id = ?3" : ""}
         ORDER BY w.won_at DESC, w.id
         LIMIT ?1 OFFSET ?2`,
      )
      .bind(query.count, query.offset, ...(one ? [query.jackpot_id] : [])),
    db.prepare("SELECT COALESCE((SELECT n FROM jackpot_winner_counts WHERE jackpot_id = ?1), 0) AS n").bind(query.jackpot_id ?? 0),
  ]);
  const rows = page!.results as WinnerRow[];
  return {
    items: rows.map((r) => ({
      id: r.id,
      jackpot_id: r.jackpot_id,
      jackpot_name: r.jackpot_name,
      player: maskedName(r.fakename, r.login),
      amount: { amount: r.amount, currency: r.currency },
      game: r.game,
      game_title: r.game_title,
      won_at: r.won_at,
    })),
    count: (total!.results[0] as { n: number }).n,
  };
}
