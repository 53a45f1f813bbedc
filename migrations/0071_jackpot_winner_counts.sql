-- How many winners each jackpot has, and all of them (jackpot_id 0), kept by triggers (issue 39):
-- Jackpots.getWinners answered its count with COUNT(*) over every winner of the site, so a
-- jackpot's page and /winners read more rows with every win the site ever paid. A site table (D1
-- only), beside jackpot_winners.
CREATE TABLE jackpot_winner_counts (
  jackpot_id INTEGER PRIMARY KEY,
  n INTEGER NOT NULL
);

INSERT INTO jackpot_winner_counts (jackpot_id, n) SELECT jackpot_id, COUNT(*) FROM jackpot_winners GROUP BY jackpot_id;
INSERT INTO jackpot_winner_counts (jackpot_id, n) SELECT 0, COUNT(*) FROM jackpot_winners;

CREATE TRIGGER jackpot_winner_counts_insert AFTER INSERT ON jackpot_winners BEGIN
  INSERT INTO jackpot_winner_counts (jackpot_id, n) VALUES (NEW.jackpot_id, 1), (0, 1)
  ON CONFLICT (jackpot_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER jackpot_winner_counts_delete AFTER DELETE ON jackpot_winners BEGIN
  UPDATE jackpot_winner_counts SET n = n - 1 WHERE jackpot_id IN (OLD.jackpot_id, 0);
END;
CREATE TRIGGER jackpot_winner_counts_update AFTER UPDATE OF jackpot_id ON jackpot_winners WHEN NEW.jackpot_id <> OLD.jackpot_id BEGIN
  UPDATE jackpot_winner_counts SET n = n - 1 WHERE jackpot_id = OLD.jackpot_id;
  INSERT INTO jackpot_winner_counts (jackpot_id, n) VALUES (NEW.jackpot_id, 1)
  ON CONFLICT (jackpot_id) DO UPDATE SET n = n + 1;
END;
