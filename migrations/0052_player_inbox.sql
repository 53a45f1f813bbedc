-- What D1's side of a split owes a player's object (decision 0075, workers/platform/player/inbox.ts):
-- written in the D1 batch that made it owed (a registration's account row owes its welcome grants),
-- delivered to the object by the Worker right after that batch, and by the minute cron when the
-- Worker died first or the delivery failed. Delivered rows are deleted; receivers are idempotent
-- by the key, so a delivery repeated after a crash changes nothing.
CREATE TABLE player_inbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  body TEXT NOT NULL CHECK (json_valid(body)),
  created_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  error TEXT
);
CREATE INDEX player_inbox_due ON player_inbox (next_at);
