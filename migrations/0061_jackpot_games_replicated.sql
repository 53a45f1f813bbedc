-- Which games feed which jackpot pools becomes configuration every player's object copies (decision
-- 0075, workers/platform/player/tables.ts): a round on a game without pools then asks D1 nothing
-- about jackpots. Only a change of membership moves the replica version: the popularity and
-- sysname copied from games (migration 0014) change with the catalogue's ranks, and a round does
-- not read them.
CREATE TRIGGER replica_jackpot_games_insert AFTER INSERT ON jackpot_games BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_jackpot_games_update AFTER UPDATE OF jackpot_id, game_id ON jackpot_games BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER replica_jackpot_games_delete AFTER DELETE ON jackpot_games BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; END;
UPDATE replica_state SET version = version + 1 WHERE id = 1;
