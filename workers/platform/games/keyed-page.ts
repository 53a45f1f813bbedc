import type { GameQuery } from "../../../core/api/entities-games";
import type { Sql } from "./game-query";

/**
 * games.get of a list of games by id or by sysname (a jackpot's games, a tournament's, a player's
 * likes): at most 100 games by their keys (issue 39). The tables' path read every listed game with
 * its provider, texts and categories, then counted them again (a jackpot of 72 games: ~460 rows);
 * this reads each listed game's sort keys and its card (migration 0014) in ONE statement — about two
 * rows a game — and orders, pages and counts them here.
 *
 * Only where the answer is the tables' own: the list alone (no search, category or providers),
 * an order of numbers (popular, new, rtp: name's NOCASE order stays SQLite's), and the cards
 * built from the current catalogue (`fresh`); otherwise null, and the tables answer.
 */
export interface KeyedRow {
  kind: 0 | 1;
  id: number | null;
  /** Sort keys: popularity, released_at, rtp_bp (kind 1); the catalogue's freshness (kind 0). */
  popularity: number | null;
  released_at: number | null;
  rtp_bp: number | null;
  card: string | null;
}

export function keyedQuery(q: GameQuery, locale: string, defaultLocale: string): Sql | null {
  const byIds = q.ids !== undefined && q.ids.length > 0;
  const bySysnames = q.sysnames !== undefined && q.sysnames.length > 0;
  if (byIds === bySysnames || q.search || q.category !== undefined || q.providers?.length || q.tournament !== undefined || q.sort === "name") return null;
  // Keys written in as literals, checked here (the contract allows integers and [a-z0-9_-] only):
  // D1 takes at most 100 bound values, and VALUES rows, unlike json_each's, are not rows read.
  const keys = byIds
    ? [...new Set(q.ids)].map((id) => {
        if (!Number.isSafeInteger(id)) throw new TypeError(`not a game id: ${id}`);
        return `(${id})`;
      })
    : [...new Set(q.sysnames)].map((s) => {
        if (!/^[a-z0-9_-]{1,64}$/.test(s)) throw new TypeError(`not a game sysname: ${s}`);
        return `('${s}')`;
      });
  const card = (locale: string) => `(SELECT card FROM game_cards WHERE game_id = g.id AND locale = ${locale})`;
  return {
    sql: `SELECT 0 AS kind, NULL AS id, (SELECT ranked = changes FROM game_catalogue_state WHERE id = 1) AS popularity,
        NULL AS released_at, NULL AS rtp_bp, NULL AS card
      UNION ALL
      SELECT 1, g.id, g.popularity, g.released_at, g.rtp_bp, COALESCE(${card("?1")}, ${card("?2")}, ${card("''")})
      FROM (VALUES ${keys.join(", ")}) v CROSS JOIN games g ON ${byIds ? "g.id" : "g.sysname"} = v.column1`,
    binds: [locale, defaultLocale],
  };
}

/** The page and the total from the statement's rows; null when the cards are not current (the tables answer). */
export function keyedPage(rows: KeyedRow[], q: GameQuery): { cards: string[]; count: number } | null {
  const meta = rows.find((r) => r.kind === 0);
  if (meta?.popularity !== 1) return null;
  const key = { popular: "popularity", new: "released_at", rtp: "rtp_bp" }[(q.sort ?? "popular") as "popular" | "new" | "rtp"] as SortKey;
  const cards = cardsInOrder(rows, key);
  return cards && { cards: cards.slice(q.offset, q.offset + q.count), count: cards.length };
}

type SortKey = "popularity" | "released_at" | "rtp_bp";

/**
 * The games' rows (kind 1) as cards in the tables' order, descending by `key` then by id (their
 * ORDER BY key DESC, id); null when one has no card (the catalogue's cards not built for it yet).
 */
export function cardsInOrder(rows: KeyedRow[], key: SortKey): string[] | null {
  const games = rows.filter((r) => r.kind === 1);
  if (games.some((g) => g.card === null)) return null;
  return games.sort((a, b) => (b[key] ?? 0) - (a[key] ?? 0) || a.id! - b.id!).map((g) => g.card!);
}
