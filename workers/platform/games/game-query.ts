import type { GameQuery } from "../../../core/api/entities-games";
import { ftsMatch, SEARCH_LIMIT } from "./search";

/** A games.get query with its category and providers already resolved to ids. */
export interface ResolvedQuery extends GameQuery {
  categoryId?: number;
  providerIds?: number[];
}

export interface Sql {
  sql: string;
  binds: unknown[];
}

/**
 * The page and the total of a games.get call as SQL, in two steps: the inner query picks the
 * page's ids from the narrowest source, reading only indexes and sort keys; the outer one reads
 * texts, provider and categories for those ids alone.
 *
 * Sources: a search drives from the FTS5 matches, providers from games_by_provider, ids and
 * sysnames from their keys; a category alone from game_category_games, whose (category_id, popularity) and (category_id, released_at) indexes hold
 * the sort keys — a category page in popular or new order is an index range of offset + count
 * entries (EXPLAIN QUERY PLAN: SEARCH cg USING COVERING INDEX category_games_by_popularity, see
 * tests/workers/games-get.test.ts). Name and RTP order sort the filtered set. Lists are bound as
 * one JSON array each (json_each), so no call comes near D1's limit of bound parameters.
 */
export function buildGameQuery(q: ResolvedQuery, locale: string, defaultLocale: string): { page: Sql; total: Sql } {
  const fts = ftsMatch(q.search);
  const inCategory = q.categoryId !== undefined;
  // Search, providers, ids and sysnames each narrow more than a category: they drive, and the
  // category is checked per game on its primary key.
  const narrower = Boolean(fts || q.providerIds?.length || q.ids?.length || q.sysnames?.length || q.tournament !== undefined);
  const viaCategory = inCategory && !narrower;
  const binds: unknown[] = [];
  const bind = (v: unknown) => {
    binds.push(v);
    return `?${binds.length}`;
  };

  let from = "games g";
  const where: string[] = [];
  if (fts) {
    from = "game_search s CROSS JOIN games g ON g.id = s.game_id";
    where.push(`game_search MATCH ${bind(fts)}`);
  }
  if (viaCategory) {
    // The games row is read only when the order needs it.
    from = q.sort === "name" || q.sort === "rtp" ? "game_category_games cg CROSS JOIN games g ON g.id = cg.game_id" : "game_category_games cg";
    where.push(`cg.category_id = ${bind(q.categoryId)}`);
  } else if (inCategory) {
    where.push(`EXISTS (SELECT 1 FROM game_category_games x WHERE x.category_id = ${bind(q.categoryId)} AND x.game_id = g.id)`);
  }
  if (q.providerIds?.length) where.push(`g.provider_id IN (SELECT value FROM json_each(${bind(JSON.stringify(q.providerIds))}))`);
  if (q.ids?.length) where.push(`g.id IN (SELECT value FROM json_each(${bind(JSON.stringify(q.ids))}))`);
  if (q.sysnames?.length) where.push(`g.sysname IN (SELECT value FROM json_each(${bind(JSON.stringify(q.sysnames))}))`);
  if (q.tournament !== undefined) where.push(`g.id IN (SELECT game_id FROM tournament_games WHERE tournament_id = ${bind(q.tournament)})`);
  let filter = where.length ? `WHERE ${where.join(" AND ")}` : "";
  if (fts) {
    // A search answers its SEARCH_LIMIT most popular matches, as the ranks do: it was uncapped
    // here, so while the ranks were rebuilt "silverbirch" answered 127 games, then 96.
    from = `(SELECT g.id FROM ${from} ${filter} ORDER BY g.popularity DESC, g.id LIMIT ${SEARCH_LIMIT}) m CROSS JOIN games g ON g.id = m.id`;
    filter = "";
  }
  const filterBinds = [...binds];

  const keyOf = viaCategory ? "cg" : "g";
  const [key, direction] = {
    popular: [`${keyOf}.popularity`, "DESC"],
    new: [`${keyOf}.released_at`, "DESC"],
    name: ["g.title COLLATE NOCASE", "ASC"],
    rtp: ["g.rtp_bp", "DESC"],
  }[q.sort ?? "popular"];
  const collate = q.sort === "name" ? " COLLATE NOCASE" : "";

  const id = viaCategory ? "cg.game_id" : "g.id";
  const chosen = `SELECT ${id} AS id, ${key} AS k FROM ${from} ${filter}
    ORDER BY ${key} ${direction}, ${id} LIMIT ${bind(q.count)} OFFSET ${bind(q.offset)}`;
  const loc = bind(locale);
  const def = bind(defaultLocale);
  const page = `SELECT g.id, g.sysname, g.rtp_bp, g.volatility, g.min_bet, g.max_bet, g.has_demo,
      g.is_sportsbook, g.tags, p.sysname AS provider, p.name AS provider_name,
      COALESCE(t.title, d.title, g.title) AS title, COALESCE(t.description, d.description, '') AS description,
      (SELECT group_concat(c.sysname) FROM game_category_games x JOIN game_categories c ON c.id = x.category_id
        WHERE x.game_id = g.id) AS categories
    FROM (${chosen}) pg
    CROSS JOIN games g ON g.id = pg.id
    JOIN game_providers p ON p.id = g.provider_id
    LEFT JOIN game_texts t ON t.game_id = g.id AND t.locale = ${loc}
    LEFT JOIN game_texts d ON d.game_id = g.id AND d.locale = ${def}
    ORDER BY pg.k${collate} ${direction}, pg.id`;

  return {
    page: { sql: page, binds },
    total: totalQuery(q, viaCategory && where.length === 1, { sql: `SELECT COUNT(*) AS n FROM ${from} ${filter}`, binds: filterBinds }),
  };
}

/**
 * The total without reading the games where the catalogue keeps it (migration 0012): a whole
 * category's games_count, the providers' games_count summed for the whole catalogue or a
 * providers-only filter. Anything narrower (search, ids, a category with providers) is counted.
 */
function totalQuery(q: ResolvedQuery, wholeCategory: boolean, counted: Sql): Sql {
  if (wholeCategory) return { sql: "SELECT games_count AS n FROM game_categories WHERE id = ?1", binds: [q.categoryId] };
  const narrowed = Boolean(ftsMatch(q.search) || q.ids?.length || q.sysnames?.length || q.categoryId !== undefined || q.tournament !== undefined);
  if (narrowed) return counted;
  if (q.providerIds?.length) {
    return {
      sql: "SELECT COALESCE(SUM(games_count), 0) AS n FROM game_providers WHERE id IN (SELECT value FROM json_each(?1))",
      binds: [JSON.stringify(q.providerIds)],
    };
  }
  return { sql: "SELECT COALESCE(SUM(games_count), 0) AS n FROM game_providers", binds: [] };
}
