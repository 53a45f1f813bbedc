-- The opt-in tournaments a player joined, in the player's own tables (decision 0075,
-- workers/platform/player/tables.ts): a round scores in the tournaments its player joined without
-- asking D1, whose tournament_entries (the record every player shares) stay the board's. Joining
-- writes the entry in D1 and owes the player's object this row (the player inbox, kind
-- `tournaments.joined`). The joins already made are copied, for an object that takes its player's
-- rows from D1 on its first call (adoption.ts).
CREATE TABLE tournament_joins (
  uid INTEGER NOT NULL REFERENCES users (uid),
  tournament_id INTEGER NOT NULL,
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (uid, tournament_id)
) WITHOUT ROWID;
INSERT INTO tournament_joins (uid, tournament_id, joined_at)
  SELECT e.uid, e.tournament_id, e.joined_at FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id WHERE t.opt_in = 1;
