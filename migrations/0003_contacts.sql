-- Contacts: confirmation codes, changes of a confirmed contact waiting for their code, and the
-- demo messaging provider's outbox. Times are Unix milliseconds. The personal-data form
-- (countries, regions, documents) is the 'personal_data' row of `settings`.

-- A new email or phone for a player whose current one of that type is confirmed: it replaces the
-- confirmed one only once its own code is confirmed, so a hijacked session cannot quietly move the
-- account's recovery address. One per player and type; a newer request replaces it.
CREATE TABLE pending_contacts (
  uid INTEGER NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('email', 'phone')),
  -- As in contacts: emails lower-cased, phones as digits only (the national number).
  contact TEXT NOT NULL UNIQUE COLLATE NOCASE,
  phone_country_code TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (uid, type)
);

-- The confirmation code of a player's contact (or pending contact) of one type: a newer code
-- replaces the older one. code_hash is the hex SHA-256 of the code keyed with the site secret and
-- the contact; the code itself is never stored. failures counts wrong tries (5 void the code).
CREATE TABLE contact_codes (
  uid INTEGER NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('email', 'phone')),
  contact TEXT NOT NULL COLLATE NOCASE,
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (uid, type)
);

-- What the demo messaging provider "sent": read back by the mailbox page (never in production,
-- where a real provider delivers). recipient: an email lower-cased, or a phone as international digits.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient TEXT NOT NULL COLLATE NOCASE,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  link TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX outbox_by_recipient ON outbox (recipient, id);
