-- Decision 0049: loyalty_ledger gains the reason 'sport' (points earned by a settled real-money
-- sports bet), so the points history says what they were for. SQLite cannot alter a CHECK: the
-- table is rebuilt as 0029 did, rows and ids kept (AUTOINCREMENT continues from the kept ids).
-- Rows written as 'round' for sports bets before this (keyed 'sport-bet:<id>') become 'sport'.
CREATE TABLE loyalty_ledger_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('round', 'deposit', 'quest', 'purchase', 'adjustment', 'wheel', 'wheel_purchase', 'sport')),
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
  SELECT id, uid, key, CASE WHEN reason = 'round' AND key LIKE 'sport-bet:%' THEN 'sport' ELSE reason END,
    ref, delta, exp_delta, wagered, milli, created_at, batch_id FROM loyalty_ledger;
DROP TABLE loyalty_ledger;
ALTER TABLE loyalty_ledger_new RENAME TO loyalty_ledger;
CREATE INDEX loyalty_ledger_by_batch ON loyalty_ledger (uid, batch_id);
