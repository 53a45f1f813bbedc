-- A unit of stock reserved in D1 before a player's batch uses it (decision 0075): a loyalty
-- product's or a wheel sector's stock is what many players use up, so it is counted in D1 only
-- (the copy in each player's object is stale), while the purchase or the spin is written in the
-- player's own tables (workers/platform/rewards/stock.ts). The reservation's batch takes the unit
-- and writes this row, keyed by the player's request (a retry finds the row and takes no second
-- unit); the row is marked consumed once the player's batch wrote what used the unit, or deleted
-- with the unit given back when it did not. A row still held after the grace (the Worker died
-- between) is settled by the minute cron from the player's tables: consumed if the purchase or
-- the spin exists, else given back. `token` is the attempt holding it: only that attempt gives it back.
CREATE TABLE stock_reservations (
  key TEXT PRIMARY KEY,
  uid INTEGER NOT NULL,
  item TEXT NOT NULL CHECK (item IN ('loyalty_products', 'wheel_sectors')),
  item_id INTEGER NOT NULL,
  ref TEXT NOT NULL,
  token TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  consumed_at INTEGER
) WITHOUT ROWID;
CREATE INDEX stock_reservations_held ON stock_reservations (created_at) WHERE consumed_at IS NULL;
CREATE INDEX stock_reservations_consumed ON stock_reservations (consumed_at) WHERE consumed_at IS NOT NULL;
