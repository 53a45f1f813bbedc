-- The game catalogue (issue 5, decision 0015): providers, categories with names per locale,
-- games with their texts per locale, category membership, full-text search and players' likes.
-- Bets are integer minor units of the site's default currency; RTP is in basis points (9620 =
-- 96.20 %); times are Unix milliseconds.
--
-- The demo operator's catalogue (3,300 games, 26 providers, 10 categories) is generated here in
-- SQL from small word lists, deterministically, so D1 builds it itself and the repository stays
-- small. Migrations otherwise hold schema only (decision 0002); decision 0015 says why this one
-- carries data.

CREATE TABLE game_providers (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE CHECK (sysname NOT GLOB '*[^a-z0-9_-]*'),
  name TEXT NOT NULL,
  -- Comma list of casino, slot, live, fast (games.getProviders `types`).
  types TEXT NOT NULL,
  -- What the game launcher needs to know about the provider's games (JSON object).
  game_params TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL
);

CREATE TABLE game_categories (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE CHECK (sysname NOT GLOB '*[^a-z0-9_-]*'),
  position INTEGER NOT NULL,
  -- Kept with the catalogue, so a category page counts its games without reading them.
  games_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE game_category_texts (
  category_id INTEGER NOT NULL REFERENCES game_categories (id),
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (category_id, locale)
) WITHOUT ROWID;

CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE CHECK (sysname NOT GLOB '*[^a-z0-9_-]*'),
  provider_id INTEGER NOT NULL REFERENCES game_providers (id),
  -- The title in the default locale; game_texts may carry another per locale.
  title TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('slot', 'live', 'table', 'fast', 'sport')),
  rtp_bp INTEGER NOT NULL CHECK (rtp_bp BETWEEN 8000 AND 9999),
  volatility TEXT NOT NULL CHECK (volatility IN ('low', 'medium', 'high')),
  min_bet INTEGER NOT NULL CHECK (min_bet > 0),
  max_bet INTEGER NOT NULL CHECK (max_bet >= min_bet),
  has_demo INTEGER NOT NULL DEFAULT 1,
  is_sportsbook INTEGER NOT NULL DEFAULT 0,
  -- Higher is more played; unique, so "popular" order is total.
  popularity INTEGER NOT NULL,
  released_at INTEGER NOT NULL,
  -- Comma list.
  tags TEXT NOT NULL DEFAULT ''
);
CREATE INDEX games_by_popularity ON games (popularity DESC);
CREATE INDEX games_by_release ON games (released_at DESC, id);
CREATE INDEX games_by_provider ON games (provider_id, popularity DESC);

CREATE TABLE game_texts (
  game_id INTEGER NOT NULL REFERENCES games (id),
  locale TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  PRIMARY KEY (game_id, locale)
) WITHOUT ROWID;

-- Category membership with the game's sort keys copied in: one page of a category in popular or
-- new order is a range of this index, so it reads only the rows it shows.
CREATE TABLE game_category_games (
  category_id INTEGER NOT NULL REFERENCES game_categories (id),
  game_id INTEGER NOT NULL REFERENCES games (id),
  popularity INTEGER NOT NULL,
  released_at INTEGER NOT NULL,
  PRIMARY KEY (category_id, game_id)
) WITHOUT ROWID;
CREATE INDEX category_games_by_popularity ON game_category_games (category_id, popularity DESC, game_id);
CREATE INDEX category_games_by_release ON game_category_games (category_id, released_at DESC, game_id);
CREATE INDEX category_games_by_game ON game_category_games (game_id);

-- Search by title and provider name; rowid is games.id. Prefix indexes make "drag*" cheap.
CREATE VIRTUAL TABLE games_search USING fts5(title, provider, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');

CREATE TABLE game_likes (
  uid INTEGER NOT NULL REFERENCES users (uid),
  game_id INTEGER NOT NULL REFERENCES games (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (uid, game_id)
) WITHOUT ROWID;

-- ---------------------------------------------------------------------------------------------
-- The demo catalogue. Invented providers (no real brands); `kind` decides which games they make.
INSERT INTO game_providers (id, sysname, name, types, game_params, position) VALUES
  (1, 'aurora_reels', 'Aurora Reels', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":true}', 1),
  (2, 'bluefin', 'Bluefin Gaming', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":false}', 2),
  (3, 'copperleaf', 'Copperleaf Studios', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":true}', 3),
  (4, 'driftwood', 'Driftwood Play', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":false}', 4),
  (5, 'emberlight', 'Emberlight Games', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":true}', 5),
  (6, 'foxglove', 'Foxglove Interactive', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":false}', 6),
  (7, 'granite_peak', 'Granite Peak Gaming', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":true}', 7),
  (8, 'hollowmoon', 'Hollowmoon', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":false}', 8),
  (9, 'ironbark', 'Ironbark Slots', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":true}', 9),
  (10, 'jadewing', 'Jadewing Entertainment', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":false}', 10),
  (11, 'kettlebrook', 'Kettlebrook Gaming', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":true}', 11),
  (12, 'lanternfish', 'Lanternfish Studio', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":false}', 12),
  (13, 'marigold', 'Marigold Reels', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":true}', 13),
  (14, 'northwind', 'Northwind Play', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":false}', 14),
  (15, 'oakhaven', 'Oakhaven Games', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":true}', 15),
  (16, 'pebblestone', 'Pebblestone Interactive', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":false}', 16),
  (17, 'quillfeather', 'Quillfeather Gaming', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":true}', 17),
  (18, 'redcanyon', 'Red Canyon Slots', 'casino,slot', '{"launch":"iframe","demo":true,"jackpots":false}', 18),
  (19, 'silverbirch', 'Silverbirch Live', 'casino,live', '{"launch":"iframe","demo":false,"tables":"24/7"}', 19),
  (20, 'tidewater', 'Tidewater Live Studios', 'casino,live', '{"launch":"iframe","demo":false,"tables":"24/7"}', 20),
  (21, 'umberfield', 'Umberfield Live', 'casino,live', '{"launch":"iframe","demo":false,"tables":"24/7"}', 21),
  (22, 'velvetine', 'Velvetine Tables', 'casino', '{"launch":"iframe","demo":true}', 22),
  (23, 'willowmere', 'Willowmere Cards', 'casino', '{"launch":"iframe","demo":true}', 23),
  (24, 'xenonbolt', 'Xenonbolt', 'casino,fast', '{"launch":"iframe","demo":true,"provably_fair":true}', 24),
  (25, 'yarrowsky', 'Yarrowsky Instant', 'casino,fast', '{"launch":"iframe","demo":true,"provably_fair":true}', 25),
  (26, 'pf_originals', 'Playfront Originals', 'casino,slot,fast', '{"launch":"iframe","demo":true}', 26);

INSERT INTO game_categories (id, sysname, position) VALUES
  (1, 'popular', 1), (2, 'new', 2), (3, 'slots', 3), (4, 'live', 4), (5, 'table', 5),
  (6, 'jackpot', 6), (7, 'fast', 7), (8, 'megaways', 8), (9, 'bonus_buy', 9), (10, 'sport', 10);

INSERT INTO game_category_texts (category_id, locale, name) VALUES
  (1, 'en', 'Popular'), (1, 'es', 'Populares'), (1, 'pt', 'Populares'), (1, 'ar', 'الأكثر شعبية'),
  (2, 'en', 'New'), (2, 'es', 'Nuevos'), (2, 'pt', 'Novos'), (2, 'ar', 'جديد'),
  (3, 'en', 'Slots'), (3, 'es', 'Tragamonedas'), (3, 'pt', 'Caça-níqueis'), (3, 'ar', 'ماكينات السلوت'),
  (4, 'en', 'Live casino'), (4, 'es', 'Casino en vivo'), (4, 'pt', 'Cassino ao vivo'), (4, 'ar', 'الكازينو المباشر'),
  (5, 'en', 'Table games'), (5, 'es', 'Juegos de mesa'), (5, 'pt', 'Jogos de mesa'), (5, 'ar', 'ألعاب الطاولة'),
  (6, 'en', 'Jackpots'), (6, 'es', 'Botes'), (6, 'pt', 'Jackpots'), (6, 'ar', 'الجوائز الكبرى'),
  (7, 'en', 'Fast games'), (7, 'es', 'Juegos rápidos'), (7, 'pt', 'Jogos rápidos'), (7, 'ar', 'ألعاب سريعة'),
  (8, 'en', 'Megaways'), (8, 'es', 'Megaways'), (8, 'pt', 'Megaways'), (8, 'ar', 'ميغاوايز'),
  (9, 'en', 'Bonus buy'), (9, 'es', 'Compra de bono'), (9, 'pt', 'Compra de bônus'), (9, 'ar', 'شراء المكافأة'),
  (10, 'en', 'Sports'), (10, 'es', 'Deportes'), (10, 'pt', 'Esportes'), (10, 'ar', 'الرياضة');

-- 3,300 games. n walks 0..3299; m = n * 1901 mod 3300 is a permutation of it (1901 is prime to
-- 3300) that spreads neighbouring ids over providers and word lists. Title = adjective (44) +
-- noun (40) + a suffix chosen by the provider's kind and by m / 1760 (0 or 1): games sharing an
-- adjective and a noun differ in that variant, and no suffix of variant 1 is one of variant 0, so
-- titles and their sysnames are unique. h is a
-- deterministic hash of m for RTP, volatility, bets, popularity and release date.
INSERT INTO games (id, sysname, provider_id, title, kind, rtp_bp, volatility, min_bet, max_bet, has_demo, popularity, released_at, tags)
WITH RECURSIVE
  seq (n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < 3299),
  adjectives (i, w) AS (
    SELECT key, value FROM json_each('["Golden","Wild","Lucky","Royal","Mystic","Crystal","Blazing","Frozen","Ancient","Sacred","Savage","Electric","Cosmic","Shadow","Silver","Emerald","Ruby","Sapphire","Neon","Thunder","Jungle","Desert","Ocean","Dragon","Viking","Pharaoh","Samurai","Pirate","Fortune","Magic","Midnight","Sunny","Fiery","Starry","Hidden","Mighty","Secret","Burning","Jolly","Glorious","Rising","Wandering","Twin","Hyper"]')
  ),
  nouns (i, w) AS (
    SELECT key, value FROM json_each('["Phoenix","Tiger","Treasure","Fruits","Gems","Riches","Temple","Legends","Kingdom","Quest","Spins","Bonanza","Empire","Wolves","Buffalo","Eagle","Lion","Panda","Koi","Scarabs","Pyramids","Sevens","Cherries","Diamonds","Nuggets","Crown","Horseshoe","Clovers","Lanterns","Orchids","Comets","Galaxy","Volcano","Reef","Harbor","Saloon","Carnival","Circus","Orchard","Oasis"]')
  ),
  picked AS (
    SELECT n, m,
      m % 44 AS ai,
      (m / 44) % 40 AS ni,
      m / 1760 AS variant,
      -- providers 1-18 make slots, 19-21 live games, 22-23 table games, 24-25 fast games, 26 a mix
      (m * 7 + m / 26) % 26 + 1 AS provider_id,
      ((m * 2654435761) % 1000003) AS h
    FROM (SELECT n, (n * 1901) % 3300 AS m FROM seq)
  ),
  kinded AS (
    SELECT p.*,
      CASE
        WHEN provider_id <= 18 THEN 'slot'
        WHEN provider_id <= 21 THEN 'live'
        WHEN provider_id <= 23 THEN 'table'
        WHEN provider_id <= 25 THEN 'fast'
        WHEN h % 2 = 0 THEN 'slot'
        ELSE 'fast'
      END AS kind
    FROM picked p
  ),
  titled AS (
    SELECT k.*,
      a.w || ' ' || o.w || CASE k.kind
        WHEN 'slot' THEN CASE WHEN variant = 0 THEN '' WHEN (h / 5) % 3 = 0 THEN ' Megaways' WHEN (h / 5) % 3 = 1 THEN ' Deluxe' ELSE ' Hold and Win' END
        WHEN 'live' THEN CASE variant WHEN 0 THEN ' Live' ELSE ' Live Roulette' END
        WHEN 'table' THEN CASE variant WHEN 0 THEN ' Blackjack' ELSE ' Baccarat' END
        ELSE CASE variant WHEN 0 THEN ' Crash' ELSE ' Dash' END
      END AS title
    FROM kinded k JOIN adjectives a ON a.i = k.ai JOIN nouns o ON o.i = k.ni
  )
SELECT
  n + 1,
  replace(lower(title), ' ', '_'),
  provider_id,
  title,
  kind,
  9400 + h % 400,
  CASE h % 3 WHEN 0 THEN 'low' WHEN 1 THEN 'medium' ELSE 'high' END,
  CASE (h / 3) % 4 WHEN 0 THEN 10 WHEN 1 THEN 20 WHEN 2 THEN 50 ELSE 100 END,
  CASE (h / 12) % 4 WHEN 0 THEN 10000 WHEN 1 THEN 50000 WHEN 2 THEN 100000 ELSE 500000 END,
  CASE kind WHEN 'live' THEN 0 ELSE 1 END,
  -- unique: the hash in the high digits, the id in the low ones
  (h % 100000) * 10000 + n + 1,
  -- release dates over two years before 2026-11-01; about 4 % are new (last 30 days)
  1793491200000 - ((h / 7) % 730) * 86400000 - (n % 1440) * 60000,
  trim(
    CASE WHEN title LIKE '% Megaways' THEN 'megaways,' ELSE '' END ||
    CASE WHEN kind = 'slot' AND h % 9 = 0 THEN 'jackpot,' ELSE '' END ||
    CASE WHEN kind = 'slot' AND h % 5 = 2 THEN 'bonus_buy,' ELSE '' END ||
    CASE h % 3 WHEN 2 THEN 'high_volatility,' ELSE '' END ||
    kind,
    ','
  )
FROM titled;

-- The sportsbook is a pseudo-game the lobby opens like any other (games.get tells it apart).
INSERT INTO games (id, sysname, provider_id, title, kind, rtp_bp, volatility, min_bet, max_bet, has_demo, is_sportsbook, popularity, released_at, tags)
VALUES (3301, 'sportsbook', 26, 'Sportsbook', 'sport', 9500, 'medium', 10, 1000000, 0, 1, 0, 1767225600000, 'sport');

INSERT INTO game_category_games (category_id, game_id, popularity, released_at)
SELECT c.id, g.id, g.popularity, g.released_at
FROM games g JOIN game_categories c ON
  (c.sysname = 'popular' AND g.popularity >= 85000 * 10000 AND g.kind <> 'sport')
  OR (c.sysname = 'new' AND g.released_at >= 1793491200000 - 30 * 86400000 AND g.kind <> 'sport')
  OR (c.sysname = 'slots' AND g.kind = 'slot')
  OR (c.sysname = 'live' AND g.kind = 'live')
  OR (c.sysname = 'table' AND g.kind = 'table')
  OR (c.sysname = 'fast' AND g.kind = 'fast')
  OR (c.sysname = 'jackpot' AND (',' || g.tags || ',') LIKE '%,jackpot,%')
  OR (c.sysname = 'megaways' AND (',' || g.tags || ',') LIKE '%,megaways,%')
  OR (c.sysname = 'bonus_buy' AND (',' || g.tags || ',') LIKE '%,bonus_buy,%')
  OR (c.sysname = 'sport' AND g.is_sportsbook = 1);

UPDATE game_categories SET games_count = (SELECT COUNT(*) FROM game_category_games WHERE category_id = game_categories.id);

-- Texts in every seeded locale (en, es, pt, ar). Titles stay as the studio named them, as real
-- catalogues do; descriptions are written per locale from a template and translated words.
INSERT INTO game_texts (game_id, locale, title, description)
WITH
  words (locale, slot, live, tbl, fast, sport, low, medium, high, template) AS (VALUES
    ('en', 'video slot', 'live dealer game', 'table game', 'instant game', 'sportsbook', 'low', 'medium', 'high',
      '%s is a %s-volatility %s by %s with an RTP of %s%%.'),
    ('es', 'tragamonedas', 'juego con crupier en vivo', 'juego de mesa', 'juego instantáneo', 'apuestas deportivas', 'baja', 'media', 'alta',
      '%s es un %s de volatilidad %s de %s con un RTP del %s %%.'),
    ('pt', 'caça-níquel', 'jogo com crupiê ao vivo', 'jogo de mesa', 'jogo instantâneo', 'apostas esportivas', 'baixa', 'média', 'alta',
      '%s é um %s de volatilidade %s da %s com RTP de %s%%.'),
    ('ar', 'لعبة سلوت', 'لعبة موزع مباشر', 'لعبة طاولة', 'لعبة فورية', 'مراهنات رياضية', 'منخفض', 'متوسط', 'مرتفع',
      '%s هي %s بتقلب %s من %s بنسبة عائد للاعب %s٪.')
  )
SELECT g.id, w.locale, g.title,
  CASE w.locale
    -- English puts the volatility before the kind; the other templates after it.
    WHEN 'en' THEN printf(w.template, g.title,
      CASE g.volatility WHEN 'low' THEN w.low WHEN 'medium' THEN w.medium ELSE w.high END,
      CASE g.kind WHEN 'slot' THEN w.slot WHEN 'live' THEN w.live WHEN 'table' THEN w.tbl WHEN 'fast' THEN w.fast ELSE w.sport END,
      p.name, printf('%.2f', g.rtp_bp / 100.0))
    ELSE printf(w.template, g.title,
      CASE g.kind WHEN 'slot' THEN w.slot WHEN 'live' THEN w.live WHEN 'table' THEN w.tbl WHEN 'fast' THEN w.fast ELSE w.sport END,
      CASE g.volatility WHEN 'low' THEN w.low WHEN 'medium' THEN w.medium ELSE w.high END,
      p.name, printf('%.2f', g.rtp_bp / 100.0))
  END
FROM games g JOIN game_providers p ON p.id = g.provider_id CROSS JOIN words w;

INSERT INTO games_search (rowid, title, provider)
SELECT g.id, g.title, p.name FROM games g JOIN game_providers p ON p.id = g.provider_id;
