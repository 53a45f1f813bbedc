-- Each event's main markets and selections kept as one row (issue 39): a /betting page of 20
-- events read ~144 rows of markets and selections (each event's index range of main markets, each
-- market's of selections); it now reads one row an event.
--
-- `sport_event_main.markets`: a JSON array, one item a selection of the event's main markets that
-- take or pause bets (is_main = 1, status open or suspended), as
-- [market_id, kind, line, market_status, market_position, selection_id, outcome, odds, result,
-- selection_position] (every number an integer, exact in JSON). The triggers below write it again
-- with every insert, update or delete of one of the event's markets or selections (where the feed
-- writes prices, results and statuses), so it always equals what the rows add up to. A site table
-- (D1 only).
CREATE TABLE sport_event_main (
  event_id INTEGER PRIMARY KEY,
  markets TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO sport_event_main (event_id, markets)
  SELECT e.id, (SELECT COALESCE(json_group_array(json_array(m.id, m.kind, m.line, m.status, m.position, s.id, s.outcome, s.odds, s.result, s.position)), '[]')
    FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
    WHERE m.event_id = e.id AND m.is_main = 1 AND m.status IN ('open', 'suspended'))
  FROM sport_events e;

CREATE TRIGGER sport_event_main_market_insert AFTER INSERT ON sport_markets BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets) VALUES (NEW.event_id,
    (SELECT COALESCE(json_group_array(json_array(m.id, m.kind, m.line, m.status, m.position, s.id, s.outcome, s.odds, s.result, s.position)), '[]')
     FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
     WHERE m.event_id = NEW.event_id AND m.is_main = 1 AND m.status IN ('open', 'suspended')));
END;
CREATE TRIGGER sport_event_main_market_update AFTER UPDATE ON sport_markets BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets) SELECT v.id,
    (SELECT COALESCE(json_group_array(json_array(m.id, m.kind, m.line, m.status, m.position, s.id, s.outcome, s.odds, s.result, s.position)), '[]')
     FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
     WHERE m.event_id = v.id AND m.is_main = 1 AND m.status IN ('open', 'suspended'))
  FROM (SELECT NEW.event_id AS id UNION SELECT OLD.event_id) v;
END;
CREATE TRIGGER sport_event_main_market_delete AFTER DELETE ON sport_markets BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets) VALUES (OLD.event_id,
    (SELECT COALESCE(json_group_array(json_array(m.id, m.kind, m.line, m.status, m.position, s.id, s.outcome, s.odds, s.result, s.position)), '[]')
     FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
     WHERE m.event_id = OLD.event_id AND m.is_main = 1 AND m.status IN ('open', 'suspended')));
END;
CREATE TRIGGER sport_event_main_selection_insert AFTER INSERT ON sport_selections BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets) SELECT x.event_id,
    (SELECT COALESCE(json_group_array(json_array(m.id, m.kind, m.line, m.status, m.position, s.id, s.outcome, s.odds, s.result, s.position)), '[]')
     FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
     WHERE m.event_id = x.event_id AND m.is_main = 1 AND m.status IN ('open', 'suspended'))
  FROM sport_markets x WHERE x.id = NEW.market_id;
END;
CREATE TRIGGER sport_event_main_selection_update AFTER UPDATE ON sport_selections BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets) SELECT DISTINCT x.event_id,
    (SELECT COALESCE(json_group_array(json_array(m.id, m.kind, m.line, m.status, m.position, s.id, s.outcome, s.odds, s.result, s.position)), '[]')
     FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
     WHERE m.event_id = x.event_id AND m.is_main = 1 AND m.status IN ('open', 'suspended'))
  FROM sport_markets x WHERE x.id IN (NEW.market_id, OLD.market_id);
END;
CREATE TRIGGER sport_event_main_selection_delete AFTER DELETE ON sport_selections BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets) SELECT x.event_id,
    (SELECT COALESCE(json_group_array(json_array(m.id, m.kind, m.line, m.status, m.position, s.id, s.outcome, s.odds, s.result, s.position)), '[]')
     FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
     WHERE m.event_id = x.event_id AND m.is_main = 1 AND m.status IN ('open', 'suspended'))
  FROM sport_markets x WHERE x.id = OLD.market_id;
END;
