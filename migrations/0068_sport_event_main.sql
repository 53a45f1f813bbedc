-- Each event's main markets and selections kept as one row (issue 39): a /betting page of 20
-- events read ~144 rows of markets and selections (each event's index range of main markets, each
-- market's of selections); it now reads one row an event.
--
-- `sport_event_main.markets`: a JSON array, one item a selection of the event's main markets that
-- take or pause bets (is_main = 1, status open or suspended), as
-- [market_id, kind, line, market_status, market_position, selection_id, outcome, odds, result,
-- selection_position] (every number an integer, exact in JSON), as `sport_event_main_source`
-- computes it from the rows. The triggers below write an event's row again from that view with
-- every insert, update or delete of one of its markets or selections (where the feed writes prices,
-- results and statuses), so it always equals what the rows add up to. A site table (D1 only).
CREATE TABLE sport_event_main (
  event_id INTEGER PRIMARY KEY,
  markets TEXT NOT NULL DEFAULT '[]'
);
-- What an event's row is: read for one event (WHERE event_id = …), an index lookup of its main markets.
CREATE VIEW sport_event_main_source AS
  SELECT e.id AS event_id,
    (SELECT COALESCE(json_group_array(json_array(m.id, m.kind, m.line, m.status, m.position, s.id, s.outcome, s.odds, s.result, s.position)), '[]')
     FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
     WHERE m.event_id = e.id AND m.is_main = 1 AND m.status IN ('open', 'suspended')) AS markets
  FROM sport_events e;
INSERT INTO sport_event_main (event_id, markets) SELECT event_id, markets FROM sport_event_main_source;

CREATE TRIGGER sport_event_main_market_insert AFTER INSERT ON sport_markets BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets)
    SELECT event_id, markets FROM sport_event_main_source WHERE event_id = NEW.event_id;
END;
CREATE TRIGGER sport_event_main_market_update AFTER UPDATE ON sport_markets BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets)
    SELECT event_id, markets FROM sport_event_main_source WHERE event_id IN (NEW.event_id, OLD.event_id);
END;
CREATE TRIGGER sport_event_main_market_delete AFTER DELETE ON sport_markets BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets)
    SELECT event_id, markets FROM sport_event_main_source WHERE event_id = OLD.event_id;
END;
CREATE TRIGGER sport_event_main_selection_insert AFTER INSERT ON sport_selections BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets)
    SELECT event_id, markets FROM sport_event_main_source WHERE event_id = (SELECT event_id FROM sport_markets WHERE id = NEW.market_id);
END;
CREATE TRIGGER sport_event_main_selection_update AFTER UPDATE ON sport_selections BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets)
    SELECT event_id, markets FROM sport_event_main_source WHERE event_id IN (SELECT event_id FROM sport_markets WHERE id IN (NEW.market_id, OLD.market_id));
END;
CREATE TRIGGER sport_event_main_selection_delete AFTER DELETE ON sport_selections BEGIN
  INSERT OR REPLACE INTO sport_event_main (event_id, markets)
    SELECT event_id, markets FROM sport_event_main_source WHERE event_id = (SELECT event_id FROM sport_markets WHERE id = OLD.market_id);
END;
