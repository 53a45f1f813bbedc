-- Game history exports (issue 5): a player asks for a CSV of their settled rounds in a period;
-- the platform answers at once (pending) and builds the file in the background (waitUntil). The
-- file is stored in chunks (one per page of rounds) because a D1 row holds at most 2 MB.
-- Times are Unix milliseconds.

CREATE TABLE game_history_exports (
  -- Random and URL-safe: it is part of the download address.
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  status TEXT NOT NULL CHECK (status IN ('pending', 'ready', 'failed')),
  from_ms INTEGER NOT NULL,
  to_ms INTEGER NOT NULL CHECK (to_ms >= from_ms),
  -- Rounds written (0 until ready); truncated = 1 when the period held more than the cap.
  rows INTEGER NOT NULL DEFAULT 0,
  truncated INTEGER NOT NULL DEFAULT 0,
  -- The caller's optional idempotency key: a repeat answers the same export.
  idempotency_key TEXT,
  error TEXT,
  created_at INTEGER NOT NULL,
  -- When the last build started: a pending export whose build is old has lost it (lazy recovery).
  build_started_at INTEGER NOT NULL,
  ready_at INTEGER,
  UNIQUE (uid, idempotency_key)
);
CREATE INDEX game_history_exports_by_player ON game_history_exports (uid, created_at DESC);
-- At most one export per player is being built.
CREATE UNIQUE INDEX game_history_exports_one_pending ON game_history_exports (uid) WHERE status = 'pending';

CREATE TABLE game_history_export_chunks (
  export_id TEXT NOT NULL REFERENCES game_history_exports (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  -- CSV lines (CRLF-terminated) of one page of rounds, without the header.
  csv TEXT NOT NULL,
  PRIMARY KEY (export_id, seq)
);
