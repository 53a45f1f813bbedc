-- The tables now kept in every player's own Durable Object (decision 0075, tables.ts MOVED_TABLES):
-- the reality-check interval, the odds-change setting, game likes, self-exclusions and deposit
-- limits. No site is deployed yet, so nothing is copied across; the object's schema keeps their
-- last definitions (workers/platform/player/schema.generated.ts).
DROP TABLE reality_checks;
DROP TABLE sport_settings;
DROP TABLE game_likes;
DROP TABLE self_exclusions;
DROP TABLE deposit_limits;
