-- The withdrawal tracker (issue 43, decision 0112). A withdrawal goes requested → approved → sent →
-- paid, each stage with its time, and while it is not approved the tracker names what it waits for:
-- `hold` is decided when it is requested from the player's records ('review': an amount at or above
-- the review threshold; 'verification': the player's identity is under review; 'bonus': a bonus was
-- completed in the last three days, its winnings are checked against its rules), `hold_until` when a
-- timed hold ends (null for verification: it ends when the identity is verified). `hold` stays after
-- the approval, so a paid withdrawal still says what it waited for. `settle_at` is when it is expected
-- paid (null while that depends on the verification). Rows of older code take null stage times;
-- the payout of a pending one goes through the stages as a new one does.
--
-- cashier_transactions is the player objects' (migration 0064 took it from D1): D1 is given its new
-- definition here for the objects' generated schema, and migration 0083 drops it again (as 0075 and
-- 0076 did); an object rebuilds it with its rows.
CREATE TABLE cashier_transactions (
  id TEXT PRIMARY KEY CHECK (length(id) = 32),
  uid INTEGER NOT NULL REFERENCES users (uid),
  type TEXT NOT NULL CHECK (type IN ('deposit', 'withdrawal')),
  status TEXT NOT NULL CHECK (status IN ('new', 'pending', 'success', 'fail', 'cancel')),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  currency TEXT NOT NULL,
  method TEXT NOT NULL,
  flow TEXT NOT NULL,
  locale TEXT NOT NULL,
  requisites TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(requisites)),
  idempotency_key TEXT NOT NULL,
  settle_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  campaign_offer_id INTEGER,
  polled_at INTEGER,
  hold TEXT CHECK (hold IN ('review', 'verification', 'bonus')),
  hold_until INTEGER,
  approved_at INTEGER,
  sent_at INTEGER,
  paid_at INTEGER,
  UNIQUE (uid, idempotency_key),
  CHECK (type = 'withdrawal' OR (hold IS NULL AND approved_at IS NULL AND sent_at IS NULL AND paid_at IS NULL)),
  CHECK (sent_at IS NULL OR approved_at IS NOT NULL),
  CHECK (paid_at IS NULL OR sent_at IS NOT NULL)
);

-- The site's record of every approval (D1's alone): the players' withdrawals are in their objects,
-- and each approval is delivered here through the player's outbox, once by the withdrawal's id. The
-- cashier publishes the median and the 95th percentile of `approved_at - requested_at` over the last
-- 7 days from these rows. `uid` null: the seeded history of the demo site (scripts/seed-sql.mjs).
CREATE TABLE withdrawal_approvals (
  id TEXT PRIMARY KEY,
  uid INTEGER,
  method TEXT NOT NULL,
  hold TEXT CHECK (hold IN ('review', 'verification', 'bonus')),
  requested_at INTEGER NOT NULL,
  approved_at INTEGER NOT NULL CHECK (approved_at >= requested_at)
) WITHOUT ROWID;
CREATE INDEX withdrawal_approvals_by_time ON withdrawal_approvals (approved_at);
