-- The jackpots' rows are the site's (D1); the rounds and wallet operations they name are each
-- player's own, in their object once the money core moves (decision 0075). D1 cannot check a
-- reference to a row it no longer holds, so these columns keep the ids without a foreign key: the
-- round's contribution is written from the round's own call, the winner's payment from the wallet's
-- answer. The tables are rebuilt (SQLite drops a foreign key no other way), rows and indexes kept.
PRAGMA defer_foreign_keys = on;

CREATE TABLE jackpot_contributions_next (
  round_id TEXT NOT NULL,
  jackpot_id INTEGER NOT NULL REFERENCES jackpots (id),
  -- In the jackpot's currency (the bet converted, times contribution_bp, rounded down; may be 0).
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount >= 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (round_id, jackpot_id)
) WITHOUT ROWID;
INSERT INTO jackpot_contributions_next (round_id, jackpot_id, amount, created_at)
  SELECT round_id, jackpot_id, amount, created_at FROM jackpot_contributions;
DROP TABLE jackpot_contributions;
ALTER TABLE jackpot_contributions_next RENAME TO jackpot_contributions;

CREATE TABLE jackpot_winners_next (
  id TEXT PRIMARY KEY,
  jackpot_id INTEGER NOT NULL REFERENCES jackpots (id),
  -- The pool's win_count after this win: one winner per claim.
  seq INTEGER NOT NULL,
  uid INTEGER NOT NULL REFERENCES users (uid),
  round_id TEXT NOT NULL,
  game_id INTEGER NOT NULL REFERENCES games (id),
  -- The pool won, in the jackpot's currency, and the seed put back in its place.
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount >= 0),
  currency TEXT NOT NULL,
  reseed INTEGER NOT NULL,
  -- What the player is credited, in their currency (converted with the site's rates).
  paid_amount INTEGER,
  paid_currency TEXT,
  -- The wallet operation that credited it (in the player's tables); NULL until the payment commits.
  operation_id TEXT,
  won_at INTEGER NOT NULL,
  UNIQUE (jackpot_id, seq)
);
INSERT INTO jackpot_winners_next (id, jackpot_id, seq, uid, round_id, game_id, amount, currency, reseed, paid_amount, paid_currency, operation_id, won_at)
  SELECT id, jackpot_id, seq, uid, round_id, game_id, amount, currency, reseed, paid_amount, paid_currency, operation_id, won_at FROM jackpot_winners;
DROP TABLE jackpot_winners;
ALTER TABLE jackpot_winners_next RENAME TO jackpot_winners;
CREATE INDEX jackpot_winners_recent ON jackpot_winners (won_at DESC, id);
CREATE INDEX jackpot_winners_by_jackpot ON jackpot_winners (jackpot_id, won_at DESC, id);
CREATE INDEX jackpot_winners_unpaid ON jackpot_winners (won_at) WHERE operation_id IS NULL;
