-- Issue 35 (decision 0059). A deposit bonus not yet activated is cancelled, in the withdrawal's own
-- batch, when the withdrawal leaves the main balance below the deposits it was granted for; the
-- bonus keeps why it ended, so the bonus list and bonuses.activate can say so. NULL: an ordinary end.
ALTER TABLE player_bonuses ADD COLUMN end_reason TEXT CHECK (end_reason IS NULL OR end_reason = 'deposit_withdrawn');

-- The clock also asks the payment systems about open deposits (a lost callback). polled_at: when
-- the clock last asked, so a backlog of abandoned payments is asked in turn (oldest-asked first)
-- and cannot keep newer ones waiting. The partial index holds only open deposits.
ALTER TABLE cashier_transactions ADD COLUMN polled_at INTEGER;
CREATE INDEX cashier_transactions_open_deposits ON cashier_transactions (polled_at) WHERE type = 'deposit' AND status IN ('new', 'pending');
