-- When each player's clocks are next due (decision 0075, slice 3): once a player's bonuses, packs,
-- subscriptions, deposits and ledger are in their object, the minute cron cannot read every
-- player's rows at once; each object tells D1 here when something of theirs is next due (a bonus
-- expiring, a pack running out, a subscription to warn or renew, a deposit to ask about, a week's
-- cashback) and the cron runs the clocks of the players due at its time. due_at NULL: nothing due.
-- version: the object's count of its answers; a late delivery of an older one changes nothing.
-- No reference to users: it is an index the objects keep, written from their outboxes.
CREATE TABLE player_clocks (
  uid INTEGER PRIMARY KEY,
  due_at INTEGER,
  version INTEGER NOT NULL
);
CREATE INDEX player_clocks_due ON player_clocks (due_at) WHERE due_at IS NOT NULL;
