-- The wallet (SPEC §3 balances, DESIGN §5): balances, the ledger of every change, the
-- money-moving operations with their idempotency keys, and currency rates. Money is integer
-- minor units; times are Unix milliseconds. workers/platform/wallet/wallet.ts is the only writer
-- (decision 0010): one D1 batch() per operation writes the operation row, the balance changes
-- and their ledger rows together, or nothing.

-- One balance per player and kind. The CHECK constraints are the last line against an overdraft:
-- a debit that would take a balance below zero fails its UPDATE, and with it the whole batch.
-- The wallet recognises the constraint by its name.
CREATE TABLE balances (
  uid INTEGER NOT NULL REFERENCES users (uid),
  kind TEXT NOT NULL CHECK (kind IN ('main', 'bonus', 'betting_bonus', 'fun')),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL DEFAULT 0
    CONSTRAINT balance_is_integer CHECK (typeof(amount) = 'integer')
    CONSTRAINT balance_not_negative CHECK (amount >= 0)
    CONSTRAINT balance_within_limit CHECK (amount <= 1000000000000000),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (uid, kind)
) WITHOUT ROWID;

-- A money-moving call, once per (uid, key): a repeated key fails the UNIQUE constraint, so the
-- batch moves nothing and the wallet answers the stored result instead. `fingerprint` is the
-- canonical JSON of type, reference and changes: the same key with other content is refused.
-- `result` is written by the same batch: the balances right after the operation.
CREATE TABLE wallet_operations (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL CHECK (length(key) BETWEEN 8 AND 100),
  type TEXT NOT NULL CHECK (type GLOB '[a-z]*' AND type NOT GLOB '*[^a-z_]*'),
  reference TEXT,
  fingerprint TEXT NOT NULL,
  result TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (uid, key)
);

-- Every balance change, append-only. balance_after is read from the balance row inside the same
-- batch, right after its UPDATE, so it is the balance this change produced.
CREATE TABLE ledger (
  id INTEGER PRIMARY KEY,
  operation_id TEXT NOT NULL REFERENCES wallet_operations (id),
  uid INTEGER NOT NULL,
  kind TEXT NOT NULL,
  delta INTEGER NOT NULL CHECK (typeof(delta) = 'integer' AND delta <> 0),
  balance_after INTEGER NOT NULL CHECK (balance_after >= 0),
  currency TEXT NOT NULL,
  type TEXT NOT NULL,
  reference TEXT,
  created_at INTEGER NOT NULL,
  FOREIGN KEY (uid, kind) REFERENCES balances (uid, kind)
);
CREATE INDEX ledger_by_account ON ledger (uid, kind, id);
CREATE INDEX ledger_by_operation ON ledger (operation_id);

CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
  SELECT RAISE(ABORT, 'ledger rows are never changed');
END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
  SELECT RAISE(ABORT, 'ledger rows are never deleted');
END;

-- A player's balances are in the player's currency. Whoever changes users.currency (setCurrency,
-- completing a social registration) the balances follow, in the same statement; and once real
-- money has moved it cannot change at all, so a ledger never mixes currencies of real money.
CREATE TRIGGER users_currency_guard BEFORE UPDATE OF currency ON users
WHEN NEW.currency <> OLD.currency AND (
  EXISTS (SELECT 1 FROM ledger WHERE uid = NEW.uid AND kind <> 'fun')
  OR EXISTS (SELECT 1 FROM balances WHERE uid = NEW.uid AND kind <> 'fun' AND amount <> 0)
)
BEGIN
  SELECT RAISE(ABORT, 'the currency cannot change once real money has moved');
END;
CREATE TRIGGER users_currency_follows AFTER UPDATE OF currency ON users
WHEN NEW.currency <> OLD.currency
BEGIN
  UPDATE balances SET currency = NEW.currency WHERE uid = NEW.uid;
END;

-- account.getcurrencyrates: units of `code` per one unit of `base`. Rates are ratios, not money,
-- so REAL. Seeded for the site's currencies (settings general_info.available_currencies).
CREATE TABLE currency_rates (
  base TEXT NOT NULL,
  code TEXT NOT NULL,
  rate REAL NOT NULL CHECK (rate > 0),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (base, code)
) WITHOUT ROWID;

INSERT OR IGNORE INTO currency_rates (base, code, rate, updated_at) VALUES
  ('USD', 'USD', 1, 1767225600000),
  ('USD', 'EUR', 0.92, 1767225600000),
  ('USD', 'BRL', 5.4, 1767225600000);
