-- Which player a deposit belongs to, for the site (decision 0075): a payment system's callback names
-- only the transaction id, and once a player's cashier_transactions are in their object the
-- platform finds the player here first. Written before the transaction itself (an owner without a
-- transaction is an unknown transaction to a callback, as before); the existing deposits are copied.
CREATE TABLE cashier_transaction_owners (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid),
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO cashier_transaction_owners (id, uid, created_at) SELECT id, uid, created_at FROM cashier_transactions WHERE type = 'deposit';
