-- The bonus engine, first slice (issue 18, decision 0039): the operator's bonus templates, the
-- bonuses granted to players from them, and the record of every bonus state change. Money moves
-- only through the wallet (balances.kind = 'bonus'), in the same batch as the state change.
-- Times are Unix milliseconds; amounts integer minor units.

-- What an operator offers. trigger: registration (granted on sign-up), deposit (the nth successful
-- deposits deposit_from..deposit_to; NULL deposit_to: every later one), promo_code, manual.
-- percent NULL: a fixed amount per currency (bonus_template_amounts.amount); else that percentage
-- of the deposit, capped per currency. Wagering: multiplier × (bonus, or deposit + bonus).
CREATE TABLE bonus_templates (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE CHECK (length(sysname) BETWEEN 1 AND 64 AND sysname NOT GLOB '*[^a-z0-9_-]*'),
  type TEXT NOT NULL CHECK (type IN ('casino', 'betting')),
  trigger TEXT NOT NULL CHECK (trigger IN ('registration', 'deposit', 'promo_code', 'manual')),
  deposit_from INTEGER CHECK (deposit_from IS NULL OR deposit_from >= 1),
  deposit_to INTEGER CHECK (deposit_to IS NULL OR deposit_to >= deposit_from),
  promo_code TEXT,
  percent INTEGER CHECK (percent IS NULL OR percent BETWEEN 1 AND 1000),
  wager_multiplier INTEGER NOT NULL DEFAULT 0 CHECK (wager_multiplier BETWEEN 0 AND 200),
  wager_base TEXT NOT NULL DEFAULT 'bonus' CHECK (wager_base IN ('bonus', 'deposit_bonus')),
  -- Percent of a bet that counts towards wagering, by game category; "games" overrides by sysname.
  contributions TEXT NOT NULL DEFAULT '{"slots":100,"table":10,"live":0}' CHECK (json_valid(contributions)),
  activation_days INTEGER NOT NULL DEFAULT 7 CHECK (activation_days BETWEEN 1 AND 365),
  wagering_days INTEGER NOT NULL DEFAULT 30 CHECK (wagering_days BETWEEN 1 AND 365),
  -- Per locale: { "en": { "title": …, "description": … } }.
  texts TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(texts)),
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  CHECK ((trigger = 'deposit') = (deposit_from IS NOT NULL)),
  CHECK ((trigger = 'promo_code') = (promo_code IS NOT NULL))
);

-- The money terms of a template in one currency. A template grants nothing in a currency it has no row for.
CREATE TABLE bonus_template_amounts (
  template_id INTEGER NOT NULL REFERENCES bonus_templates (id) ON DELETE CASCADE,
  currency TEXT NOT NULL,
  amount INTEGER CHECK (amount IS NULL OR amount > 0),
  cap INTEGER CHECK (cap IS NULL OR cap > 0),
  min_deposit INTEGER NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
  max_deposit INTEGER CHECK (max_deposit IS NULL OR max_deposit >= min_deposit),
  -- The largest bet while wagering, and the most the bonus converts into real money (NULL: none).
  max_bet INTEGER CHECK (max_bet IS NULL OR max_bet > 0),
  max_cashout INTEGER CHECK (max_cashout IS NULL OR max_cashout > 0),
  PRIMARY KEY (template_id, currency)
) WITHOUT ROWID;

-- A player's bonus. available → active → wagered (converted) | expired | cancelled | closed (the
-- bonus balance reached zero). grant_key makes each grant happen once (registration,
-- deposit:<transaction>:<template>). wagered never passes wager_required.
CREATE TABLE player_bonuses (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  template_id INTEGER NOT NULL REFERENCES bonus_templates (id),
  type TEXT NOT NULL CHECK (type IN ('casino', 'betting')),
  status TEXT NOT NULL CHECK (status IN ('available', 'active', 'wagered', 'expired', 'cancelled', 'closed')),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  deposit_amount INTEGER NOT NULL DEFAULT 0 CHECK (deposit_amount >= 0),
  deposit_id TEXT,
  wager_required INTEGER NOT NULL CHECK (wager_required >= 0),
  wagered INTEGER NOT NULL DEFAULT 0 CHECK (wagered >= 0 AND wagered <= wager_required),
  max_bet INTEGER,
  max_cashout INTEGER,
  grant_key TEXT NOT NULL,
  -- A fresh value written by the state change that activated or ended it: the wallet's guard in
  -- the same batch checks it, so the money moves exactly when the state did.
  change_token TEXT,
  created_at INTEGER NOT NULL,
  available_until INTEGER NOT NULL,
  activated_at INTEGER,
  expires_at INTEGER,
  finished_at INTEGER,
  UNIQUE (uid, grant_key)
);
CREATE INDEX player_bonuses_by_player ON player_bonuses (uid, status, created_at DESC);
-- One active bonus of a type per player.
CREATE UNIQUE INDEX player_bonuses_one_active ON player_bonuses (uid, type) WHERE status = 'active';
CREATE INDEX player_bonuses_available_until ON player_bonuses (available_until) WHERE status = 'available';

-- Every state change of a bonus, with the money it moved (the wallet operation, when any).
CREATE TABLE bonus_events (
  id INTEGER PRIMARY KEY,
  bonus_id TEXT NOT NULL REFERENCES player_bonuses (id),
  uid INTEGER NOT NULL,
  event TEXT NOT NULL CHECK (event IN ('granted', 'activated', 'wagered', 'expired', 'cancelled', 'removed', 'closed')),
  amount INTEGER NOT NULL DEFAULT 0,
  operation_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX bonus_events_by_bonus ON bonus_events (bonus_id, id);

-- Which balance funded a round (real money first): bet_bonus of the bet came from the bonus
-- balance, win_bonus of the win went there; the rest is the main balance's. bonus_id: the active
-- bonus the round was played under (its wagering counted it).
ALTER TABLE game_rounds ADD COLUMN bet_bonus INTEGER NOT NULL DEFAULT 0 CHECK (bet_bonus >= 0 AND bet_bonus <= bet);
ALTER TABLE game_rounds ADD COLUMN win_bonus INTEGER NOT NULL DEFAULT 0 CHECK (win_bonus >= 0 AND win_bonus <= win);
ALTER TABLE game_rounds ADD COLUMN bonus_id TEXT;

-- The wagering ledger: what each round counted towards its bonus (its bet × the game's
-- contribution, never past what was left). Σ counted of a bonus = player_bonuses.wagered.
CREATE TABLE bonus_wagering (
  id INTEGER PRIMARY KEY,
  bonus_id TEXT NOT NULL REFERENCES player_bonuses (id),
  uid INTEGER NOT NULL,
  round_id TEXT NOT NULL UNIQUE,
  bet INTEGER NOT NULL CHECK (bet > 0),
  contribution INTEGER NOT NULL CHECK (contribution BETWEEN 0 AND 100),
  counted INTEGER NOT NULL CHECK (counted >= 0),
  created_at INTEGER NOT NULL
);
CREATE INDEX bonus_wagering_by_bonus ON bonus_wagering (bonus_id, id);
ALTER TABLE game_rounds ADD COLUMN bonus_contribution INTEGER NOT NULL DEFAULT 0 CHECK (bonus_contribution BETWEEN 0 AND 100);
