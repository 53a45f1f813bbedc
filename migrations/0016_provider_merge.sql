-- Several providers at any offset (issue 15, decision 0025): a page of the lobby filtered by two or
-- more providers, in any sort, reads about the rows it shows. workers/platform/games/provider-merge.ts
-- merges the providers' own ranks; for that it needs
--
-- - game_ranks.gpos: each entry's position in the whole catalogue in the same sort, so entries of
--   different provider scopes can be ordered against each other;
-- - game_rank_blocks: for the whole catalogue and each category, in each sort, every 16th position
--   ("block") with how many games of each provider come before it (JSON {sysname: count}). A binary
--   search over the blocks finds where a page of the union starts and ends in each provider's ranks;
--   the last block holds each provider's total.
--
-- Both are derived and rebuilt with the other catalogue tables (workers/platform/games/ranks.ts);
-- the statements below are that rebuild's, run once now.

ALTER TABLE game_ranks ADD COLUMN gpos INTEGER NOT NULL DEFAULT 0;

CREATE TABLE game_rank_blocks (
  scope TEXT NOT NULL,
  sort TEXT NOT NULL,
  block INTEGER NOT NULL,
  counts TEXT NOT NULL,
  PRIMARY KEY (scope, sort, block)
) WITHOUT ROWID;

-- The rebuild's statements for these two tables (workers/platform/games/ranks.ts REBUILD_STATEMENTS).
-- game_catalogue_state is left as it is: if the other derived tables were stale, they still are.
DELETE FROM game_ranks;
INSERT INTO game_ranks (scope, sort, pos, gpos, game_id)
 SELECT s.scope, 'popular', row_number() OVER (PARTITION BY s.scope ORDER BY g.popularity DESC, g.id) - 1,
   dense_rank() OVER (ORDER BY g.popularity DESC, g.id) - 1, g.id
 FROM game_scopes s JOIN games g ON g.id = s.game_id;
INSERT INTO game_ranks (scope, sort, pos, gpos, game_id)
 SELECT s.scope, 'new', row_number() OVER (PARTITION BY s.scope ORDER BY g.released_at DESC, g.id) - 1,
   dense_rank() OVER (ORDER BY g.released_at DESC, g.id) - 1, g.id
 FROM game_scopes s JOIN games g ON g.id = s.game_id;
INSERT INTO game_ranks (scope, sort, pos, gpos, game_id)
 SELECT s.scope, 'name', row_number() OVER (PARTITION BY s.scope ORDER BY g.title COLLATE NOCASE, g.id) - 1,
   dense_rank() OVER (ORDER BY g.title COLLATE NOCASE, g.id) - 1, g.id
 FROM game_scopes s JOIN games g ON g.id = s.game_id;
INSERT INTO game_ranks (scope, sort, pos, gpos, game_id)
 SELECT s.scope, 'rtp', row_number() OVER (PARTITION BY s.scope ORDER BY g.rtp_bp DESC, g.id) - 1,
   dense_rank() OVER (ORDER BY g.rtp_bp DESC, g.id) - 1, g.id
 FROM game_scopes s JOIN games g ON g.id = s.game_id;
DELETE FROM game_rank_blocks;
INSERT INTO game_rank_blocks (scope, sort, block, counts)
WITH RECURSIVE
  per AS (
    SELECT r.scope, r.sort, r.pos / 16 AS block, p.sysname AS provider, count(*) AS n
    FROM game_ranks r JOIN games g ON g.id = r.game_id JOIN game_providers p ON p.id = g.provider_id
    WHERE r.scope NOT GLOB '*p:*'
    GROUP BY r.scope, r.sort, block, provider),
  sizes AS (SELECT scope, sort, max(block) + 1 AS last FROM per GROUP BY scope, sort),
  provs AS (SELECT DISTINCT scope, provider FROM per UNION SELECT '', sysname FROM game_providers),
  nums (b) AS (SELECT 0 UNION ALL SELECT b + 1 FROM nums WHERE b < (SELECT max(last) FROM sizes)),
  grid AS (SELECT z.scope, z.sort, n.b AS block, v.provider FROM sizes z JOIN nums n ON n.b <= z.last JOIN provs v ON v.scope = z.scope),
  cum AS (
    SELECT grid.scope, grid.sort, grid.block, grid.provider,
      COALESCE(sum(per.n) OVER (PARTITION BY grid.scope, grid.sort, grid.provider ORDER BY grid.block
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
    FROM grid LEFT JOIN per ON per.scope = grid.scope AND per.sort = grid.sort AND per.block = grid.block AND per.provider = grid.provider)
SELECT scope, sort, block, json_group_object(provider, before) FROM cum GROUP BY scope, sort, block;

