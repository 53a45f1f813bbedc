-- A tournament's games in popularity order as an index (issue 39): its gamehall read every game of
-- the tournament and sorted them to show 12 (tournaments.get `games`), so a tournament over the
-- whole catalogue read the whole catalogue per page. `tournament_game_order` is tournament_games
-- with each game's popularity copied in, kept by triggers as jackpot_games' copy is (migration
-- 0014); games.get's `tournament` option reads a page of it as an index range. A site table (D1
-- only): the players' objects copy tournament_games, whose definition stays as it is.
CREATE TABLE tournament_game_order (
  tournament_id INTEGER NOT NULL,
  game_id INTEGER NOT NULL,
  popularity INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, game_id)
) WITHOUT ROWID;
CREATE INDEX tournament_game_order_by_popularity ON tournament_game_order (tournament_id, popularity DESC, game_id);

INSERT INTO tournament_game_order (tournament_id, game_id, popularity)
SELECT tg.tournament_id, tg.game_id, g.popularity FROM tournament_games tg JOIN games g ON g.id = tg.game_id;

CREATE TRIGGER tournament_game_order_insert AFTER INSERT ON tournament_games BEGIN
  INSERT INTO tournament_game_order (tournament_id, game_id, popularity)
  SELECT NEW.tournament_id, NEW.game_id, g.popularity FROM games g WHERE g.id = NEW.game_id
  ON CONFLICT (tournament_id, game_id) DO UPDATE SET popularity = excluded.popularity;
END;
CREATE TRIGGER tournament_game_order_update AFTER UPDATE OF tournament_id, game_id ON tournament_games BEGIN
  DELETE FROM tournament_game_order WHERE tournament_id = OLD.tournament_id AND game_id = OLD.game_id;
  INSERT INTO tournament_game_order (tournament_id, game_id, popularity)
  SELECT NEW.tournament_id, NEW.game_id, g.popularity FROM games g WHERE g.id = NEW.game_id
  ON CONFLICT (tournament_id, game_id) DO UPDATE SET popularity = excluded.popularity;
END;
CREATE TRIGGER tournament_game_order_delete AFTER DELETE ON tournament_games BEGIN
  DELETE FROM tournament_game_order WHERE tournament_id = OLD.tournament_id AND game_id = OLD.game_id;
END;
CREATE TRIGGER tournament_game_order_popularity AFTER UPDATE OF popularity ON games WHEN NEW.popularity IS NOT OLD.popularity BEGIN
  -- By the tournaments that hold the game (tournament_games_by_game), each a key of this table.
  UPDATE tournament_game_order SET popularity = NEW.popularity
  WHERE tournament_id IN (SELECT tournament_id FROM tournament_games WHERE game_id = NEW.id) AND game_id = NEW.id;
END;
