-- The reward ledgers' reasons are no longer CHECK lists (issue 37). A reason names why points or
-- spins moved, and each new feature that pays them (a quest kind, a race, a reward source) brought
-- one more: SQLite cannot alter a CHECK, so each one rebuilt the table (0029, 0032). The reasons are
-- now the contract's to name (LoyaltyHistoryItem's reason, which the points history answers with;
-- the reward module's RewardSource): the tables only refuse an empty one. One last rebuild, rows and
-- ids kept (AUTOINCREMENT continues from the kept ids).
CREATE TABLE loyalty_ledger_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason <> ''),
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

CREATE TABLE wheel_spin_ledger_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users (uid),
  campaign_id INTEGER NOT NULL REFERENCES wheel_campaigns (id),
  key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason <> ''),
  ref TEXT,
  delta INTEGER NOT NULL CHECK (delta <> 0),
  created_at INTEGER NOT NULL,
  batch_id TEXT NOT NULL,
  UNIQUE (uid, key)
);
INSERT INTO wheel_spin_ledger_new (id, uid, campaign_id, key, reason, ref, delta, created_at, batch_id)
  SELECT id, uid, campaign_id, key, reason, ref, delta, created_at, batch_id FROM wheel_spin_ledger;
DROP TABLE wheel_spin_ledger;
ALTER TABLE wheel_spin_ledger_new RENAME TO wheel_spin_ledger;
CREATE INDEX wheel_spin_ledger_by_batch ON wheel_spin_ledger (uid, batch_id);
