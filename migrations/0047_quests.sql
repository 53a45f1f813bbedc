-- One quest engine (issue 37, workers/platform/quests/): loyalty's quests (0028) and the wheel's
-- (0029) were two copies of one idea over two table pairs. A quest now names its owner — a loyalty
-- programme, whose account its reward's points go to, or a wheel campaign, whose spin balance its
-- reward's spins go to — and counts one kind of event (`kind`: the engine's list, e.g. rounds,
-- wagered, deposits; no CHECK, so a new kind needs no table rebuild) up to `target` within a
-- period (day; week from Monday 00:00 UTC; ever); completing it pays `reward` once per period.
CREATE TABLE quests (
  id INTEGER PRIMARY KEY,
  owner TEXT NOT NULL CHECK (owner IN ('loyalty', 'wheel')),
  owner_id INTEGER NOT NULL,
  sysname TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  game_kind TEXT,
  target INTEGER NOT NULL CHECK (target > 0),
  period TEXT NOT NULL CHECK (period IN ('day', 'week', 'ever')),
  reward INTEGER NOT NULL CHECK (reward > 0),
  image TEXT,
  texts TEXT NOT NULL DEFAULT '{}',
  position INTEGER NOT NULL DEFAULT 0,
  is_enabled INTEGER NOT NULL DEFAULT 1 CHECK (is_enabled IN (0, 1))
);
CREATE INDEX quests_by_owner ON quests (owner, owner_id, position);
CREATE INDEX quests_by_kind ON quests (kind, is_enabled);

-- period_start: the start of the quest's period the progress belongs to (0 for 'ever').
CREATE TABLE quest_progress (
  uid INTEGER NOT NULL REFERENCES users (uid),
  quest_id INTEGER NOT NULL REFERENCES quests (id),
  period_start INTEGER NOT NULL,
  progress INTEGER NOT NULL DEFAULT 0 CHECK (progress >= 0),
  completed_at INTEGER,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (uid, quest_id, period_start)
) WITHOUT ROWID;
CREATE INDEX quest_progress_completed ON quest_progress (uid, completed_at);

-- Loyalty's quests keep their ids (the loyalty ledger's quest rows and notices name them); the
-- wheel's follow them, each id moved by the largest loyalty id, and the spin ledger's quest rows
-- (ref and key 'quest:<id>:<period start>') move with them, so a quest completed in this period
-- stays completed and pays nothing twice.
INSERT INTO quests (id, owner, owner_id, sysname, kind, game_kind, target, period, reward, image, texts, position, is_enabled)
  SELECT id, 'loyalty', program_id, sysname, kind, game_kind, target, period, reward_points, image, texts, position, is_enabled FROM loyalty_quests;
INSERT INTO quests (id, owner, owner_id, sysname, kind, game_kind, target, period, reward, image, texts, position, is_enabled)
  SELECT id + (SELECT COALESCE(MAX(id), 0) FROM loyalty_quests), 'wheel', campaign_id, sysname, kind, game_kind, target, period, reward_spins, image, texts, position, is_enabled
  FROM wheel_quests;
INSERT INTO quest_progress (uid, quest_id, period_start, progress, completed_at, updated_at)
  SELECT uid, quest_id, period_start, progress, completed_at, updated_at FROM loyalty_quest_progress;
INSERT INTO quest_progress (uid, quest_id, period_start, progress, completed_at, updated_at)
  SELECT uid, quest_id + (SELECT COALESCE(MAX(id), 0) FROM loyalty_quests), period_start, progress, completed_at, updated_at FROM wheel_quest_progress;
UPDATE wheel_spin_ledger SET
  key = 'quest:' || (CAST(ref AS INTEGER) + (SELECT COALESCE(MAX(id), 0) FROM loyalty_quests)) || ':' || substr(key, length('quest:' || ref || ':') + 1),
  ref = CAST(ref AS INTEGER) + (SELECT COALESCE(MAX(id), 0) FROM loyalty_quests)
WHERE reason = 'quest';

DROP TABLE wheel_quest_progress;
DROP TABLE loyalty_quest_progress;
DROP TABLE wheel_quests;
DROP TABLE loyalty_quests;
