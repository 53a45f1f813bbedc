-- Web push (issue 43, decision 0114). push_subscriptions is the player objects' (decision 0075): a
-- player's browsers that take pushes, and the topics each was given (comma-separated among
-- tournaments, withdrawals, bonuses) and the locale the player chose them in, which
-- the pushes speak (a player has no stored locale otherwise). D1 is given its definition here for the objects' generated
-- schema only, and migration 0086 drops it again (as 0080 and 0081 did).
CREATE TABLE push_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users (uid),
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  topics TEXT NOT NULL DEFAULT '',
  locale TEXT NOT NULL DEFAULT 'en',
  created_at INTEGER NOT NULL,
  UNIQUE (uid, endpoint)
);

-- The demo push relay (DEMO_PROVIDERS `push`), a stand-in for a browser's push service: each
-- subscription it made, with the browser side's keys it holds so its inbox can decrypt, and the
-- application server key it was made for (a push must be signed by it); and each push it took,
-- encrypted as it came (base64url).
CREATE TABLE demo_push_subscriptions (
  id TEXT PRIMARY KEY,
  public_key TEXT NOT NULL,
  private_key TEXT NOT NULL,
  auth TEXT NOT NULL,
  application_server_key TEXT NOT NULL,
  uid INTEGER,
  created_at INTEGER NOT NULL,
  gone INTEGER NOT NULL DEFAULT 0 CHECK (gone IN (0, 1))
);

CREATE TABLE demo_push_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id TEXT NOT NULL REFERENCES demo_push_subscriptions (id),
  body TEXT NOT NULL,
  ttl INTEGER,
  urgency TEXT,
  received_at INTEGER NOT NULL
);
CREATE INDEX demo_push_messages_by_subscription ON demo_push_messages (subscription_id, id);
