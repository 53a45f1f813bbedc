-- Identity verification (issue 17, decision 0037). The demo verification provider's own books
-- (demo_verification_*: applicants, their uploads, hosted-page tokens, the webhook outbox) stand in
-- for a Sumsub-like service; the platform keeps only what it was told (verification_webhook_events,
-- the users flags). Times are Unix milliseconds.

-- A final rejection the platform was told about: no further attempt is allowed.
ALTER TABLE users ADD COLUMN is_verification_blocked INTEGER NOT NULL DEFAULT 0 CHECK (is_verification_blocked IN (0, 1));

-- One row per attempt of a player. init: documents being collected; pending: submitted, waiting for
-- review; then approved, rejected_retry (a new attempt may start) or rejected_final.
CREATE TABLE demo_verification_applicants (
  id TEXT PRIMARY KEY,
  uid INTEGER NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('init', 'pending', 'approved', 'rejected_retry', 'rejected_final')),
  document_type TEXT CHECK (document_type IS NULL OR document_type IN ('passport', 'id_card', 'driving_licence')),
  review_comment TEXT,
  -- The event of the review decision: the outbox row is written only where this is its event
  -- (the decision's UPDATE and INSERT are one batch; a second decision changes neither).
  review_event_id TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  submitted_at INTEGER,
  reviewed_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX demo_verification_applicants_by_player ON demo_verification_applicants (uid, created_at DESC);
-- At most one open attempt (collecting or under review) per player.
CREATE UNIQUE INDEX demo_verification_applicants_one_open ON demo_verification_applicants (uid) WHERE status IN ('init', 'pending');
CREATE INDEX demo_verification_applicants_pending ON demo_verification_applicants (status, submitted_at);

-- One upload per applicant and kind (a new upload replaces it). The bytes are in chunks: a D1
-- row holds at most 2 MB and an upload may be 5 MB.
CREATE TABLE demo_verification_documents (
  id TEXT PRIMARY KEY,
  applicant_id TEXT NOT NULL REFERENCES demo_verification_applicants (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('front', 'back', 'selfie')),
  -- As read from the file's first bytes, never as the browser claimed.
  content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  size INTEGER NOT NULL CHECK (size > 0 AND size <= 5242880),
  file_name TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  UNIQUE (applicant_id, kind)
);

CREATE TABLE demo_verification_document_chunks (
  document_id TEXT NOT NULL REFERENCES demo_verification_documents (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL CHECK (seq >= 0),
  bytes BLOB NOT NULL,
  PRIMARY KEY (document_id, seq)
);

-- Access tokens of the hosted page: only the SHA-256 of the token is kept.
CREATE TABLE demo_verification_tokens (
  token_hash TEXT PRIMARY KEY,
  applicant_id TEXT NOT NULL REFERENCES demo_verification_applicants (id) ON DELETE CASCADE,
  external_action_id TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL CHECK (expires_at > created_at)
);
CREATE INDEX demo_verification_tokens_by_expiry ON demo_verification_tokens (expires_at);

-- Webhooks the provider owes the platform: written with the decision, delivered and retried
-- with backoff by deliverVerificationWebhooks until the platform accepts (or attempts run out).
CREATE TABLE demo_verification_outbox (
  event_id TEXT PRIMARY KEY,
  applicant_id TEXT NOT NULL REFERENCES demo_verification_applicants (id) ON DELETE CASCADE,
  -- The exact JSON body that is signed and sent.
  payload TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at INTEGER NOT NULL,
  delivered_at INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX demo_verification_outbox_due ON demo_verification_outbox (next_attempt_at) WHERE delivered_at IS NULL;

-- The platform's record of every webhook event applied: a replay is refused (409). Written in
-- the same batch as the event's effect.
CREATE TABLE verification_webhook_events (
  event_id TEXT PRIMARY KEY,
  -- Fresh per delivery: the effect's statements apply only where this delivery's row was inserted.
  receipt TEXT NOT NULL UNIQUE,
  uid INTEGER NOT NULL,
  applicant_id TEXT NOT NULL,
  review_answer TEXT NOT NULL CHECK (review_answer IN ('GREEN', 'RED')),
  review_reject_type TEXT CHECK (review_reject_type IS NULL OR review_reject_type IN ('RETRY', 'FINAL')),
  received_at INTEGER NOT NULL
);
