-- Once a player's tournament points are in their object (decision 0075), the object sends each
-- changed entry's absolute total with the id of the player's last points row as its version
-- (tournaments/entries.ts); an entry takes a delivery only if its version is newer, so a delivery
-- repeated or overtaken changes nothing. Entries moved by D1's own batches keep version 0.
ALTER TABLE tournament_entries ADD COLUMN points_version INTEGER NOT NULL DEFAULT 0;
