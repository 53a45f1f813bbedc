-- The match tracker (issue 42, decision 0109): what the feed said of an event, step by step — the
-- kick-off, each goal (or point) with its minute and the score after it, a score set another way,
-- the end — one row per step that changed it (the event's version that step made: its key), written
-- in the step's own batch. The event's page shows it as a timeline. D1's alone.
CREATE TABLE sport_event_timeline (
  event_id INTEGER NOT NULL REFERENCES sport_events (id),
  version INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('kickoff', 'goal', 'score', 'finished', 'cancelled')),
  side TEXT CHECK (side IN ('home', 'away')),
  minute INTEGER,
  home INTEGER,
  away INTEGER,
  at INTEGER NOT NULL,
  PRIMARY KEY (event_id, version),
  CHECK ((kind = 'goal') = (side IS NOT NULL))
) WITHOUT ROWID;
