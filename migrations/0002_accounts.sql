-- Playfront accounts: players, their contacts, sessions, sign-in throttling, two-factor codes,
-- password-reset tokens. Times are Unix milliseconds. Money lives elsewhere (the wallet).

CREATE TABLE users (
  uid INTEGER PRIMARY KEY,
  login TEXT NOT NULL UNIQUE COLLATE NOCASE,
  -- 'pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>'; NULL for accounts without a password.
  password_hash TEXT,
  password_changed_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  locale TEXT NOT NULL,
  currency TEXT NOT NULL,
  country_code TEXT NOT NULL DEFAULT '',
  first_name TEXT NOT NULL DEFAULT '',
  middle_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  fakename TEXT NOT NULL DEFAULT '',
  sex INTEGER NOT NULL DEFAULT 0 CHECK (sex IN (0, 1, 2)),
  birth_date TEXT CHECK (birth_date IS NULL OR birth_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  region TEXT NOT NULL DEFAULT '',
  home_town TEXT NOT NULL DEFAULT '',
  address TEXT NOT NULL DEFAULT '',
  postcode TEXT NOT NULL DEFAULT '',
  document_type TEXT NOT NULL DEFAULT '',
  document_number TEXT NOT NULL DEFAULT '',
  cpf TEXT NOT NULL DEFAULT '',
  character_id INTEGER,
  is_registration_completed INTEGER NOT NULL DEFAULT 1 CHECK (is_registration_completed IN (0, 1)),
  is_verified INTEGER NOT NULL DEFAULT 0 CHECK (is_verified IN (0, 1)),
  is_on_verification INTEGER NOT NULL DEFAULT 0 CHECK (is_on_verification IN (0, 1)),
  is_kyc_block_enabled INTEGER NOT NULL DEFAULT 0 CHECK (is_kyc_block_enabled IN (0, 1)),
  is_banned INTEGER NOT NULL DEFAULT 0 CHECK (is_banned IN (0, 1)),
  is_betting INTEGER NOT NULL DEFAULT 0 CHECK (is_betting IN (0, 1)),
  notify INTEGER NOT NULL DEFAULT 0 CHECK (notify IN (0, 1)),
  -- Base32 TOTP secrets: the confirmed one, and one waiting for confirmTwoFactorAuth.
  two_factor_secret TEXT,
  two_factor_pending_secret TEXT,
  two_factor_enabled INTEGER NOT NULL DEFAULT 0 CHECK (two_factor_enabled IN (0, 1)),
  CHECK (two_factor_enabled = 0 OR two_factor_secret IS NOT NULL)
);
CREATE UNIQUE INDEX users_fakename ON users (fakename COLLATE NOCASE) WHERE fakename <> '';

CREATE TABLE contacts (
  id INTEGER PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('email', 'phone')),
  -- Emails lower-cased, phones as digits only.
  contact TEXT NOT NULL UNIQUE COLLATE NOCASE,
  is_confirmed INTEGER NOT NULL DEFAULT 0 CHECK (is_confirmed IN (0, 1)),
  is_subscribed INTEGER NOT NULL DEFAULT 0 CHECK (is_subscribed IN (0, 1)),
  phone_country_code TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX contacts_by_uid ON contacts (uid, type);

-- id_hash is the hex SHA-256 of the 128-bit session id in the cookie: a leaked table opens no session.
-- two_factor_passed = 0 marks a sign-in waiting for its two-factor code (it signs nobody in).
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  two_factor_passed INTEGER NOT NULL DEFAULT 1 CHECK (two_factor_passed IN (0, 1))
);
CREATE INDEX sessions_by_uid ON sessions (uid);

-- Failed sign-ins counted per key ('login:<login>', 'ip:<address>') in a fixed window.
CREATE TABLE login_attempts (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  window_started_at INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0
);

-- TOTP time steps already used by a player: a code works once.
CREATE TABLE used_totp (
  uid INTEGER NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  step INTEGER NOT NULL,
  PRIMARY KEY (uid, step)
);

-- Password-reset tokens of auth.restore, stored as hex SHA-256; single use, one hour.
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX password_resets_by_uid ON password_resets (uid);

-- The promo code a player registered with, for the bonus engine to honour.
CREATE TABLE registration_promo (
  uid INTEGER PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  promo_code TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
