-- The wheel's winners list (decision 0047) as the site's own projection (decision 0075): once each
-- player's spins are in their object, FortuneWheels.wheelSpinResults (scope winners) cannot read
-- every player's wheel_spins; a spin that paid something is delivered here from the player's
-- outbox, once (by its id). The seed's hash is the commitment shown; the seed itself stays in the
-- player's object (their own spins show it once revealed).
CREATE TABLE wheel_winners (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL,
  campaign_id INTEGER NOT NULL,
  sector_id INTEGER NOT NULL,
  sector_index INTEGER NOT NULL,
  reward TEXT NOT NULL CHECK (json_valid(reward)),
  reward_type TEXT NOT NULL CHECK (reward_type <> 'nothing'),
  fallback_paid INTEGER NOT NULL,
  server_seed_hash TEXT NOT NULL,
  client_seed TEXT NOT NULL,
  nonce INTEGER NOT NULL,
  weights TEXT NOT NULL CHECK (json_valid(weights)),
  ticket INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX wheel_winners_by_campaign ON wheel_winners (campaign_id, created_at DESC, id);
