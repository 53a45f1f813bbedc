-- Account security beyond the spec (issue 17, decision 0038): two-factor backup codes, and the
-- device a session was opened on, so a player can see their sessions and sign the others out.
-- Times are Unix milliseconds.

-- One-use codes to pass the second factor without the authenticator (a lost phone). Only their
-- SHA-256 is kept (with the player's uid, so equal codes of two players differ); a used code keeps
-- its row with used_at, so the page can say how many are left. A new set replaces the old one.
CREATE TABLE two_factor_backup_codes (
  uid INTEGER NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (uid, code_hash)
);

-- When two-factor was last turned on: the first set of backup codes may be made without a second
-- code only shortly after (the code that turned it on has just been used, and every other session
-- was ended then).
ALTER TABLE users ADD COLUMN two_factor_enabled_at INTEGER;

-- What the player will recognise a session by: the browser's User-Agent (cut to 256 characters)
-- and the address it signed in from. Sessions opened before this migration have neither.
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
