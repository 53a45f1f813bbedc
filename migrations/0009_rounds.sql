-- Game rounds of the demo game studio (issue 5, decision 0016): every settled round, for the
-- player's history, jackpot contributions and (later) tournaments. Money is integer minor units;
-- times are Unix milliseconds. Rounds of visitors (demo play without an account) touch no balance
-- and are not recorded: only signed-in players' rounds are here, demo (balance_fun) or real.

CREATE TABLE game_rounds (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  -- The client's idempotency key: the same round_id answers the same round and moves nothing.
  round_key TEXT NOT NULL CHECK (length(round_key) BETWEEN 8 AND 64),
  game_id INTEGER NOT NULL REFERENCES games (id),
  sysname TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('demo', 'real')),
  bet INTEGER NOT NULL CHECK (typeof(bet) = 'integer' AND bet > 0),
  win INTEGER NOT NULL CHECK (typeof(win) = 'integer' AND win >= 0),
  currency TEXT NOT NULL,
  -- The drawn grid, rows of symbol names as JSON: [["cherry","bell","seven"], …].
  symbols TEXT NOT NULL,
  -- The wallet operation that moved the bet and the win together (wallet_operations.id). The
  -- round is claimed first (this row, UNIQUE per round key) and paid second; NULL means the
  -- payment has not committed yet: a retry of the same round_id completes it, and history skips it.
  operation_id TEXT REFERENCES wallet_operations (id),
  created_at INTEGER NOT NULL,
  UNIQUE (uid, round_key)
);
-- games.getHistory: a player's rounds, newest first.
CREATE INDEX game_rounds_by_player ON game_rounds (uid, created_at DESC, id);
