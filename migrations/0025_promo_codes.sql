-- Promo codes (issue 19, decision 0044): what a code grants (a promo_code bonus template or a
-- promo_code free-spin template), when and to whom, and the ledger of its redemptions. A code is
-- redeemed at most once per player (the ledger's key) and at most max_uses times in all — the
-- count is read from the ledger inside the statement that adds a row, so it holds under
-- concurrency (D1 runs a batch as one transaction). Times are Unix milliseconds.

-- segment: all; new (players with no successful deposit yet, and visitors); depositor (one or
-- more successful deposits). country_code: only players of that country (NULL: any).
-- requires_deposit: redeemed only with a deposit (the deposit form), granted when it settles.
CREATE TABLE promo_codes (
  code TEXT PRIMARY KEY COLLATE NOCASE CHECK (length(code) BETWEEN 1 AND 50),
  bonus_template_id INTEGER REFERENCES bonus_templates (id),
  freespin_template_id INTEGER REFERENCES freespin_templates (id),
  starts_at INTEGER NOT NULL DEFAULT 0,
  ends_at INTEGER,
  max_uses INTEGER CHECK (max_uses IS NULL OR max_uses > 0),
  segment TEXT NOT NULL DEFAULT 'all' CHECK (segment IN ('all', 'new', 'depositor')),
  country_code TEXT,
  requires_deposit INTEGER NOT NULL DEFAULT 0 CHECK (requires_deposit IN (0, 1)),
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  CHECK ((bonus_template_id IS NULL) <> (freespin_template_id IS NULL))
) WITHOUT ROWID;

-- The redemption ledger: one row per (code, player), written in the batch that grants what the
-- code gives (registration's, the deposit settlement's, or campaigns.activateOffer's).
CREATE TABLE promo_redemptions (
  code TEXT NOT NULL COLLATE NOCASE REFERENCES promo_codes (code),
  uid INTEGER NOT NULL REFERENCES users (uid),
  deposit_id TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (code, uid)
) WITHOUT ROWID;
CREATE INDEX promo_redemptions_by_uid ON promo_redemptions (uid);

-- The code a deposit was started with, redeemed when (and if) the deposit settles as success.
CREATE TABLE promo_deposits (
  transaction_id TEXT PRIMARY KEY,
  code TEXT NOT NULL COLLATE NOCASE
) WITHOUT ROWID;
