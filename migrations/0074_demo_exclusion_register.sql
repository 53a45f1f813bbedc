-- The demo national self-exclusion registers (issue 40, decision 0092): the stand-in's own store,
-- one row per person excluded by a scheme (gamstop, cruks, spelpaus, oasis). D1 only, like the
-- other demo providers' stores. One demo person per register, so the refusal shows on a fresh site.
CREATE TABLE demo_exclusion_register (
  register TEXT NOT NULL,
  last_name TEXT NOT NULL DEFAULT '',
  birth_date TEXT,
  email TEXT,
  added_at INTEGER NOT NULL
);
CREATE INDEX demo_exclusion_register_by_name ON demo_exclusion_register (register, last_name COLLATE NOCASE, birth_date);
INSERT INTO demo_exclusion_register (register, last_name, birth_date, email, added_at) VALUES
  ('gamstop', 'Excluded', '1980-01-01', 'excluded@gamstop.demo', 0),
  ('cruks', 'Excluded', '1980-01-01', 'excluded@cruks.demo', 0),
  ('spelpaus', 'Excluded', '1980-01-01', 'excluded@spelpaus.demo', 0),
  ('oasis', 'Excluded', '1980-01-01', 'excluded@oasis.demo', 0);
