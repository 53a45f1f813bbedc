-- The VPN shop (issue 24, decision 0053): plans seeded from migrations/seed/vpn-plans.json, the
-- player's subscription, and every paid period of it. Money in integer minor units; times in Unix
-- milliseconds. Payments are wallet operations (type vpn_purchase, vpn_renewal) in the same batch
-- as the period they pay for.

-- prices: {"USD": 499, …} per currency (a currency without a price cannot buy the plan).
-- texts: per locale {title, description}.
CREATE TABLE vpn_plans (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE,
  days INTEGER NOT NULL CHECK (days > 0),
  devices INTEGER NOT NULL CHECK (devices > 0),
  prices TEXT NOT NULL DEFAULT '{}',
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1))
);

-- One subscription per player (buying again extends it). ends_at is the last paid period's end
-- (Σ of vpn_periods); status moves to 'ended' only by the clock (or 'active' again by a purchase).
-- warned_for: the ends_at whose "ends soon" warnings were sent (each warning once per period end).
CREATE TABLE vpn_subscriptions (
  uid INTEGER PRIMARY KEY REFERENCES users (uid),
  plan_id INTEGER NOT NULL REFERENCES vpn_plans (id),
  status TEXT NOT NULL CHECK (status IN ('active', 'ended')),
  started_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  auto_renewal INTEGER NOT NULL DEFAULT 0 CHECK (auto_renewal IN (0, 1)),
  access_key TEXT NOT NULL,
  warned_for INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX vpn_subscriptions_by_end ON vpn_subscriptions (status, ends_at);

-- The ledger of paid time: one row per purchase or renewal, once per (uid, key).
CREATE TABLE vpn_periods (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  plan_id INTEGER NOT NULL REFERENCES vpn_plans (id),
  reason TEXT NOT NULL CHECK (reason IN ('purchase', 'renewal')),
  key TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at > starts_at),
  created_at INTEGER NOT NULL,
  UNIQUE (uid, key)
);
CREATE INDEX vpn_periods_by_player ON vpn_periods (uid, created_at);
