-- A tournament's counts kept as numbers (issue 39): every read of a tournament (the list, its
-- page, its leaderboard's version and total) counted its games and summed its entries, so a page
-- grew with the participants (1,000 entrants: ~3,000 rows) and with the games a tournament counts.
-- `tournament_totals` keeps, per tournament: its games, its entries (participants), the sum of
-- their points, how many have points (the board's ranked total) and the sum of their delivered
-- versions (leaderboard.get's version). The triggers below move them with every change of
-- tournament_games and tournament_entries, in the same statement, so they always equal what the
-- rows add up to. A site table (D1 only): the players' objects copy tournament_games, not these.
CREATE TABLE tournament_totals (
  tournament_id INTEGER PRIMARY KEY,
  games INTEGER NOT NULL DEFAULT 0 CHECK (games >= 0),
  participants INTEGER NOT NULL DEFAULT 0 CHECK (participants >= 0),
  points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
  ranked INTEGER NOT NULL DEFAULT 0 CHECK (ranked >= 0),
  versions INTEGER NOT NULL DEFAULT 0
);

INSERT INTO tournament_totals (tournament_id, games, participants, points, ranked, versions)
  SELECT t.id,
    (SELECT COUNT(*) FROM tournament_games g WHERE g.tournament_id = t.id),
    (SELECT COUNT(*) FROM tournament_entries e WHERE e.tournament_id = t.id),
    (SELECT COALESCE(SUM(e.points), 0) FROM tournament_entries e WHERE e.tournament_id = t.id),
    (SELECT COUNT(*) FROM tournament_entries e WHERE e.tournament_id = t.id AND e.points > 0),
    (SELECT COALESCE(SUM(e.points_version), 0) FROM tournament_entries e WHERE e.tournament_id = t.id)
  FROM tournaments t;

CREATE TRIGGER tournament_totals_tournament_insert AFTER INSERT ON tournaments BEGIN
  INSERT INTO tournament_totals (tournament_id) VALUES (NEW.id) ON CONFLICT (tournament_id) DO NOTHING;
END;
CREATE TRIGGER tournament_totals_tournament_delete AFTER DELETE ON tournaments BEGIN
  DELETE FROM tournament_totals WHERE tournament_id = OLD.id;
END;

CREATE TRIGGER tournament_totals_game_insert AFTER INSERT ON tournament_games BEGIN
  INSERT INTO tournament_totals (tournament_id, games) VALUES (NEW.tournament_id, 1)
    ON CONFLICT (tournament_id) DO UPDATE SET games = games + 1;
END;
CREATE TRIGGER tournament_totals_game_delete AFTER DELETE ON tournament_games BEGIN
  UPDATE tournament_totals SET games = games - 1 WHERE tournament_id = OLD.tournament_id;
END;
CREATE TRIGGER tournament_totals_game_update AFTER UPDATE OF tournament_id ON tournament_games BEGIN
  UPDATE tournament_totals SET games = games - 1 WHERE tournament_id = OLD.tournament_id;
  INSERT INTO tournament_totals (tournament_id, games) VALUES (NEW.tournament_id, 1)
    ON CONFLICT (tournament_id) DO UPDATE SET games = games + 1;
END;

CREATE TRIGGER tournament_totals_entry_insert AFTER INSERT ON tournament_entries BEGIN
  INSERT INTO tournament_totals (tournament_id, participants, points, ranked, versions)
    VALUES (NEW.tournament_id, 1, NEW.points, NEW.points > 0, NEW.points_version)
    ON CONFLICT (tournament_id) DO UPDATE SET participants = participants + 1, points = points + excluded.points,
      ranked = ranked + excluded.ranked, versions = versions + excluded.versions;
END;
CREATE TRIGGER tournament_totals_entry_delete AFTER DELETE ON tournament_entries BEGIN
  UPDATE tournament_totals SET participants = participants - 1, points = points - OLD.points,
    ranked = ranked - (OLD.points > 0), versions = versions - OLD.points_version
  WHERE tournament_id = OLD.tournament_id;
END;
CREATE TRIGGER tournament_totals_entry_update AFTER UPDATE ON tournament_entries BEGIN
  UPDATE tournament_totals SET participants = participants - 1, points = points - OLD.points,
    ranked = ranked - (OLD.points > 0), versions = versions - OLD.points_version
  WHERE tournament_id = OLD.tournament_id;
  INSERT INTO tournament_totals (tournament_id, participants, points, ranked, versions)
    VALUES (NEW.tournament_id, 1, NEW.points, NEW.points > 0, NEW.points_version)
    ON CONFLICT (tournament_id) DO UPDATE SET participants = participants + 1, points = points + excluded.points,
      ranked = ranked + excluded.ranked, versions = versions + excluded.versions;
END;
