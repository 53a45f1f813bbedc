-- First-to-hit challenges (issue 43, decision 0117): "the first N players to hit ×M on game G with a
-- bet of at least B win P". A challenge is configuration, copied into every player's object
-- (decision 0075), so a round's batch there can tell it qualifies: a real-money round of the game,
-- not under a bonus, with the real-money bet at least min_bet in the player's currency and the win at
-- least multiplier/100 times the bet, while the challenge runs, owes the site a hit (an outbox row).
-- multiplier is in hundredths (×10 = 1000); min_bet {"USD": 100, …} per currency (a currency not
-- listed cannot take part); the prize is money per currency, a bonus template's bonus or a free-spin
-- template's pack, as a tournament prize (texts: per locale {title, description, prize}).
CREATE TABLE challenges (
  id INTEGER PRIMARY KEY,
  sysname TEXT NOT NULL UNIQUE,
  game_id INTEGER NOT NULL REFERENCES games (id),
  multiplier INTEGER NOT NULL CHECK (multiplier >= 101),
  min_bet TEXT NOT NULL,
  winners INTEGER NOT NULL CHECK (winners BETWEEN 1 AND 10000),
  type TEXT NOT NULL CHECK (type IN ('money', 'bonus', 'freespins')),
  money TEXT,
  bonus_template_id INTEGER REFERENCES bonus_templates (id),
  freespin_template_id INTEGER REFERENCES freespin_templates (id),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  countries TEXT NOT NULL DEFAULT '[]',
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  CHECK (ends_at > starts_at),
  CHECK ((type = 'money') = (money IS NOT NULL)),
  CHECK ((type = 'bonus') = (bonus_template_id IS NOT NULL)),
  CHECK ((type = 'freespins') = (freespin_template_id IS NOT NULL))
);
CREATE INDEX challenges_by_game ON challenges (game_id, ends_at);

-- The places taken, first come first served (the site's, in D1 only): a hit delivered while places
-- are left takes the next rank, one per player; its prize is owed to the player in the same batch.
CREATE TABLE challenge_claims (
  challenge_id INTEGER NOT NULL REFERENCES challenges (id),
  rank INTEGER NOT NULL CHECK (rank >= 1),
  uid INTEGER NOT NULL REFERENCES users (uid),
  round_id TEXT NOT NULL,
  bet INTEGER NOT NULL,
  win INTEGER NOT NULL,
  currency TEXT NOT NULL,
  hit_at INTEGER NOT NULL,
  claimed_at INTEGER NOT NULL,
  PRIMARY KEY (challenge_id, rank),
  UNIQUE (challenge_id, uid)
) WITHOUT ROWID;

INSERT INTO replica_tables (name, version) VALUES ('challenges', (SELECT version FROM replica_state WHERE id = 1));
CREATE TRIGGER replica_challenges_insert AFTER INSERT ON challenges BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; UPDATE replica_tables SET version = (SELECT version FROM replica_state WHERE id = 1) WHERE name = 'challenges'; END;
CREATE TRIGGER replica_challenges_update AFTER UPDATE ON challenges BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; UPDATE replica_tables SET version = (SELECT version FROM replica_state WHERE id = 1) WHERE name = 'challenges'; END;
CREATE TRIGGER replica_challenges_delete AFTER DELETE ON challenges BEGIN UPDATE replica_state SET version = version + 1 WHERE id = 1; UPDATE replica_tables SET version = (SELECT version FROM replica_state WHERE id = 1) WHERE name = 'challenges'; END;
