-- Tournaments (issue 22, decision 0048): operator data (seeded from migrations/seed/tournaments.json)
-- and the players' side. A participant's total (tournament_entries.points) moves only with rows of
-- the points ledger tournament_points written in the same batch (Σ ledger = entry points), as the
-- loyalty and wheel ledgers do. Money in integer minor units; times in Unix milliseconds.

-- status: future → active → finished, moved by the cron (scheduled()) as starts_at/ends_at pass.
-- scoring: multiplier ⌊win × 100 ÷ bet⌋ capped at cap; wins (minor units won); bets (minor units
-- bet); rounds (1 a round). min_bet: {"USD": 20, …} the least real-money bet that scores (NULL:
-- any). currencies, countries: JSON lists (empty: any). opt_in 1: players join with
-- tournaments.participate; 0: every eligible player's rounds score (the entry is made by the first).
-- texts: per locale {title, description}. finished_at: when the end job recorded the winners.
CREATE TABLE tournaments (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'future' CHECK (status IN ('future', 'active', 'finished')),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at > starts_at),
  scoring TEXT NOT NULL CHECK (scoring IN ('multiplier', 'wins', 'bets', 'rounds')),
  cap INTEGER CHECK (cap IS NULL OR cap > 0),
  min_bet TEXT,
  currencies TEXT NOT NULL DEFAULT '[]',
  countries TEXT NOT NULL DEFAULT '[]',
  opt_in INTEGER NOT NULL DEFAULT 1 CHECK (opt_in IN (0, 1)),
  reset_on_cashout INTEGER NOT NULL DEFAULT 0 CHECK (reset_on_cashout IN (0, 1)),
  provider TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  extra TEXT NOT NULL DEFAULT '{}',
  image TEXT,
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  finished_at INTEGER
);
-- The round path asks "which active tournaments hold this game" first: tournament_games_by_game.
CREATE INDEX tournaments_by_status ON tournaments (status, position, id);

CREATE TABLE tournament_games (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
  game_id INTEGER NOT NULL REFERENCES games (id),
  PRIMARY KEY (tournament_id, game_id)
) WITHOUT ROWID;
CREATE INDEX tournament_games_by_game ON tournament_games (game_id, tournament_id);

-- A prize of places place_from..place_to: money {"USD": 10000, …} per currency, a bonus of a
-- (manual) bonus template, or a (manual) free-spin template's pack. texts: per locale {title}
-- (none: the template's title, or the amount).
CREATE TABLE tournament_prizes (
  id INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
  place_from INTEGER NOT NULL CHECK (place_from >= 1),
  place_to INTEGER NOT NULL CHECK (place_to >= place_from),
  type TEXT NOT NULL CHECK (type IN ('money', 'bonus', 'freespins')),
  money TEXT,
  bonus_template_id INTEGER REFERENCES bonus_templates (id),
  freespin_template_id INTEGER REFERENCES freespin_templates (id),
  texts TEXT NOT NULL DEFAULT '{}',
  UNIQUE (tournament_id, place_from),
  CHECK ((type = 'money') = (money IS NOT NULL)),
  CHECK ((type = 'bonus') = (bonus_template_id IS NOT NULL)),
  CHECK ((type = 'freespins') = (freespin_template_id IS NOT NULL))
);

-- A participant's total (the interface the live board shares). Ranking everywhere: points DESC,
-- reached_at ASC, uid ASC; a row with 0 points has no rank.
CREATE TABLE tournament_entries (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
  uid INTEGER NOT NULL REFERENCES users (uid),
  points INTEGER NOT NULL DEFAULT 0 CHECK (points >= 0),
  reached_at INTEGER NOT NULL,
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, uid)
) WITHOUT ROWID;
CREATE INDEX tournament_entries_by_rank ON tournament_entries (tournament_id, points DESC, reached_at, uid);

-- Every change of an entry's points, once per (tournament, player, key): round:<round id> (the
-- round's points; bet and win kept for the receipts) or cashout:<transaction id> (−points). The
-- entry moves by the rows of the batch that wrote them (batch_id).
CREATE TABLE tournament_points (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('round', 'cashout')),
  delta INTEGER NOT NULL,
  round_id TEXT,
  bet INTEGER CHECK (bet IS NULL OR bet >= 0),
  win INTEGER CHECK (win IS NULL OR win >= 0),
  created_at INTEGER NOT NULL,
  batch_id TEXT NOT NULL,
  UNIQUE (tournament_id, uid, key),
  CHECK ((reason = 'round') = (delta >= 0))
);
CREATE INDEX tournament_points_by_batch ON tournament_points (batch_id);
-- leaderboard.get's version: the tournament's last ledger id, one index step.
CREATE INDEX tournament_points_by_tournament ON tournament_points (tournament_id, id);
CREATE INDEX tournament_points_by_player ON tournament_points (uid, tournament_id, created_at);

-- The final ranks recorded by the end job, once per place; prize is the JSON snapshot of the
-- place's prize (type, amount in the winner's currency, template), paid_at when it was paid.
CREATE TABLE tournament_winners (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
  rank INTEGER NOT NULL CHECK (rank >= 1),
  uid INTEGER NOT NULL REFERENCES users (uid),
  points INTEGER NOT NULL CHECK (points > 0),
  reached_at INTEGER NOT NULL,
  prize TEXT,
  paid_at INTEGER,
  PRIMARY KEY (tournament_id, rank)
) WITHOUT ROWID;
