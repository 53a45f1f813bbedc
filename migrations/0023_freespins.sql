-- Free-spin packs (issue 18, decision 0041): the operator's free-spin templates, the packs granted
-- to players from them, and the spin ledger (one row per free round). A pack is played in the demo
-- studio at its bet on its game, debiting nothing; when it is used up or expires its winnings
-- become a casino bonus through the bonus engine (grant key freespins:<pack id>), wagered with the
-- template's multiplier. Times are Unix milliseconds; amounts integer minor units.

-- What an operator offers. trigger as for bonus templates: registration, deposit (the nth successful
-- deposits deposit_from..deposit_to), promo_code, manual. bonus_template_id: the bonus template
-- (trigger 'manual', seeded beside this one) the winnings become — its wager multiplier, windows,
-- contributions and texts are the winnings bonus's terms.
CREATE TABLE freespin_templates (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE CHECK (length(sysname) BETWEEN 1 AND 64 AND sysname NOT GLOB '*[^a-z0-9_-]*'),
  trigger TEXT NOT NULL CHECK (trigger IN ('registration', 'deposit', 'promo_code', 'manual')),
  deposit_from INTEGER CHECK (deposit_from IS NULL OR deposit_from >= 1),
  deposit_to INTEGER CHECK (deposit_to IS NULL OR deposit_to >= deposit_from),
  game_sysname TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count BETWEEN 1 AND 1000),
  expiry_days INTEGER NOT NULL CHECK (expiry_days BETWEEN 1 AND 365),
  bonus_template_id INTEGER NOT NULL REFERENCES bonus_templates (id),
  -- Per locale: { "en": { "title": …, "description": … } }.
  texts TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(texts)),
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  CHECK ((trigger = 'deposit') = (deposit_from IS NOT NULL))
);

-- The bet of a template's spins in one currency (and the smallest deposit that earns a deposit
-- pack). A template grants nothing in a currency it has no row for.
CREATE TABLE freespin_template_bets (
  template_id INTEGER NOT NULL REFERENCES freespin_templates (id) ON DELETE CASCADE,
  currency TEXT NOT NULL,
  bet INTEGER NOT NULL CHECK (bet > 0),
  min_deposit INTEGER NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
  PRIMARY KEY (template_id, currency)
) WITHOUT ROWID;

-- A player's pack. active → finished (remaining_count reached 0) | expired (expires_at passed).
-- remaining_count falls by one per free round; won is what those rounds won. Each grant happens
-- once per (uid, grant_key): registration:<template>, deposit:<transaction>:<template>.
CREATE TABLE freespin_packs (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  template_id INTEGER NOT NULL REFERENCES freespin_templates (id),
  game_id INTEGER NOT NULL REFERENCES games (id),
  sysname TEXT NOT NULL,
  currency TEXT NOT NULL,
  bet INTEGER NOT NULL CHECK (bet > 0),
  count INTEGER NOT NULL CHECK (count > 0),
  remaining_count INTEGER NOT NULL CHECK (remaining_count >= 0 AND remaining_count <= count),
  won INTEGER NOT NULL DEFAULT 0 CHECK (won >= 0),
  status TEXT NOT NULL CHECK (status IN ('active', 'finished', 'expired')),
  grant_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  finished_at INTEGER,
  UNIQUE (uid, grant_key)
);
CREATE INDEX freespin_packs_by_player ON freespin_packs (uid, status, created_at DESC);
CREATE INDEX freespin_packs_expiring ON freespin_packs (expires_at) WHERE status = 'active';

-- The spin ledger: one row per free round. Σ rows of a pack = count − remaining_count, Σ win = won.
CREATE TABLE freespin_rounds (
  id INTEGER PRIMARY KEY,
  pack_id TEXT NOT NULL REFERENCES freespin_packs (id),
  uid INTEGER NOT NULL,
  round_id TEXT NOT NULL UNIQUE,
  win INTEGER NOT NULL CHECK (win >= 0),
  created_at INTEGER NOT NULL
);
CREATE INDEX freespin_rounds_by_pack ON freespin_rounds (pack_id, id);

-- A free round is a game round of the pack (no wallet operation: it debits nothing).
ALTER TABLE game_rounds ADD COLUMN freespin_id TEXT;
