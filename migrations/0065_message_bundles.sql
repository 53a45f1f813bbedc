-- A locale's message bundle as one row (issue 39): a page rendered on a fresh isolate read every
-- key of its locale, one D1 row each (~1,264). `message_bundles` keeps a locale's keys as one flat
-- JSON object (key → value). Any change to `messages` (the seed's upserts, an operator's insert,
-- edit or delete, a locale's removal) deletes the bundle of the locale it touched; the next
-- i18n.messages read builds it again from the keys in one statement and keeps it
-- (workers/platform/i18n/bundles.ts). So the bundle is never older than the keys, and writing
-- many keys (the seed's ~5,000) costs one rebuild per locale, on its next read, not one per key.
CREATE TABLE message_bundles (
  locale TEXT PRIMARY KEY,
  bundle TEXT NOT NULL CHECK (json_valid(bundle))
) WITHOUT ROWID;

CREATE TRIGGER messages_bundle_insert AFTER INSERT ON messages BEGIN
  DELETE FROM message_bundles WHERE locale = NEW.locale;
END;
CREATE TRIGGER messages_bundle_update AFTER UPDATE ON messages BEGIN
  DELETE FROM message_bundles WHERE locale IN (OLD.locale, NEW.locale);
END;
CREATE TRIGGER messages_bundle_delete AFTER DELETE ON messages BEGIN
  DELETE FROM message_bundles WHERE locale = OLD.locale;
END;
