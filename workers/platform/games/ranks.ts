/**
 * The catalogue's derived tables (migration 0014, decision 0025): game_ranks, game_cards and
 * game_search are rebuilt together from the catalogue, in one D1 batch (one transaction), whenever
 * the triggers have counted a change since the last build. Migration 0014 runs the same
 * statements once (tests/workers/games-ranks.test.ts checks they agree).
 */

/** The order of each sort, over `games g`: ties broken by id, as games.get always did. */
export const SORT_ORDER = {
  popular: "g.popularity DESC, g.id",
  new: "g.released_at DESC, g.id",
  name: "g.title COLLATE NOCASE, g.id",
  rtp: "g.rtp_bp DESC, g.id",
} as const;

export type Sort = keyof typeof SORT_ORDER;

const rankSort = (sort: Sort) =>
  `INSERT INTO game_ranks (scope, sort, pos, game_id)
   SELECT s.scope, '${sort}', row_number() OVER (PARTITION BY s.scope ORDER BY ${SORT_ORDER[sort]}) - 1, g.id
   FROM game_scopes s JOIN games g ON g.id = s.game_id`;

/** The statements of one rebuild, in order; the last marks the build current. */
export const REBUILD_STATEMENTS: string[] = [
  "DELETE FROM game_ranks",
  ...(Object.keys(SORT_ORDER) as Sort[]).map(rankSort),
  "DELETE FROM game_cards",
  "INSERT INTO game_cards (game_id, locale, card) SELECT game_id, locale, card FROM game_card_source",
  "DELETE FROM game_search",
  `INSERT INTO game_search (rowid, title, provider, facets, game_id, pos_new, pos_name, pos_rtp)
   SELECT row_number() OVER (ORDER BY ${SORT_ORDER.popular}) - 1, g.title, p.name,
     'p' || p.id || COALESCE((SELECT ' ' || group_concat('c' || x.category_id, ' ') FROM game_category_games x WHERE x.game_id = g.id), ''),
     g.id,
     row_number() OVER (ORDER BY ${SORT_ORDER.new}) - 1,
     row_number() OVER (ORDER BY ${SORT_ORDER.name}) - 1,
     row_number() OVER (ORDER BY ${SORT_ORDER.rtp}) - 1
   FROM games g JOIN game_providers p ON p.id = g.provider_id`,
  "UPDATE game_catalogue_state SET ranked = changes, rebuilding_at = NULL WHERE id = 1",
];

/** How long a rebuild may hold its claim before another request may start one. */
const CLAIM_MS = 120_000;

/**
 * Rebuilds the derived tables if they are stale and no other rebuild holds the claim. Returns
 * whether this call rebuilt. An operator's catalogue import calls it when done; games.get calls it
 * in the background when it finds the tables stale.
 */
export async function rebuildRanks(db: D1Database, now = Date.now()): Promise<boolean> {
  const claim = await db
    .prepare(
      `UPDATE game_catalogue_state SET rebuilding_at = ?1
       WHERE id = 1 AND ranked <> changes AND (rebuilding_at IS NULL OR rebuilding_at < ?1 - ?2)`,
    )
    .bind(now, CLAIM_MS)
    .run();
  if (claim.meta.changes === 0) return false;
  await db.batch(REBUILD_STATEMENTS.map((sql) => db.prepare(sql)));
  return true;
}
