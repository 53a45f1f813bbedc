-- Decision 0052: what players and visitors send through the support form (support.sendFeedback),
-- read by the operator in the demo inbox (/platform/demo/support). `subject` is who sent it for
-- the rate limit ('u:<uid>' or 'v:<visitor id>'), `ip` the client address for the per-address one;
-- both limits count these rows, so no separate counter can drift from what was stored.
CREATE TABLE support_feedback (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER REFERENCES users (uid),
  subject TEXT NOT NULL,
  ip TEXT NOT NULL,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  topic TEXT NOT NULL CHECK (length(topic) BETWEEN 1 AND 32),
  message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 2000),
  page_url TEXT CHECK (page_url IS NULL OR length(page_url) <= 500),
  locale TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'answered')),
  created_at INTEGER NOT NULL,
  answered_at INTEGER
);
CREATE INDEX support_feedback_by_subject ON support_feedback (subject, created_at);
CREATE INDEX support_feedback_by_ip ON support_feedback (ip, created_at);
