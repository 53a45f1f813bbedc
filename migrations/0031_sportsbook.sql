-- The sportsbook (issue 23, decision 0049): the demo provider's sports, leagues, events, markets and
-- odds, moved by a seeded, replayable feed (workers/realtime/sports-feed.ts), and the players' bets,
-- settled through the wallet when results arrive. Money in integer minor units; odds are decimal
-- odds in hundredths (1.85 → 185); lines in hundredths (2.5 → 250); times in Unix milliseconds.

-- texts: per locale {title}. Seeded from migrations/seed/sportsbook.json.
CREATE TABLE sports (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL DEFAULT 0,
  texts TEXT NOT NULL DEFAULT '{}'
);

-- teams: JSON list of team names the feed draws new fixtures from. has_draw 0: no draw outcome
-- (basketball, tennis).
CREATE TABLE sport_leagues (
  id INTEGER PRIMARY KEY,
  sport_id INTEGER NOT NULL REFERENCES sports (id),
  sysname TEXT NOT NULL UNIQUE,
  country TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  has_draw INTEGER NOT NULL DEFAULT 1 CHECK (has_draw IN (0, 1)),
  teams TEXT NOT NULL DEFAULT '[]',
  texts TEXT NOT NULL DEFAULT '{}'
);

-- status: prematch → live → finished, or cancelled (every market void). script: the seed of the
-- event's feed script (its steps are a pure function of it, so a replay is the same run); step:
-- how many steps the feed has applied. autoplay 1: the feed's clock advances it; 0: only the demo
-- hook does (tests' own events). version: bumped by every step that touched the event.
CREATE TABLE sport_events (
  id INTEGER PRIMARY KEY,
  league_id INTEGER NOT NULL REFERENCES sport_leagues (id),
  home TEXT NOT NULL,
  away TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'prematch' CHECK (status IN ('prematch', 'live', 'finished', 'cancelled')),
  score_home INTEGER,
  score_away INTEGER,
  minute INTEGER,
  script INTEGER NOT NULL,
  step INTEGER NOT NULL DEFAULT 0,
  autoplay INTEGER NOT NULL DEFAULT 1 CHECK (autoplay IN (0, 1)),
  version INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE INDEX sport_events_by_status ON sport_events (status, starts_at, id);
CREATE INDEX sport_events_by_league ON sport_events (league_id, status, starts_at, id);

-- line: the total or the home side's handicap (NULL for match result). is_main: shown in lists.
-- status: open (takes bets), suspended (for now not), settled (results set), void (stakes back).
CREATE TABLE sport_markets (
  id INTEGER PRIMARY KEY,
  event_id INTEGER NOT NULL REFERENCES sport_events (id),
  kind TEXT NOT NULL CHECK (kind IN ('match_result', 'total', 'handicap')),
  line INTEGER,
  is_main INTEGER NOT NULL DEFAULT 0 CHECK (is_main IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'suspended', 'settled', 'void')),
  position INTEGER NOT NULL DEFAULT 0,
  CHECK ((kind = 'match_result') = (line IS NULL))
);
CREATE INDEX sport_markets_by_event ON sport_markets (event_id, position, id);

-- result: set when the market is settled (void for every selection of a void market).
CREATE TABLE sport_selections (
  id INTEGER PRIMARY KEY,
  market_id INTEGER NOT NULL REFERENCES sport_markets (id),
  outcome TEXT NOT NULL CHECK (outcome IN ('home', 'draw', 'away', 'over', 'under')),
  odds INTEGER NOT NULL CHECK (typeof(odds) = 'integer' AND odds > 100),
  result TEXT CHECK (result IN ('win', 'lose', 'void')),
  position INTEGER NOT NULL DEFAULT 0,
  UNIQUE (market_id, outcome)
);

-- A bet, once per (player, key). odds: the combined odds taken at placement (product of the legs'
-- in hundredths, rounded down). funding main: real money; betting_bonus: a free bet of bonus_id,
-- whose win pays to the main balance (with the stake when stake_returned = 1), at most max_payout.
-- payout: what settlement paid (0 lost; stake back when void); NULL while open.
CREATE TABLE sport_bets (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('single', 'accumulator')),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost', 'void')),
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
  UNIQUE (uid, key),
  CHECK ((funding = 'betting_bonus') = (bonus_id IS NOT NULL)),
  CHECK ((status = 'open') = (payout IS NULL))
);
CREATE INDEX sport_bets_by_player ON sport_bets (uid, placed_at DESC, id);
CREATE INDEX sport_bets_open ON sport_bets (status, placed_at) WHERE status = 'open';

-- A bet's legs with the odds each took; result copied from the selection when it is settled.
CREATE TABLE sport_bet_legs (
  bet_id TEXT NOT NULL REFERENCES sport_bets (id),
  selection_id INTEGER NOT NULL REFERENCES sport_selections (id),
  event_id INTEGER NOT NULL REFERENCES sport_events (id),
  odds INTEGER NOT NULL CHECK (odds > 100),
  result TEXT CHECK (result IN ('win', 'lose', 'void')),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (bet_id, selection_id)
) WITHOUT ROWID;
CREATE INDEX sport_bet_legs_by_selection ON sport_bet_legs (selection_id, bet_id);

-- The player's betting settings: what to do when odds moved between the slip and the bet.
CREATE TABLE sport_settings (
  uid INTEGER PRIMARY KEY REFERENCES users (uid),
  odds_change TEXT NOT NULL DEFAULT 'higher' CHECK (odds_change IN ('any', 'higher', 'ask'))
);

-- A betting template's free bet: stake_returned 1 pays stake × odds on a win, 0 only the profit
-- stake × (odds − 1) (the welcome "free-bet"). Placement copies it onto the bet.
ALTER TABLE bonus_templates ADD COLUMN stake_returned INTEGER NOT NULL DEFAULT 0 CHECK (stake_returned IN (0, 1));

-- The game history export pages a player's settled bets by settlement time beside the rounds.
CREATE INDEX sport_bets_settled ON sport_bets (uid, settled_at, id) WHERE status <> 'open';
