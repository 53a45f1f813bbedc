-- Cashback tiers (issue 18 "× the tier's rate"; decision 0040, update 2026-11-27): a programme's
-- rate by loss band in one currency. A week's net loss takes the percent of the highest band whose
-- from_loss it reaches; below every band (or with no bands) the programme's own percent applies.
-- min_loss and max_payout (cashback_programme_terms) still bound the result.
CREATE TABLE cashback_programme_tiers (
  programme_id INTEGER NOT NULL REFERENCES cashback_programmes (id) ON DELETE CASCADE,
  currency TEXT NOT NULL,
  from_loss INTEGER NOT NULL CHECK (from_loss > 0),
  percent INTEGER NOT NULL CHECK (percent BETWEEN 1 AND 100),
  PRIMARY KEY (programme_id, currency, from_loss)
) WITHOUT ROWID;
