-- Campaign offers (issue 19, decision 0043): what an operator runs to a segment of players for a
-- while. Taking one grants a bonus template (or a free-spin template) through the bonus engine
-- (grants.ts, grant key offer:<offer id>), once per player. Times are Unix milliseconds.

-- trigger_action 'take': the player takes it (campaigns.takepromotions); 'deposit': it comes with a
-- deposit that names it (cashier.makedeposit campaign_offer_id) by a method not in exclude_methods,
-- of an amount the bonus template's min/max deposit allow in the player's currency.
-- Segment: deposits 'any' | 'none' (new players, no successful deposit yet) | 'some' (depositors);
-- countries and locales: JSON arrays, empty for every one. phase: what the cron last announced —
-- 'scheduled' (not started), 'running', 'ended'; the cron moves it forward once and tells the players.
CREATE TABLE campaign_offers (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE CHECK (length(sysname) BETWEEN 1 AND 64 AND sysname NOT GLOB '*[^a-z0-9_-]*'),
  trigger_action TEXT NOT NULL CHECK (trigger_action IN ('take', 'deposit')),
  exclude_methods TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(exclude_methods)),
  bonus_template_id INTEGER REFERENCES bonus_templates (id),
  freespin_template_id INTEGER REFERENCES freespin_templates (id),
  segment_deposits TEXT NOT NULL DEFAULT 'any' CHECK (segment_deposits IN ('any', 'none', 'some')),
  segment_countries TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(segment_countries)),
  segment_locales TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(segment_locales)),
  starts_at INTEGER,
  ends_at INTEGER CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at > starts_at),
  phase TEXT NOT NULL DEFAULT 'scheduled' CHECK (phase IN ('scheduled', 'running', 'ended')),
  -- Per locale: { "en": { "title": …, "text": …, "image": … } }.
  texts TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(texts)),
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  CHECK (bonus_template_id IS NOT NULL OR freespin_template_id IS NOT NULL)
);

-- A player's end of an offer: taken (granted; transaction_id when a deposit took it) or
-- deactivated. Without a row an offer that is running and fits the player's segment is available.
CREATE TABLE player_offers (
  uid INTEGER NOT NULL REFERENCES users (uid),
  offer_id INTEGER NOT NULL REFERENCES campaign_offers (id),
  status TEXT NOT NULL CHECK (status IN ('taken', 'deactivated')),
  transaction_id TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (uid, offer_id)
) WITHOUT ROWID;

-- The offer a deposit names; its bonus is granted in the batch that settles the deposit.
ALTER TABLE cashier_transactions ADD COLUMN campaign_offer_id INTEGER;
