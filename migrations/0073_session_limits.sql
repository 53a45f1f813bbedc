-- Session limits (issue 40, decision 0089): the longest a player's signed-in session may last, in
-- minutes, with a raise or a removal waiting for the market's cooling-off like the deposit limit's.
-- Beside `sessions` in D1 (identities and sessions): a new session's end is worked out in the
-- statement that stores it.
CREATE TABLE session_limits (
  uid INTEGER PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  minutes INTEGER CHECK (minutes IS NULL OR minutes > 0),
  pending_minutes INTEGER CHECK (pending_minutes IS NULL OR pending_minutes > 0),
  pending_effective_at INTEGER,
  updated_at INTEGER NOT NULL
);
