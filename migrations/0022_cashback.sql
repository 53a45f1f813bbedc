-- Cashback (issue 18, decision 0040): the operator's cashback programmes with their terms per
-- currency, the cashbacks computed for players per closed period, and the record of every change.
-- Money moves only through the wallet (ledger type 'cashback'), in the same batch as the status.
-- Times are Unix milliseconds; amounts integer minor units.

-- A programme: `percent` of a player's net loss over each closed period (weekly: Monday 00:00 UTC
-- to the next), claimable for `claim_days` after the period ends. texts: { "en": { "title", "description" } }.
CREATE TABLE cashback_programmes (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE CHECK (length(sysname) BETWEEN 1 AND 64 AND sysname NOT GLOB '*[^a-z0-9_-]*'),
  period TEXT NOT NULL DEFAULT 'week' CHECK (period IN ('week')),
  percent INTEGER NOT NULL CHECK (percent BETWEEN 1 AND 100),
  claim_days INTEGER NOT NULL CHECK (claim_days BETWEEN 1 AND 90),
  texts TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(texts)),
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1))
);

-- The money terms in one currency: nothing below min_loss, never more than max_payout. A programme
-- pays nothing in a currency it has no row for.
CREATE TABLE cashback_programme_terms (
  programme_id INTEGER NOT NULL REFERENCES cashback_programmes (id) ON DELETE CASCADE,
  currency TEXT NOT NULL,
  min_loss INTEGER NOT NULL CHECK (min_loss > 0),
  max_payout INTEGER NOT NULL CHECK (max_payout > 0),
  PRIMARY KEY (programme_id, currency)
) WITHOUT ROWID;

-- A player's cashback for one period, computed once (the UNIQUE key): active (claimable until
-- receiving_expired_at) → paid_out, or removed by the player. end_date: the period's end.
CREATE TABLE player_cashbacks (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  programme_id INTEGER NOT NULL REFERENCES cashback_programmes (id),
  period_start INTEGER NOT NULL,
  end_date INTEGER NOT NULL CHECK (end_date > period_start),
  currency TEXT NOT NULL,
  loss INTEGER NOT NULL CHECK (loss > 0),
  percent INTEGER NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL CHECK (status IN ('active', 'paid_out', 'removed')),
  receiving_expired_at INTEGER,
  -- Written by the payout's status change; the wallet's guard in the same batch checks it.
  change_token TEXT,
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  UNIQUE (uid, programme_id, period_start)
);
CREATE INDEX player_cashbacks_by_player ON player_cashbacks (uid, status, end_date DESC);

-- Every change of a cashback, with the money it moved (the wallet operation, when any).
CREATE TABLE cashback_events (
  id INTEGER PRIMARY KEY,
  cashback_id TEXT NOT NULL REFERENCES player_cashbacks (id),
  uid INTEGER NOT NULL,
  event TEXT NOT NULL CHECK (event IN ('computed', 'paid_out', 'removed')),
  amount INTEGER NOT NULL DEFAULT 0,
  operation_id TEXT,
  created_at INTEGER NOT NULL,
  UNIQUE (cashback_id, event)
);

-- The weekly computation reads one period of the ledger for every player.
CREATE INDEX ledger_by_time ON ledger (created_at) WHERE kind = 'main';

-- A programme's period computed for everyone: the per-minute cron reads a period's ledger once.
CREATE TABLE cashback_runs (
  programme_id INTEGER NOT NULL REFERENCES cashback_programmes (id),
  period_start INTEGER NOT NULL,
  computed_at INTEGER NOT NULL,
  PRIMARY KEY (programme_id, period_start)
) WITHOUT ROWID;
