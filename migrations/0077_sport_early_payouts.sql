-- Early payout (issue 42, decision 0107): a match-result pick is paid as a winner once its side leads
-- by the sport's margin (core/early-payout.ts). The feed writes one row per selection the first time
-- a score step gives it that lead, in the step's own batch; every bettor's settlement (at that step,
-- and again at the event's end, so a fan-out cut short still pays) takes the row as the leg's win.
-- D1's alone: the players' objects read it at settlement, as they read the event's results.
CREATE TABLE sport_early_payouts (
  selection_id INTEGER PRIMARY KEY REFERENCES sport_selections (id),
  event_id INTEGER NOT NULL REFERENCES sport_events (id),
  home INTEGER NOT NULL,
  away INTEGER NOT NULL,
  minute INTEGER,
  paid_at INTEGER NOT NULL
);
CREATE INDEX sport_early_payouts_by_event ON sport_early_payouts (event_id);
