-- The wins feed's list (decision 0034) as the site's own projection (decision 0075): once each
-- player's rounds are in their object, games.getRecentWins cannot read every player's game_rounds;
-- a real-money round that won is delivered here from the player's outbox, once (by its id).
CREATE TABLE recent_wins (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  game_id INTEGER NOT NULL,
  sysname TEXT NOT NULL,
  win INTEGER NOT NULL CHECK (win > 0),
  currency TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX recent_wins_by_time ON recent_wins (created_at DESC, id);
