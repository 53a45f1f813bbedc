-- Auto cash-out (issue 42, decision 0110): a player's bet with a threshold (sport_bets.auto_cashout, in
-- their object) is cashed out by itself at the first feed step that prices it at or above the threshold.
-- The feed cannot see the players' objects, so the site lists here which players hold such a bet on an
-- event: each of the bet's events still undecided has a row, written before the threshold is, so a
-- threshold set is always found. A step on the event asks each listed player's object to check its bets;
-- rows whose bet is settled or whose threshold is gone are dropped there, and at the event's end.
-- D1's alone, as sport_event_bettors is.
CREATE TABLE sport_auto_cashouts (
  event_id INTEGER NOT NULL REFERENCES sport_events (id),
  bet_id TEXT NOT NULL,
  uid INTEGER NOT NULL,
  PRIMARY KEY (event_id, bet_id)
) WITHOUT ROWID;
