-- The jackpots' money moves into one Durable Object per pool (decision 0075,
-- workers/platform/jackpots/pool.ts): a round's contribution, the draw and a win happen there, one
-- call at a time, and the pool writes D1's money columns (at most once a second while busy) with
-- the winners it recorded. D1 keeps the configuration, the shown amount, the winners, and the sum of
-- all contributions (`contributed`) instead of one row per round and pool: the audit identity reads
--   initial_seed + Σ jackpot_winners.reseed + contributed = amount + Σ jackpot_winners.amount
-- An empty pool object starts from its D1 row, so the sum of the rows kept so far goes into it.
ALTER TABLE jackpots ADD COLUMN contributed INTEGER NOT NULL DEFAULT 0 CHECK (typeof(contributed) = 'integer' AND contributed >= 0);
UPDATE jackpots SET contributed = (SELECT COALESCE(SUM(c.amount), 0) FROM jackpot_contributions c WHERE c.jackpot_id = jackpots.id);
DROP TABLE jackpot_contributions;
