-- Races of sports bets (issue 42, decision 0111): a tournament with sportsbook = 1 scores its
-- participants' settled real-money sports bets (a cash-out in full settles one), by its own scoring:
-- bets (the stake), wins (what the bet paid), multiplier (⌊paid × 100 ÷ stake⌋, capped), rounds (1 a
-- bet). Its games, if any, score as before: a race may hold both.
ALTER TABLE tournaments ADD COLUMN sportsbook INTEGER NOT NULL DEFAULT 0 CHECK (sportsbook IN (0, 1));

-- The points ledger takes a settled sports bet's points (reason 'bet', key bet:<bet id>, round_id the
-- bet's id, bet its stake, win what it paid). tournament_points is the player objects' (migration
-- 0064 took it from D1): D1 is given its new definition here for the objects' generated schema, and
-- migration 0081 drops it again (as 0075 and 0076 did); an object rebuilds it with its rows.
CREATE TABLE tournament_points (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
  uid INTEGER NOT NULL REFERENCES users (uid),
  key TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('round', 'bet', 'cashout')),
  delta INTEGER NOT NULL,
  round_id TEXT,
  bet INTEGER CHECK (bet IS NULL OR bet >= 0),
  win INTEGER CHECK (win IS NULL OR win >= 0),
  created_at INTEGER NOT NULL,
  batch_id TEXT NOT NULL,
  UNIQUE (tournament_id, uid, key),
  CHECK ((reason <> 'cashout') = (delta >= 0))
);
