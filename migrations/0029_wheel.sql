-- The wheel of fortune (issue 21, decision 0047): campaigns with their sectors and quests
-- (operator data, seeded from migrations/seed/wheel-campaigns.json), and the player's side: a
-- provably-fair seed, spin balances that change only with a row of wheel_spin_ledger
-- (Σ ledger = balance), spins, purchases and quest progress. Money in integer minor units;
-- times in Unix milliseconds.

-- spin_price: {"USD": 100, …} per player currency (NULL: not sold for money); spin_price_points:
-- the price in loyalty points (NULL: not sold for points). texts: per locale {title, description, rules}.
CREATE TABLE wheel_campaigns (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE,
  image TEXT,
  is_spin_cost INTEGER NOT NULL DEFAULT 0 CHECK (is_spin_cost IN (0, 1)),
  spin_price TEXT,
  spin_price_points INTEGER CHECK (spin_price_points IS NULL OR spin_price_points > 0),
  starts_at INTEGER NOT NULL DEFAULT 0,
  ends_at INTEGER,
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1))
);

-- A sector of a wheel, in wheel order (position). It draws with its weight whatever its stock;
-- with stock (NULL: unlimited) at 0 it pays its fallback (nothing, or fallback_points points).
-- money: {"USD": 100, …} per player currency. texts: per locale {title}.
CREATE TABLE wheel_sectors (
  id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES wheel_campaigns (id),
  position INTEGER NOT NULL,
  weight INTEGER NOT NULL CHECK (weight > 0 AND weight <= 1000000),
  color TEXT NOT NULL DEFAULT '#888888',
  reward_type TEXT NOT NULL CHECK (reward_type IN ('bonus', 'freespins', 'points', 'money', 'spins', 'nothing')),
  bonus_template_id INTEGER REFERENCES bonus_templates (id),
  freespin_template_id INTEGER REFERENCES freespin_templates (id),
  points INTEGER CHECK (points IS NULL OR points > 0),
  money TEXT,
  spins INTEGER CHECK (spins IS NULL OR spins > 0),
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  fallback TEXT NOT NULL DEFAULT 'nothing' CHECK (fallback IN ('nothing', 'points')),
  fallback_points INTEGER CHECK (fallback_points IS NULL OR fallback_points > 0),
  texts TEXT NOT NULL DEFAULT '{}',
  UNIQUE (campaign_id, position),
  CHECK ((reward_type = 'bonus') = (bonus_template_id IS NOT NULL)),
  CHECK ((reward_type = 'freespins') = (freespin_template_id IS NOT NULL)),
  CHECK ((reward_type = 'points') = (points IS NOT NULL)),
  CHECK ((reward_type = 'money') = (money IS NOT NULL)),
  CHECK ((reward_type = 'spins') = (spins IS NOT NULL)),
  CHECK ((fallback = 'points') = (fallback_points IS NOT NULL))
);
CREATE INDEX wheel_sectors_by_campaign ON wheel_sectors (campaign_id, position);

-- The player's provably-fair seeds: the unrevealed one (at most one per player) is committed by
-- its hash and draws the next spins at next_nonce; rotating reveals it and commits a new one.
CREATE TABLE wheel_seeds (
  id INTEGER PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  server_seed TEXT NOT NULL,
  server_seed_hash TEXT NOT NULL,
  client_seed TEXT NOT NULL,
  next_nonce INTEGER NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at INTEGER NOT NULL,
  revealed_at INTEGER
);
CREATE UNIQUE INDEX wheel_seeds_one_unrevealed ON wheel_seeds (uid) WHERE revealed_at IS NULL;
CREATE INDEX wheel_seeds_by_uid ON wheel_seeds (uid, id);

CREATE TABLE wheel_spin_balances (
  uid INTEGER NOT NULL REFERENCES users (uid),
  campaign_id INTEGER NOT NULL REFERENCES wheel_campaigns (id),
  spins INTEGER NOT NULL DEFAULT 0 CHECK (spins >= 0),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (uid, campaign_id)
) WITHOUT ROWID;

-- Every change of a spin balance, once per (uid, key); the balance moves by the rows of the batch
-- that wrote them (batch_id), as the loyalty ledger's account does.
CREATE TABLE wheel_spin_ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users (uid),
  campaign_id INTEGER NOT NULL REFERENCES wheel_campaigns (id),
  key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('quest', 'purchase', 'spin', 'reward')),
  ref TEXT,
  delta INTEGER NOT NULL CHECK (delta <> 0),
  created_at INTEGER NOT NULL,
  batch_id TEXT NOT NULL,
  UNIQUE (uid, key)
);
CREATE INDEX wheel_spin_ledger_by_batch ON wheel_spin_ledger (uid, batch_id);

-- A spin: the draw (seed, client seed, nonce → ticket → sector, from the weights snapshot) and what
-- it paid: reward is the JSON snapshot {prize, fallback} of the sector's rewards in the player's
-- currency; fallback_paid = 1 when the sector's stock was gone (read inside the spin's batch).
CREATE TABLE wheel_spins (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  campaign_id INTEGER NOT NULL REFERENCES wheel_campaigns (id),
  key TEXT NOT NULL,
  seed_id INTEGER NOT NULL REFERENCES wheel_seeds (id),
  nonce INTEGER NOT NULL,
  client_seed TEXT NOT NULL,
  ticket INTEGER NOT NULL,
  sector_id INTEGER NOT NULL REFERENCES wheel_sectors (id),
  sector_index INTEGER NOT NULL,
  weights TEXT NOT NULL,
  reward TEXT NOT NULL,
  reward_type TEXT NOT NULL,
  fallback_paid INTEGER NOT NULL DEFAULT 0 CHECK (fallback_paid IN (0, 1)),
  bonus_id TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (uid, key),
  UNIQUE (seed_id, nonce)
);
CREATE INDEX wheel_spins_by_player ON wheel_spins (uid, campaign_id, created_at);
CREATE INDEX wheel_spins_by_campaign ON wheel_spins (campaign_id, created_at);

-- A purchase of spins: paid with money (amount, currency; a wallet operation wheel_purchase) or
-- loyalty points (points; a loyalty_ledger row wheel_purchase), once per (uid, key).
CREATE TABLE wheel_purchases (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  campaign_id INTEGER NOT NULL REFERENCES wheel_campaigns (id),
  spins INTEGER NOT NULL CHECK (spins > 0),
  pay_with TEXT NOT NULL CHECK (pay_with IN ('money', 'points')),
  amount INTEGER,
  currency TEXT,
  points INTEGER,
  key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (uid, key)
);

-- A quest: real-money rounds (of one game kind, or any), successful deposits, or minor units of
-- real money wagered, up to target within a period (day; week from Monday 00:00 UTC; ever);
-- completing it credits reward_spins to the campaign's spin balance once per period.
CREATE TABLE wheel_quests (
  id INTEGER PRIMARY KEY,
  campaign_id INTEGER NOT NULL REFERENCES wheel_campaigns (id),
  sysname TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('rounds', 'deposits', 'wagered')),
  game_kind TEXT,
  target INTEGER NOT NULL CHECK (target > 0),
  period TEXT NOT NULL CHECK (period IN ('day', 'week', 'ever')),
  reward_spins INTEGER NOT NULL CHECK (reward_spins > 0),
  image TEXT,
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1))
);

-- period_start: the start of the quest's period the progress belongs to (0 for 'ever').
CREATE TABLE wheel_quest_progress (
  uid INTEGER NOT NULL REFERENCES users (uid),
  quest_id INTEGER NOT NULL REFERENCES wheel_quests (id),
  period_start INTEGER NOT NULL,
  progress INTEGER NOT NULL DEFAULT 0 CHECK (progress >= 0),
  completed_at INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (uid, quest_id, period_start)
) WITHOUT ROWID;
CREATE INDEX wheel_quest_progress_completed ON wheel_quest_progress (uid, completed_at);

-- loyalty_ledger gains the reasons 'wheel' (points won on the wheel) and 'wheel_purchase' (spins
-- bought with points). SQLite cannot alter a CHECK: the table is rebuilt, rows and ids kept.
CREATE TABLE loyalty_ledger_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('round', 'deposit', 'quest', 'purchase', 'adjustment', 'wheel', 'wheel_purchase')),
  ref TEXT,
  delta INTEGER NOT NULL,
  exp_delta INTEGER NOT NULL DEFAULT 0 CHECK (exp_delta >= 0),
  wagered INTEGER NOT NULL DEFAULT 0 CHECK (wagered >= 0),
  milli INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  batch_id TEXT NOT NULL,
  UNIQUE (uid, key)
);
INSERT INTO loyalty_ledger_new (id, uid, key, reason, ref, delta, exp_delta, wagered, milli, created_at, batch_id)
  SELECT id, uid, key, reason, ref, delta, exp_delta, wagered, milli, created_at, batch_id FROM loyalty_ledger;
DROP TABLE loyalty_ledger;
ALTER TABLE loyalty_ledger_new RENAME TO loyalty_ledger;
CREATE INDEX loyalty_ledger_by_batch ON loyalty_ledger (uid, batch_id);
