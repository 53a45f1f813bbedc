-- The bonus X-ray's average slot RTP (decision 0042), kept with the catalogue's derived data: the
-- ranks rebuild stores it, so a signed-in page reads one row instead of scanning every game
-- (3,301 rows read per cold isolate before). NULL until the first rebuild.
ALTER TABLE game_catalogue_state ADD COLUMN slots_rtp_bp INTEGER;
UPDATE game_catalogue_state
SET slots_rtp_bp = (SELECT CAST(round(AVG(rtp_bp)) AS INTEGER) FROM games WHERE kind NOT IN ('live', 'table') AND is_sportsbook = 0)
WHERE id = 1;
