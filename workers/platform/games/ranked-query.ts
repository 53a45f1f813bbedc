import type { GameQuery } from "../../../core/api/entities-games";
import type { Sql } from "./game-query";
import type { Sort } from "./ranks";
import { mergedPageSelect, mergedTotal, providersKnown } from "./provider-merge";
import { ftsMatch, SEARCH_LIMIT } from "./search";

/** A search's cap (search.ts), as the ranks apply it. */
export { SEARCH_LIMIT };

/** The row games.get reads first: freshness, total, site currencies, and whether names exist. */
export interface MetaRow {
  sec: number;
  kind: 0;
  fresh: number;
  total: number;
  site: string | null;
  categories_known: number;
  providers_known: number;
}
export interface CardRow {
  sec: number;
  kind: 1;
  pos: number;
  card: string;
}
/** A search's match: its popularity position and `[game_id, pos_new, pos_name, pos_rtp]`. */
export interface MatchRow {
  sec: number;
  kind: 2;
  pos: number;
  card: string;
}

/**
 * games.get as ONE statement over the derived tables of migrations 0014 and 0016: a meta row
 * (kind 0) then the page's cards (kind 1) in order. Null when the query is not one the ranks serve
 * (ids, sysnames: at most 100 games by their keys, answered from the tables; a tournament's games:
 * tournament-page.ts, else the tables).
 *
 * - No search, at most one provider: a range of game_ranks in its scope — count entries read at
 *   any offset, and the scope's size from its last entry.
 * - A search: game_search, whose rowid is the popularity position, with the category and providers
 *   as facet tokens in MATCH. A search answers its SEARCH_LIMIT most popular matches (kind 2 rows,
 *   no cards: see searchCards).
 * - Several providers without a search: each provider's ranks between two blocks found by binary
 *   search (kind 3 rows, no cards: provider-merge.ts), merged by the caller.
 */
export function rankedQuery(q: GameQuery, locale: string, defaultLocale: string): Sql | null {
  if (q.ids !== undefined || q.sysnames !== undefined || q.tournament !== undefined) return null;
  const binds: unknown[] = [];
  const bind = (v: unknown) => {
    binds.push(v);
    return `?${binds.length}`;
  };
  return { sql: rankedSelect(q, locale, defaultLocale, bind, 0), binds };
}

/**
 * Several ranked queries (no search, ids or sysnames) as ONE statement: the home page's rows of
 * games in one round trip. Rows carry their query's index in `sec`.
 */
export function rankedSections(qs: GameQuery[], locale: string, defaultLocale: string): Sql {
  const binds: unknown[] = [];
  const bind = (v: unknown) => {
    binds.push(v);
    return `?${binds.length}`;
  };
  // Nested two at a time: D1 caps the terms of one compound SELECT.
  const selects = qs.map((q, i) => rankedSelect(q, locale, defaultLocale, bind, i));
  const sql = selects.reduceRight((rest, one) => `SELECT * FROM (${one}) UNION ALL SELECT * FROM (${rest})`);
  return { sql, binds };
}

function rankedSelect(q: GameQuery, locale: string, defaultLocale: string, bind: (v: unknown) => string, section: number): string {
  const sort: Sort = q.sort ?? "popular";
  const providers = [...new Set(q.providers ?? [])];
  const words = ftsMatch(q.search);
  const loc = bind(locale);
  const def = bind(defaultLocale);
  const card = (id: string) =>
    `COALESCE((SELECT card FROM game_cards WHERE game_id = ${id} AND locale = ${loc}),
      (SELECT card FROM game_cards WHERE game_id = ${id} AND locale = ${def}),
      (SELECT card FROM game_cards WHERE game_id = ${id} AND locale = ''))`;
  const categoryKnown = q.category === undefined ? "1" : `(SELECT count(*) FROM game_categories WHERE sysname = ${bind(q.category)})`;
  const names = providers.map(bind);
  const scopeOf = (provider?: string) => [q.category && `c:${q.category}`, provider && `p:${provider}`].filter(Boolean).join("|");
  const scopeSize = (scope: string) => `(SELECT pos + 1 FROM game_ranks WHERE scope = ${scope} AND sort = 'popular' ORDER BY pos DESC LIMIT 1)`;

  let total: string;
  let page: string;
  let kind = 1;
  if (!words && providers.length <= 1) {
    const scope = bind(scopeOf(providers[0]));
    total = `COALESCE(${scopeSize(scope)}, 0)`;
    page = `SELECT r.pos AS pos, ${card("r.game_id")} AS card FROM game_ranks r
      WHERE r.scope = ${scope} AND r.sort = ${bind(sort)} AND r.pos >= ${bind(q.offset)} ORDER BY r.pos LIMIT ${bind(q.count)}`;
  } else if (words) {
    const parts: string[] = [bind(words)];
    if (q.category !== undefined) parts.push(`'facets : c' || (SELECT id FROM game_categories WHERE sysname = ${bind(q.category)})`);
    if (providers.length) {
      parts.push(`'facets : (' || (SELECT group_concat('p' || id, ' OR ') FROM game_providers WHERE sysname IN (${names.join(", ")})) || ')'`);
    }
    // An unknown name leaves the expression NULL: match a token no game has (the meta row tells).
    const match = `COALESCE(${parts.join(" || ' AND ' || ")}, '"-"')`;
    // Every match up to the cap, with its sort positions (kind 2): the caller counts them,
    // orders them and reads the cards of its page only (searchCards).
    total = "NULL";
    page = `SELECT s.rowid AS pos, json_array(s.game_id, s.pos_new, s.pos_name, s.pos_rtp) AS card FROM game_search s
      WHERE game_search MATCH ${match} ORDER BY s.rowid LIMIT ${bind(SEARCH_LIMIT)}`;
    kind = 2;
  } else {
    // Several providers: their ranks merged (kind 3 rows, no cards: see provider-merge.ts).
    total = mergedTotal(q, names, bind);
    page = mergedPageSelect(q, names, bind);
    kind = 3;
  }
  return `SELECT ${section} AS sec, 0 AS kind, NULL AS pos, NULL AS card,
      (SELECT changes = ranked FROM game_catalogue_state WHERE id = 1) AS fresh,
      ${total} AS total,
      (SELECT value FROM settings WHERE key = 'general_info') AS site,
      ${categoryKnown} AS categories_known, ${providersKnown(names)} AS providers_known
    UNION ALL
    SELECT ${section}, ${kind}, pos, card, NULL, NULL, NULL, NULL, NULL FROM (${page})`;
}

/** The games of the given ids (a search's page, a merged page) as cards, in the given order. */
export function searchCards(gameIds: number[], locale: string, defaultLocale: string): Sql {
  // VALUES rather than json_each: a table-valued function's rows count as rows read. The ids are
  // integers read from the database, written in as such: D1 takes at most 100 bound values.
  const values = gameIds.map((id, i) => `(${i}, ${Math.trunc(id)})`).join(", ");
  return {
    sql: `SELECT v.column1 AS pos, COALESCE((SELECT card FROM game_cards WHERE game_id = v.column2 AND locale = ?1),
        (SELECT card FROM game_cards WHERE game_id = v.column2 AND locale = ?2),
        (SELECT card FROM game_cards WHERE game_id = v.column2 AND locale = '')) AS card
      FROM (VALUES ${values}) v`,
    binds: [locale, defaultLocale],
  };
}

/** Whether the meta row lets the ranked answer stand: built from the current catalogue, every name known. */
export function rankedAnswerStands(meta: MetaRow, q: GameQuery): boolean {
  const providers = new Set(q.providers ?? []).size;
  return meta.fresh === 1 && meta.categories_known === 1 && meta.providers_known === providers;
}
