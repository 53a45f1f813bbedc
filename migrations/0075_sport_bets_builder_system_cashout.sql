-- The player objects' sports bets take bet builders, system bets, cash out and early payout
-- (issue 42, decision 0103). D1 has held no player table since migration 0064: these definitions are
-- the player objects' (workers/platform/player/schema.generated.ts is generated from the migrations,
-- each table taking its last definition in D1), so D1 creates each table here and migration 0076
-- drops it again (the generator reads D1 after each file: within one file it would not see them). An
-- object that holds the older tables rebuilds them on its next call, rows copied
-- (workers/platform/player/schema-migrate.ts: open_stake from stake, positions renumbered).
--
-- sport_bets:
--   kind 'builder': legs of one event priced together (sportsbook.priceBuilder);
--   kind 'system': every combination of system_from..system_to of its legs is a line of stake / lines;
--   status 'cashed_out': the player took the cash-out offer for what was still riding (payout = the
--     last cash-out; cashed_out counts every cash-out's amount, partial ones included);
--   open_stake: the part of the stake still riding (a partial cash-out takes a part of it off);
--   auto_cashout: the cash-out value at which the bet is cashed out by itself (NULL: never).
-- sport_bet_legs: keyed by position; a builder's leg names no selection of the board but its own
--   terms (leg: 'result:home', 'btts:yes', 'total:over:250', 'score:2-1'); early = settled as a
--   winner by the early-payout rule before its market was.
-- sport_bet_cashouts: one row per accepted cash-out quote (its id: accepting it twice is one cash-out).
CREATE TABLE sport_bets (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('single', 'accumulator', 'builder', 'system')),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'void', 'cashed_out')),
  currency TEXT NOT NULL,
  stake INTEGER NOT NULL CHECK (typeof(stake) = 'integer' AND stake > 0),
  odds INTEGER NOT NULL CHECK (odds >= 100),
  funding TEXT NOT NULL CHECK (funding IN ('main', 'betting_bonus')),
  bonus_id TEXT REFERENCES player_bonuses (id),
  stake_returned INTEGER NOT NULL DEFAULT 1 CHECK (stake_returned IN (0, 1)),
  max_payout INTEGER,
  payout INTEGER CHECK (payout IS NULL OR payout >= 0),
  placed_at INTEGER NOT NULL,
  settled_at INTEGER,
  system_from INTEGER CHECK (system_from IS NULL OR system_from BETWEEN 1 AND 8),
  system_to INTEGER CHECK (system_to IS NULL OR system_to BETWEEN system_from AND 8),
  open_stake INTEGER NOT NULL CHECK (typeof(open_stake) = 'integer' AND open_stake BETWEEN 0 AND stake),
  cashed_out INTEGER NOT NULL DEFAULT 0 CHECK (typeof(cashed_out) = 'integer' AND cashed_out >= 0),
  auto_cashout INTEGER CHECK (auto_cashout IS NULL OR auto_cashout > 0),
  UNIQUE (uid, key),
  CHECK ((funding = 'betting_bonus') = (bonus_id IS NOT NULL)),
  CHECK ((status = 'open') = (payout IS NULL)),
  CHECK ((kind = 'system') = (system_from IS NOT NULL AND system_to IS NOT NULL))
);
CREATE TABLE sport_bet_legs (
  bet_id TEXT NOT NULL REFERENCES sport_bets (id),
  position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 19),
  selection_id INTEGER REFERENCES sport_selections (id),
  leg TEXT,
  event_id INTEGER NOT NULL REFERENCES sport_events (id),
  odds INTEGER NOT NULL CHECK (odds >= 100),
  result TEXT CHECK (result IN ('win', 'lose', 'void')),
  early INTEGER NOT NULL DEFAULT 0 CHECK (early IN (0, 1)),
  PRIMARY KEY (bet_id, position),
  CHECK ((selection_id IS NULL) = (leg IS NOT NULL))
) WITHOUT ROWID;
CREATE TABLE sport_bet_cashouts (
  id TEXT PRIMARY KEY,
  bet_id TEXT NOT NULL REFERENCES sport_bets (id),
  uid INTEGER NOT NULL REFERENCES users (uid),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  stake INTEGER NOT NULL CHECK (typeof(stake) = 'integer' AND stake > 0),
  auto INTEGER NOT NULL DEFAULT 0 CHECK (auto IN (0, 1)),
  created_at INTEGER NOT NULL
);
CREATE INDEX sport_bet_cashouts_by_bet ON sport_bet_cashouts (bet_id, created_at);
CREATE INDEX sport_bet_legs_by_event ON sport_bet_legs (event_id, bet_id);
