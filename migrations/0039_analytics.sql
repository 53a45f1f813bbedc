-- Decision 0057: the first-party analytics collector (analytics.collect) and the image beacon
-- (/platform/analytics/beacon, name 'beacon'). `uid` is the session's player, never the body's;
-- `subject` ('u:<uid>' or 'v:<visitor id>') and `ip` are counted by the rate limits; `params` is
-- a flat JSON object; `client_at` the browser's time of the event, `created_at` the Worker's.
CREATE TABLE analytics_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_at INTEGER NOT NULL,
  client_at INTEGER,
  anon_id TEXT CHECK (anon_id IS NULL OR length(anon_id) = 32),
  uid INTEGER REFERENCES users (uid),
  subject TEXT NOT NULL,
  ip TEXT NOT NULL,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 32),
  params TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(params) AND length(params) <= 4000),
  path TEXT CHECK (path IS NULL OR length(path) <= 500)
);
CREATE INDEX analytics_events_by_name ON analytics_events (name, id);
CREATE INDEX analytics_events_by_subject ON analytics_events (subject, created_at);
CREATE INDEX analytics_events_by_ip ON analytics_events (ip, created_at);
