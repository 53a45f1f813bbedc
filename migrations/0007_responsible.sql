-- Responsible gaming (SPEC §3 Deposit limit, §9 periods; decision 0012): one deposit limit per
-- player with an optional pending raise, self-exclusions, and the reality-check interval.
-- Money is integer minor units; times are Unix milliseconds.

-- The player's deposit limit. period_days NULL means no limit. Windows are fixed: each is
-- period_days long, counted from anchor_at. A raise or a removal waits for its cooling-off
-- period in the pending_* columns (pending_period_days 0 = remove the limit) and is applied
-- lazily by the first read after pending_effective_at.
CREATE TABLE deposit_limits (
  uid INTEGER PRIMARY KEY REFERENCES users (uid),
  period_days INTEGER CHECK (period_days IN (1, 7, 14, 30)),
  limit_amount INTEGER CHECK (limit_amount > 0),
  anchor_at INTEGER,
  pending_period_days INTEGER CHECK (pending_period_days IN (0, 1, 7, 14, 30)),
  pending_amount INTEGER CHECK (pending_amount > 0),
  pending_effective_at INTEGER,
  updated_at INTEGER NOT NULL,
  CHECK ((period_days IS NULL) = (limit_amount IS NULL) AND (period_days IS NULL) = (anchor_at IS NULL)),
  CHECK ((pending_period_days IS NULL) = (pending_effective_at IS NULL))
);

-- Every self-exclusion a player asked for, kept for the operator's records. until NULL is
-- permanent. A player is excluded while a row has until NULL or until > now.
CREATE TABLE self_exclusions (
  id INTEGER PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  period TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  until INTEGER
);
CREATE INDEX self_exclusions_by_player ON self_exclusions (uid, until);

-- The reality-check interval the player chose (minutes of session time, 0 = off).
CREATE TABLE reality_checks (
  uid INTEGER PRIMARY KEY REFERENCES users (uid),
  minutes INTEGER NOT NULL CHECK (minutes IN (0, 15, 30, 45, 60, 120)),
  updated_at INTEGER NOT NULL
);
