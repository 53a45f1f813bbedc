-- Jackpots (issue 5, decision 0017): pools that grow with every real round of their games and are
-- won. Money is integer minor units of the jackpot's currency (the site's default); times are Unix
-- milliseconds.
--
-- The money trail is auditable: for every jackpot,
--   initial_seed + Σ jackpot_winners.reseed + Σ jackpot_contributions.amount
--     = jackpots.amount + Σ jackpot_winners.amount
-- Contributions raise the pool; a win pays the whole pool and puts the seed back (the operator's
-- money, recorded on the winner row as `reseed`).

CREATE TABLE jackpots (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE CHECK (sysname NOT GLOB '*[^a-z0-9_-]*'),
  -- A brand name, the same in every locale.
  name TEXT NOT NULL,
  currency TEXT NOT NULL,
  -- What the pool starts at, and is put back to after each win.
  seed INTEGER NOT NULL CHECK (typeof(seed) = 'integer' AND seed > 0),
  -- What the operator put in when the pool opened (may be above the seed: a running start).
  initial_seed INTEGER NOT NULL CHECK (typeof(initial_seed) = 'integer' AND initial_seed > 0),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount >= 0),
  -- Share of each real bet added to the pool, in basis points (100 = 1 %).
  contribution_bp INTEGER NOT NULL CHECK (contribution_bp BETWEEN 1 AND 2000),
  -- The cap: a round that finds the pool at or above it always wins it.
  must_drop_at INTEGER NOT NULL CHECK (must_drop_at > seed),
  -- Below the cap a round wins with probability bet / (must_drop_at × odds_factor).
  odds_factor INTEGER NOT NULL CHECK (odds_factor >= 1),
  -- The claim's version: a win is claimed with `WHERE win_count = <the count the round saw>`,
  -- so of many rounds racing for one pool exactly one changes the row.
  win_count INTEGER NOT NULL DEFAULT 0,
  last_winner_id TEXT,
  last_won_at INTEGER,
  last_win INTEGER,
  position INTEGER NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1))
);

CREATE TABLE jackpot_games (
  jackpot_id INTEGER NOT NULL REFERENCES jackpots (id),
  game_id INTEGER NOT NULL REFERENCES games (id),
  PRIMARY KEY (jackpot_id, game_id)
) WITHOUT ROWID;
-- A round looks up the pools of its game.
CREATE INDEX jackpot_games_by_game ON jackpot_games (game_id, jackpot_id);

-- One row per real round and pool it fed: a round contributes once (the primary key), in the same
-- batch as the pool's UPDATE, so the pool and its contributions cannot drift apart.
CREATE TABLE jackpot_contributions (
  round_id TEXT NOT NULL REFERENCES game_rounds (id),
  jackpot_id INTEGER NOT NULL REFERENCES jackpots (id),
  -- In the jackpot's currency (the bet converted, times contribution_bp, rounded down; may be 0).
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount >= 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (round_id, jackpot_id)
) WITHOUT ROWID;

CREATE TABLE jackpot_winners (
  id TEXT PRIMARY KEY,
  jackpot_id INTEGER NOT NULL REFERENCES jackpots (id),
  -- The pool's win_count after this win: one winner per claim.
  seq INTEGER NOT NULL,
  uid INTEGER NOT NULL REFERENCES users (uid),
  round_id TEXT NOT NULL REFERENCES game_rounds (id),
  game_id INTEGER NOT NULL REFERENCES games (id),
  -- The pool won, in the jackpot's currency, and the seed put back in its place.
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount >= 0),
  currency TEXT NOT NULL,
  reseed INTEGER NOT NULL,
  -- What the player is credited, in their currency (converted with the site's rates).
  paid_amount INTEGER,
  paid_currency TEXT,
  -- The wallet operation that credited it; NULL until the payment commits (a retry completes it).
  operation_id TEXT REFERENCES wallet_operations (id),
  won_at INTEGER NOT NULL,
  UNIQUE (jackpot_id, seq)
);
CREATE INDEX jackpot_winners_recent ON jackpot_winners (won_at DESC, id);
CREATE INDEX jackpot_winners_by_jackpot ON jackpot_winners (jackpot_id, won_at DESC, id);
CREATE INDEX jackpot_winners_unpaid ON jackpot_winners (won_at) WHERE operation_id IS NULL;

-- Three pools in the site's default currency (USD), over the games of the `jackpot` category:
-- Mini and Major on all of them, Mega on those taking the larger bets (max bet 1,000 or more).
INSERT INTO jackpots (id, sysname, name, currency, seed, initial_seed, amount, contribution_bp, must_drop_at, odds_factor, position) VALUES
  (1, 'mini', 'Mini', 'USD', 5000, 18250, 18250, 50, 50000, 20, 1),
  (2, 'major', 'Major', 'USD', 100000, 342075, 342075, 30, 1000000, 20, 2),
  (3, 'mega', 'Mega', 'USD', 1000000, 4718930, 4718930, 20, 10000000, 20, 3);

INSERT INTO jackpot_games (jackpot_id, game_id)
SELECT j.id, cg.game_id
FROM jackpots j
JOIN game_categories c ON c.sysname = 'jackpot'
JOIN game_category_games cg ON cg.category_id = c.id
JOIN games g ON g.id = cg.game_id
WHERE j.sysname IN ('mini', 'major') OR (j.sysname = 'mega' AND g.max_bet >= 100000);
