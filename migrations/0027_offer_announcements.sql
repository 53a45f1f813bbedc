-- The offers' clock announces an offer that starts or ends to its signed-in players in pages of
-- them (decision 0043): a Worker run may send only so many realtime messages. One row per offer
-- and event still being announced; after_uid is the last player told, advanced by a guarded
-- UPDATE so two runs never tell the same page; the row goes when every player was told.
CREATE TABLE offer_announcements (
  offer_id INTEGER NOT NULL REFERENCES campaign_offers (id) ON DELETE CASCADE,
  event TEXT NOT NULL CHECK (event IN ('available', 'deactivated')),
  after_uid INTEGER NOT NULL DEFAULT 0,
  queued_at INTEGER NOT NULL,
  PRIMARY KEY (offer_id, event)
);
