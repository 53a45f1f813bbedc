-- Promotions (issue 19, decision 0045): the detail text of a promotion banner, campaign popups
-- aimed at the players a recorded event marks, and the events (events.handle) campaigns react to.
-- Times are Unix seconds, like banners.starts_at / finished_at.

-- The promotions detail popup's text (HTML) of a banner in the 'promotions' position.
ALTER TABLE banners ADD COLUMN content TEXT NOT NULL DEFAULT '';

-- A campaign popup with an audience event shows after login to a signed-in player who recorded
-- that event (events.handle) and has not closed the popup since; NULL: shown only when named.
ALTER TABLE popups ADD COLUMN audience_event TEXT;

-- What players (u:<uid>) and visitors (v:<id>) told the platform through events.handle.
-- params: a flat JSON object. Read by campaigns (the popups' audience) and by the rate limit.
CREATE TABLE player_events (
  id INTEGER PRIMARY KEY,
  subject TEXT NOT NULL,
  event_name TEXT NOT NULL CHECK (length(event_name) BETWEEN 1 AND 64),
  params TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(params)),
  created_at INTEGER NOT NULL
);
CREATE INDEX player_events_by_subject ON player_events (subject, event_name, created_at);
