// A catalogue ten times the demo one (issue 15): every game of migration 0008 copied nine more
// times with its texts, categories and jackpot pools, as an operator with 33,000 games would have.
// Plain SQL, so the Worker tests (tests/workers/games-capacity.test.ts) and the bench
// (bench/capacity.mjs) build the same catalogue. The derived tables (ranks, cards, search) are
// stale afterwards: rebuild them (workers/platform/games/ranks.ts).

/** Copies 1..9 of games 1..3300 get ids copy * 10000 + id: clear of the demo ids and of each other. */
export const COPIES = 9;

export function catalogue10xStatements(copies = COPIES) {
  const k = `WITH RECURSIVE k (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < ${copies})`;
  const demo = "g.id <= 3300";
  return [
    // " II"…" X": titles stay readable and searchable; the copy is a little less popular.
    `INSERT INTO games (id, sysname, provider_id, title, kind, rtp_bp, volatility, min_bet, max_bet, has_demo, is_sportsbook, popularity, released_at, tags)
     ${k} SELECT k.n * 10000 + g.id, g.sysname || '_' || (k.n + 1), g.provider_id,
       g.title || ' ' || json_extract('["II","III","IV","V","VI","VII","VIII","IX","X"]', '$[' || (k.n - 1) || ']'),
       g.kind, g.rtp_bp, g.volatility, g.min_bet, g.max_bet, g.has_demo, g.is_sportsbook, g.popularity - k.n, g.released_at - k.n * 3600000, g.tags
     FROM games g CROSS JOIN k WHERE ${demo}`,
    `INSERT INTO game_texts (game_id, locale, title, description)
     ${k} SELECT k.n * 10000 + t.game_id, t.locale, t.title || ' ' || json_extract('["II","III","IV","V","VI","VII","VIII","IX","X"]', '$[' || (k.n - 1) || ']'), t.description
     FROM game_texts t CROSS JOIN k WHERE t.game_id <= 3300`,
    `INSERT INTO game_category_games (category_id, game_id, popularity, released_at)
     ${k} SELECT cg.category_id, k.n * 10000 + cg.game_id, cg.popularity - k.n, cg.released_at - k.n * 3600000
     FROM game_category_games cg CROSS JOIN k WHERE cg.game_id <= 3300`,
    `INSERT INTO jackpot_games (jackpot_id, game_id)
     ${k} SELECT jg.jackpot_id, k.n * 10000 + jg.game_id FROM jackpot_games jg CROSS JOIN k WHERE jg.game_id <= 3300`,
  ];
}
