/**
 * The catalogue's derived tables (migrations 0014 and 0016, decision 0025): game_ranks,
 * game_rank_blocks, game_cards and game_search are rebuilt together from the catalogue, in one D1
 * batch (one transaction), whenever the triggers have counted a change since the last build.
 * Migrations 0014 and 0016 run the same statements once (tests/workers/games-ranks.test.ts checks
 * they agree).
 */

/** The order of each sort, over `games g`: ties broken by id, as games.get always did. */
export const SORT_ORDER = {
  popular: "g.popularity DESC, g.id",
  new: "g.released_at DESC, g.id",
  name: "g.title COLLATE NOCASE, g.id",
  rtp: "g.rtp_bp DESC, g.id",
} as const;

export type Sort = keyof typeof SORT_ORDER;

/**
 * Every game's position in each scope and, as `gpos`, in the whole catalogue: a game is in many
 * scopes but has one (key, id), so dense_rank over all of them is its catalogue position. gpos
 * orders the entries of several provider scopes against each other (provider-merge.ts).
 */
const rankSort = (sort: Sort) =>
  `INSERT INTO game_ranks (scope, sort, pos, gpos, game_id)
   SELECT s.scope, '${sort}', row_number() OVER (PARTITION BY s.scope ORDER BY ${SORT_ORDER[sort]}) - 1,
     dense_rank() OVER (ORDER BY ${SORT_ORDER[sort]}) - 1, g.id
   FROM game_scopes s JOIN games g ON g.id = s.game_id`;

/**
 * Positions per block of game_rank_blocks: a multi-provider page reads at most about two blocks
 * of entries beyond its own (provider-merge.ts), and a binary search over the blocks takes
 * log2(size / RANK_BLOCK) steps. 16 keeps both within the bound of decision 0025.
 */
export const RANK_BLOCK = 16;

/**
 * game_rank_blocks: for the whole catalogue and every category (the scopes a provider filter
 * narrows), in every sort, block b holds how many games of each provider come before position
 * b * RANK_BLOCK, as a JSON object {provider sysname: count}; the last block (the scope's size
 * rounded up to a block) holds each provider's total. The whole catalogue's blocks name every
 * provider, those without games too (0): its last block tells which providers exist.
 *
 * Built as a chain per scope and sort, block after block, each patching the previous block's
 * counts with the providers of the block before it: cheaper than a window over every (block,
 * provider) pair.
 */
const RANK_BLOCKS = `INSERT INTO game_rank_blocks (scope, sort, block, counts)
  WITH RECURSIVE
    per AS (
      SELECT r.scope, r.sort, r.pos / ${RANK_BLOCK} AS block, p.sysname AS provider, count(*) AS n
      FROM game_ranks r JOIN games g ON g.id = r.game_id JOIN game_providers p ON p.id = g.provider_id
      WHERE r.scope NOT GLOB '*p:*'
      GROUP BY r.scope, r.sort, block, provider),
    sizes AS (SELECT scope, sort, max(block) + 1 AS last FROM per GROUP BY scope, sort),
    provs AS (SELECT DISTINCT scope, provider FROM per UNION SELECT '', sysname FROM game_providers),
    chain (scope, sort, block, last, counts) AS (
      SELECT z.scope, z.sort, 0, z.last, (SELECT json_group_object(v.provider, 0) FROM provs v WHERE v.scope = z.scope) FROM sizes z
      UNION ALL
      SELECT c.scope, c.sort, c.block + 1, c.last,
        json_patch(c.counts, COALESCE((SELECT json_group_object(p.provider, json_extract(c.counts, '$."' || p.provider || '"') + p.n)
          FROM per p WHERE p.scope = c.scope AND p.sort = c.sort AND p.block = c.block), '{}'))
      FROM chain c WHERE c.block < c.last)
  SELECT scope, sort, block, counts FROM chain`;

/** The games the X-ray's average covers: slots, which count 100 % towards wagering. */
export const SLOTS_WHERE = "kind NOT IN ('live', 'table') AND is_sportsbook = 0";

/** The statements of one rebuild, in order; the last marks the build current. */
export const REBUILD_STATEMENTS: string[] = [
  "DELETE FROM game_ranks",
  ...(Object.keys(SORT_ORDER) as Sort[]).map(rankSort),
  "DELETE FROM game_rank_blocks",
  RANK_BLOCKS,
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
  // With the build, the bonus X-ray's average slot RTP (workers/platform/bonuses/xray.ts).
  `UPDATE game_catalogue_state SET ranked = changes, rebuilding_at = NULL,
     slots_rtp_bp = (SELECT CAST(round(AVG(rtp_bp)) AS INTEGER) FROM games WHERE ${SLOTS_WHERE})
   WHERE id = 1`,
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
