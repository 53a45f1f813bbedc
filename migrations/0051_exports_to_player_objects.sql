-- A player's game history exports and their CSV chunks now live in the player's own Durable Object
-- (decision 0075, tables.ts MOVED_TABLES). No site is deployed yet: nothing is copied across.
DROP TABLE game_history_export_chunks;
DROP TABLE game_history_exports;
