-- The loyalty programme (issue 20, decision 0046): programmes with levels, characters, shop
-- products and quests (operator data, seeded from migrations/seed/loyalty-*.json), and the
-- player's side: an account whose points and experience change only together with a row of
-- loyalty_ledger (Σ ledger = account), purchases, quest progress and notices. Amounts of money
-- are integer minor units; times are Unix milliseconds.

-- rates: per player currency, {"earn": {"slot": 1000, "table": 5000, …}, "value_per_1000": 1000}:
-- minor units of real money wagered per point, by game kind (absent or 0: that kind earns
-- nothing), and what 1000 points are worth in minor units (shown as the points' money value).
-- texts: per locale {title, description, points_alias, notices: {points|level|quest|purchase: {title, message}}}.
CREATE TABLE loyalty_programs (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE,
  image TEXT,
  rates TEXT NOT NULL DEFAULT '{}',
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1))
);

-- A level holds the players whose lifetime experience is in [min_value, max_value) (NULL: no top).
CREATE TABLE loyalty_levels (
  id INTEGER PRIMARY KEY,
  program_id INTEGER NOT NULL REFERENCES loyalty_programs (id),
  sysname TEXT NOT NULL,
  min_value INTEGER NOT NULL CHECK (min_value >= 0),
  max_value INTEGER CHECK (max_value IS NULL OR max_value > min_value),
  image TEXT,
  texts TEXT NOT NULL DEFAULT '{}',
  UNIQUE (program_id, sysname),
  UNIQUE (program_id, min_value)
);

CREATE TABLE loyalty_characters (
  id INTEGER PRIMARY KEY,
  program_id INTEGER NOT NULL REFERENCES loyalty_programs (id),
  sysname TEXT NOT NULL,
  image TEXT NOT NULL,
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  UNIQUE (program_id, sysname)
);

-- A shop product: its price in points, stock (NULL: unlimited), purchases per player (NULL: no
-- limit) and one reward — a bonus template, a free-spin template, or money to the main balance
-- (money: {"USD": 500, …} per player currency; a currency without an amount cannot buy it).
CREATE TABLE loyalty_products (
  id INTEGER PRIMARY KEY,
  program_id INTEGER NOT NULL REFERENCES loyalty_programs (id),
  sysname TEXT NOT NULL UNIQUE,
  price INTEGER NOT NULL CHECK (price > 0),
  stock INTEGER CHECK (stock IS NULL OR stock >= 0),
  per_player_limit INTEGER CHECK (per_player_limit IS NULL OR per_player_limit > 0),
  reward_type TEXT NOT NULL CHECK (reward_type IN ('bonus', 'freespins', 'money')),
  bonus_template_id INTEGER REFERENCES bonus_templates (id),
  freespin_template_id INTEGER REFERENCES freespin_templates (id),
  money TEXT,
  image TEXT,
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1)),
  CHECK ((reward_type = 'bonus') = (bonus_template_id IS NOT NULL)),
  CHECK ((reward_type = 'freespins') = (freespin_template_id IS NOT NULL)),
  CHECK ((reward_type = 'money') = (money IS NOT NULL))
);

-- A quest: count real-money rounds (of one game kind, or any: game_kind NULL) or successful
-- deposits up to target within a period (day, week from Monday 00:00 UTC, or ever); completing it
-- awards reward_points once per period.
CREATE TABLE loyalty_quests (
  id INTEGER PRIMARY KEY,
  program_id INTEGER NOT NULL REFERENCES loyalty_programs (id),
  sysname TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('rounds', 'deposits')),
  game_kind TEXT,
  target INTEGER NOT NULL CHECK (target > 0),
  period TEXT NOT NULL CHECK (period IN ('day', 'week', 'ever')),
  reward_points INTEGER NOT NULL CHECK (reward_points > 0),
  image TEXT,
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1))
);

-- The player's account: spendable points, lifetime experience (never spent; decides the level),
-- the real money wagered that earned them (for the return rate), the remainder of a point
-- (thousandths) carried to the next round, and the chosen character.
CREATE TABLE loyalty_accounts (
  uid INTEGER PRIMARY KEY REFERENCES users (uid),
  program_id INTEGER NOT NULL REFERENCES loyalty_programs (id),
  points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
  experience INTEGER NOT NULL DEFAULT 0 CHECK (experience >= 0),
  wagered INTEGER NOT NULL DEFAULT 0 CHECK (wagered >= 0),
  carry_milli INTEGER NOT NULL DEFAULT 0 CHECK (carry_milli >= 0 AND carry_milli < 1000),
  character_id INTEGER REFERENCES loyalty_characters (id),
  updated_at INTEGER NOT NULL
);

-- The points ledger: every change of an account's points and experience, and every real event the
-- programme counted (a round, a deposit; delta 0 when it earned nothing), once per (uid, key).
CREATE TABLE loyalty_ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('round', 'deposit', 'quest', 'purchase', 'adjustment')),
  ref TEXT,
  delta INTEGER NOT NULL,
  exp_delta INTEGER NOT NULL DEFAULT 0 CHECK (exp_delta >= 0),
  wagered INTEGER NOT NULL DEFAULT 0 CHECK (wagered >= 0),
  milli INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  -- The batch that wrote the row: the account moves by the sum of its batch's rows.
  batch_id TEXT NOT NULL,
  UNIQUE (uid, key)
);
CREATE INDEX loyalty_ledger_by_batch ON loyalty_ledger (uid, batch_id);

CREATE TABLE loyalty_purchases (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  product_id INTEGER NOT NULL REFERENCES loyalty_products (id),
  price INTEGER NOT NULL CHECK (price > 0),
  key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (uid, key)
);
CREATE INDEX loyalty_purchases_by_product ON loyalty_purchases (uid, product_id);

-- period_start: the start of the quest's period the progress belongs to (0 for 'ever').
CREATE TABLE loyalty_quest_progress (
  uid INTEGER NOT NULL REFERENCES users (uid),
  quest_id INTEGER NOT NULL REFERENCES loyalty_quests (id),
  period_start INTEGER NOT NULL,
  progress INTEGER NOT NULL DEFAULT 0 CHECK (progress >= 0),
  completed_at INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (uid, quest_id, period_start)
) WITHOUT ROWID;

-- Notices for the player (SPEC §3 Loyalty notice), unread until loyalty.getnotifications answers
-- them. Points credited by play gather in one unread 'points' notice; level-ups, quests and
-- purchases are once per key. ref: the level, quest or product id the title comes from.
CREATE TABLE loyalty_notices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT,
  trigger TEXT NOT NULL CHECK (trigger IN ('points', 'level', 'quest', 'purchase')),
  type TEXT NOT NULL CHECK (type IN ('credit', 'other')),
  amount INTEGER NOT NULL DEFAULT 0,
  ref INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  read_at INTEGER,
  UNIQUE (uid, key)
);
CREATE UNIQUE INDEX loyalty_notices_one_unread_points ON loyalty_notices (uid) WHERE trigger = 'points' AND read_at IS NULL;
CREATE INDEX loyalty_notices_unread ON loyalty_notices (uid, read_at);
