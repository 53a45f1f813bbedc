import type { GameQuery } from "../../../core/api/entities-games";
import type { Sql } from "./game-query";
import { cardsInOrder, type KeyedRow } from "./keyed-page";

/**
 * games.get of a tournament's games in popularity order (its gamehall, 12 a page): a range of
 * `tournament_game_order` (migration 0070), the copy of tournament_games ordered by popularity,
 * and each game's card, in ONE statement — about two rows a game shown and the meta row, at any
 * page of a tournament over any part of the catalogue (issue 39: the gamehall read all of a
 * tournament's games and sorted them to show 12). The total is the tournament's games count
 * (tournament_totals, migration 0066). Only the tournament alone in popular order, with the cards
 * built from the current catalogue; otherwise null, and the tables answer.
 */
export interface TournamentPageRow extends KeyedRow {
  /** The meta row's: the tournament's games count, null when there is no such tournament. */
  total: number | null;
}

export function tournamentQuery(q: GameQuery, locale: string, defaultLocale: string): Sql | null {
  if (q.tournament === undefined || q.search || q.category !== undefined || q.providers !== undefined || q.ids !== undefined || q.sysnames !== undefined)
    return null;
  if ((q.sort ?? "popular") !== "popular") return null;
  const card = (locale: string) => `(SELECT card FROM game_cards WHERE game_id = g.id AND locale = ${locale})`;
  return {
    sql: `SELECT 0 AS kind, NULL AS id, (SELECT ranked = changes FROM game_catalogue_state WHERE id = 1) AS popularity,
        NULL AS released_at, NULL AS rtp_bp, NULL AS card, (SELECT games FROM tournament_totals WHERE tournament_id = ?3) AS total
      UNION ALL
      SELECT 1, g.id, g.popularity, g.released_at, g.rtp_bp, COALESCE(${card("?1")}, ${card("?2")}, ${card("''")}), NULL
      FROM (SELECT o.game_id FROM tournament_game_order o INDEXED BY tournament_game_order_by_popularity
            WHERE o.tournament_id = ?3 ORDER BY o.popularity DESC, o.game_id LIMIT ?4 OFFSET ?5) p
      CROSS JOIN games g ON g.id = p.game_id`,
    binds: [locale, defaultLocale, q.tournament, q.count, q.offset],
  };
}

/** The page and the total from the statement's rows; null when the tables must answer (stale cards, no such tournament). */
export function tournamentPage(rows: TournamentPageRow[]): { cards: string[]; count: number } | null {
  const meta = rows.find((r) => r.kind === 0);
  if (meta?.popularity !== 1 || meta.total === null) return null;
  // The join may not keep the index's order: sorted again, as the tables order (popularity, then id).
  const cards = cardsInOrder(rows, "popularity");
  return cards && { cards, count: meta.total };
}
