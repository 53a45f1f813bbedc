-- Social sign-in: identities of OAuth providers and messenger mini-apps linked to players, and
-- the demo OAuth provider's own storage. Times are Unix milliseconds.

-- One provider identity (service 'demo', 'telegram', …; subject: the provider's stable user id)
-- belongs to at most one player; a player may hold several.
CREATE TABLE social_identities (
  service TEXT NOT NULL,
  subject TEXT NOT NULL,
  uid INTEGER NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  UNIQUE (service, subject)
);
CREATE INDEX social_identities_by_uid ON social_identities (uid);

-- The demo provider ("Playfront ID"): its users, one per email, with a stable subject.
CREATE TABLE demo_oauth_identities (
  subject TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Authorization codes, stored as hex SHA-256: single use, 60 seconds, bound to the client, the
-- redirect URI and the PKCE challenge.
CREATE TABLE demo_oauth_codes (
  code_hash TEXT PRIMARY KEY,
  subject TEXT NOT NULL REFERENCES demo_oauth_identities (subject) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  scope TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- Access tokens, stored as hex SHA-256; revoked with their code when that code is replayed.
CREATE TABLE demo_oauth_tokens (
  token_hash TEXT PRIMARY KEY,
  code_hash TEXT NOT NULL,
  subject TEXT NOT NULL REFERENCES demo_oauth_identities (subject) ON DELETE CASCADE,
  client_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX demo_oauth_tokens_by_code ON demo_oauth_tokens (code_hash);
