-- Which players hold bets on an event, for the site (decision 0075): once each player's bets are in
-- their object, an event's settlement cannot read every player's sport_bet_legs; it asks the
-- objects of the players listed here. Written at placement, before the bet itself (a row without a
-- bet settles nothing); a player's row goes once their legs on the event are all decided.
CREATE TABLE sport_event_bettors (
  event_id INTEGER NOT NULL,
  uid INTEGER NOT NULL REFERENCES users (uid),
  PRIMARY KEY (event_id, uid)
) WITHOUT ROWID;
INSERT OR IGNORE INTO sport_event_bettors (event_id, uid)
  SELECT DISTINCT g.event_id, b.uid FROM sport_bet_legs g JOIN sport_bets b ON b.id = g.bet_id WHERE b.status = 'open' AND g.result IS NULL;
