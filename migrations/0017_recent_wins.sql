-- games.getRecentWins and the live wins feed (issue 16, decision 0034): real-money rounds that
-- won and were paid, newest first. Partial, so it holds only the rows the feed can show; the
-- query repeats its WHERE terms so SQLite can use it.
CREATE INDEX game_rounds_recent_wins ON game_rounds (created_at DESC, id)
  WHERE mode = 'real' AND win > 0 AND operation_id IS NOT NULL;
