-- Catalogue ranks (issue 15, decision 0025): a page of the lobby at any offset, in any order, reads
-- about the rows it shows, on a catalogue of any size. Three derived structures, rebuilt together
-- from the catalogue (games, texts, providers, categories) by workers/platform/games/ranks.ts:
--
-- - game_ranks: every game's dense position in every "scope" (the whole catalogue '', a provider
--   'p:<sysname>', a category 'c:<sysname>', a category and a provider 'c:<sysname>|p:<sysname>')
--   and every sort. `WHERE scope = ? AND sort = ? AND pos >= offset ORDER BY pos LIMIT 24` reads
--   24 index entries at any offset; a scope's size is its last pos + 1 (one row).
-- - game_cards: each game's tile data per locale as one JSON row (texts, provider, categories), so
--   a tile costs one row read instead of five joins.
-- - game_search: FTS5 over title and provider name whose rowid is the game's popularity position,
--   so matches come out most popular first and `LIMIT` stops the scan; a `facets` column holds
--   c<category id> and p<provider id> tokens, so category and provider filters are part of MATCH.
--
-- Derived data goes stale when the catalogue changes: triggers count changes in
-- game_catalogue_state, games.get reads the ranks only while `ranked = changes` (else it answers
-- from the tables themselves, as before, and rebuilds in the background).

CREATE TABLE game_catalogue_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  changes INTEGER NOT NULL DEFAULT 0,
  ranked INTEGER NOT NULL DEFAULT -1,
  -- A rebuild under way since (Unix ms): others wait for it rather than start their own.
  rebuilding_at INTEGER
);
INSERT INTO game_catalogue_state (id, changes, ranked) VALUES (1, 0, -1);

CREATE TABLE game_ranks (
  scope TEXT NOT NULL,
  sort TEXT NOT NULL CHECK (sort IN ('popular', 'new', 'name', 'rtp')),
  pos INTEGER NOT NULL,
  game_id INTEGER NOT NULL,
  PRIMARY KEY (scope, sort, pos)
) WITHOUT ROWID;

CREATE TABLE game_cards (
  game_id INTEGER NOT NULL,
  -- '' is the game's own title with no description: the last fallback, as games.title is.
  locale TEXT NOT NULL,
  card TEXT NOT NULL,
  PRIMARY KEY (game_id, locale)
) WITHOUT ROWID;

-- Every (scope, game) pair the ranks are built over.
CREATE VIEW game_scopes AS
  SELECT '' AS scope, g.id AS game_id FROM games g
  UNION ALL
  SELECT 'p:' || p.sysname, g.id FROM games g JOIN game_providers p ON p.id = g.provider_id
  UNION ALL
  SELECT 'c:' || c.sysname, cg.game_id FROM game_category_games cg JOIN game_categories c ON c.id = cg.category_id
  UNION ALL
  SELECT 'c:' || c.sysname || '|p:' || p.sysname, cg.game_id
  FROM game_category_games cg
  JOIN game_categories c ON c.id = cg.category_id
  JOIN games g ON g.id = cg.game_id
  JOIN game_providers p ON p.id = g.provider_id;

-- The card of every game in every locale it has texts for, and its base card (locale '').
CREATE VIEW game_card_source AS
  SELECT g.id AS game_id, t.locale AS locale, json_object(
    'id', g.id, 'sysname', g.sysname, 'title', t.title, 'description', t.description,
    'rtp_bp', g.rtp_bp, 'volatility', g.volatility, 'min_bet', g.min_bet, 'max_bet', g.max_bet,
    'has_demo', g.has_demo, 'is_sportsbook', g.is_sportsbook, 'tags', g.tags,
    'provider', p.sysname, 'provider_name', p.name,
    'categories', (SELECT group_concat(sysname) FROM (SELECT c.sysname FROM game_category_games x
      JOIN game_categories c ON c.id = x.category_id WHERE x.game_id = g.id ORDER BY x.category_id))
  ) AS card
  FROM games g JOIN game_providers p ON p.id = g.provider_id
  JOIN (SELECT game_id, locale, title, description FROM game_texts
        UNION ALL SELECT id, '', title, '' FROM games) t ON t.game_id = g.id;

DROP TABLE games_search;
CREATE VIRTUAL TABLE game_search USING fts5(
  title, provider, facets,
  game_id UNINDEXED, pos_new UNINDEXED, pos_name UNINDEXED, pos_rtp UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);

-- Any change to what the derived tables are built from makes them stale.
CREATE TRIGGER catalogue_games_insert AFTER INSERT ON games BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_games_update AFTER UPDATE ON games BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_games_delete AFTER DELETE ON games BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_texts_insert AFTER INSERT ON game_texts BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_texts_update AFTER UPDATE ON game_texts BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_texts_delete AFTER DELETE ON game_texts BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_members_insert AFTER INSERT ON game_category_games BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_members_update AFTER UPDATE ON game_category_games BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_members_delete AFTER DELETE ON game_category_games BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
-- games_count is kept by triggers of its own (0012): only a rename or a new row matters here.
CREATE TRIGGER catalogue_providers_insert AFTER INSERT ON game_providers BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_providers_update AFTER UPDATE OF sysname, name ON game_providers BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_providers_delete AFTER DELETE ON game_providers BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_categories_insert AFTER INSERT ON game_categories BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_categories_update AFTER UPDATE OF sysname ON game_categories BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;
CREATE TRIGGER catalogue_categories_delete AFTER DELETE ON game_categories BEGIN UPDATE game_catalogue_state SET changes = changes + 1 WHERE id = 1; END;

-- Jackpots: a pool's game count kept with the pool, and its games in popularity order as an index
-- range (Jackpots.get read every game of every pool to count them and pick the top 24).
ALTER TABLE jackpots ADD COLUMN games_count INTEGER NOT NULL DEFAULT 0;
UPDATE jackpots SET games_count = (SELECT COUNT(*) FROM jackpot_games WHERE jackpot_id = jackpots.id);
CREATE TRIGGER jackpot_games_count_insert AFTER INSERT ON jackpot_games BEGIN
  UPDATE jackpots SET games_count = games_count + 1 WHERE id = NEW.jackpot_id;
END;
CREATE TRIGGER jackpot_games_count_delete AFTER DELETE ON jackpot_games BEGIN
  UPDATE jackpots SET games_count = games_count - 1 WHERE id = OLD.jackpot_id;
END;
ALTER TABLE jackpot_games ADD COLUMN popularity INTEGER NOT NULL DEFAULT 0;
ALTER TABLE jackpot_games ADD COLUMN sysname TEXT NOT NULL DEFAULT '';
UPDATE jackpot_games SET (popularity, sysname) = (SELECT popularity, sysname FROM games WHERE id = jackpot_games.game_id);
CREATE INDEX jackpot_games_by_popularity ON jackpot_games (jackpot_id, popularity DESC, game_id, sysname);
CREATE TRIGGER jackpot_games_copy_insert AFTER INSERT ON jackpot_games BEGIN
  UPDATE jackpot_games SET (popularity, sysname) = (SELECT popularity, sysname FROM games WHERE id = NEW.game_id)
  WHERE jackpot_id = NEW.jackpot_id AND game_id = NEW.game_id;
END;
CREATE TRIGGER jackpot_games_copy_update AFTER UPDATE OF popularity, sysname ON games BEGIN
  UPDATE jackpot_games SET popularity = NEW.popularity, sysname = NEW.sysname WHERE game_id = NEW.id;
END;

-- The first build (the same statements as workers/platform/games/ranks.ts REBUILD_STATEMENTS).
DELETE FROM game_ranks;
INSERT INTO game_ranks (scope, sort, pos, game_id)
SELECT s.scope, 'popular', row_number() OVER (PARTITION BY s.scope ORDER BY g.popularity DESC, g.id) - 1, g.id
FROM game_scopes s JOIN games g ON g.id = s.game_id;
INSERT INTO game_ranks (scope, sort, pos, game_id)
SELECT s.scope, 'new', row_number() OVER (PARTITION BY s.scope ORDER BY g.released_at DESC, g.id) - 1, g.id
FROM game_scopes s JOIN games g ON g.id = s.game_id;
INSERT INTO game_ranks (scope, sort, pos, game_id)
SELECT s.scope, 'name', row_number() OVER (PARTITION BY s.scope ORDER BY g.title COLLATE NOCASE, g.id) - 1, g.id
FROM game_scopes s JOIN games g ON g.id = s.game_id;
INSERT INTO game_ranks (scope, sort, pos, game_id)
SELECT s.scope, 'rtp', row_number() OVER (PARTITION BY s.scope ORDER BY g.rtp_bp DESC, g.id) - 1, g.id
FROM game_scopes s JOIN games g ON g.id = s.game_id;
DELETE FROM game_cards;
INSERT INTO game_cards (game_id, locale, card) SELECT game_id, locale, card FROM game_card_source;
DELETE FROM game_search;
INSERT INTO game_search (rowid, title, provider, facets, game_id, pos_new, pos_name, pos_rtp)
SELECT row_number() OVER (ORDER BY g.popularity DESC, g.id) - 1, g.title, p.name,
  'p' || p.id || COALESCE((SELECT ' ' || group_concat('c' || x.category_id, ' ') FROM game_category_games x WHERE x.game_id = g.id), ''),
  g.id,
  row_number() OVER (ORDER BY g.released_at DESC, g.id) - 1,
  row_number() OVER (ORDER BY g.title COLLATE NOCASE, g.id) - 1,
  row_number() OVER (ORDER BY g.rtp_bp DESC, g.id) - 1
FROM games g JOIN game_providers p ON p.id = g.provider_id;
UPDATE game_catalogue_state SET ranked = changes, rebuilding_at = NULL WHERE id = 1;
