-- What /betting reads, bounded by its page (issue 39): a 20-event page read ~350 rows.
--
-- The open events of each league, by status, kept as numbers: getSports counted every open event
-- of every league, and getEvents' total counted every open event, on every render.
-- `sport_league_events` moves with every insert, status or league change and delete of an event
-- (the triggers below), so it always equals what the events add up to. A site table (D1 only).
CREATE TABLE sport_league_events (
  league_id INTEGER PRIMARY KEY,
  live INTEGER NOT NULL DEFAULT 0 CHECK (live >= 0),
  prematch INTEGER NOT NULL DEFAULT 0 CHECK (prematch >= 0)
);
INSERT INTO sport_league_events (league_id, live, prematch)
  SELECT l.id,
    (SELECT COUNT(*) FROM sport_events e WHERE e.league_id = l.id AND e.status = 'live'),
    (SELECT COUNT(*) FROM sport_events e WHERE e.league_id = l.id AND e.status = 'prematch')
  FROM sport_leagues l;

CREATE TRIGGER sport_league_events_insert AFTER INSERT ON sport_events WHEN NEW.status IN ('live', 'prematch') BEGIN
  INSERT INTO sport_league_events (league_id, live, prematch) VALUES (NEW.league_id, NEW.status = 'live', NEW.status = 'prematch')
    ON CONFLICT (league_id) DO UPDATE SET live = live + excluded.live, prematch = prematch + excluded.prematch;
END;
CREATE TRIGGER sport_league_events_delete AFTER DELETE ON sport_events WHEN OLD.status IN ('live', 'prematch') BEGIN
  UPDATE sport_league_events SET live = live - (OLD.status = 'live'), prematch = prematch - (OLD.status = 'prematch')
  WHERE league_id = OLD.league_id;
END;
CREATE TRIGGER sport_league_events_update AFTER UPDATE OF status, league_id ON sport_events
  WHEN OLD.status IN ('live', 'prematch') OR NEW.status IN ('live', 'prematch') BEGIN
  UPDATE sport_league_events SET live = live - (OLD.status = 'live'), prematch = prematch - (OLD.status = 'prematch')
  WHERE league_id = OLD.league_id;
  INSERT INTO sport_league_events (league_id, live, prematch) VALUES (NEW.league_id, NEW.status = 'live', NEW.status = 'prematch')
    ON CONFLICT (league_id) DO UPDATE SET live = live + excluded.live, prematch = prematch + excluded.prematch;
END;

-- A page's main markets and their selections from covering indexes: the markets statement read
-- every market of each event and each selection's row besides its index entry.
CREATE INDEX sport_markets_main_by_event ON sport_markets (event_id, position, id, kind, line, status, is_main)
  WHERE is_main = 1 AND status IN ('open', 'suspended');
CREATE INDEX sport_selections_by_market ON sport_selections (market_id, position, id, outcome, odds, result);
