-- Decision 0055: the demo chat provider's conversations (one per chat identity) and their
-- messages, and the chat message events a third-party widget reports (FreshChat.storeChatEvent).
-- A conversation belongs to a player (uid) or to a visitor's anonymous chat id, never both; on
-- sign-in the visitor's conversation moves to the player (chat.identify). `subject` and `ip` on
-- messages are what the rate limit counts, like support_feedback (0033).
CREATE TABLE chat_conversations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER UNIQUE REFERENCES users (uid),
  anonymous_id TEXT UNIQUE CHECK (anonymous_id IS NULL OR length(anonymous_id) = 32),
  locale TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_message_at INTEGER NOT NULL,
  CHECK ((uid IS NULL) <> (anonymous_id IS NULL))
);
CREATE INDEX chat_conversations_by_activity ON chat_conversations (last_message_at);

CREATE TABLE chat_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id INTEGER NOT NULL REFERENCES chat_conversations (id),
  author TEXT NOT NULL CHECK (author IN ('user', 'operator')),
  text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
  subject TEXT NOT NULL,
  ip TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX chat_messages_by_conversation ON chat_messages (conversation_id, id);
CREATE INDEX chat_messages_by_subject ON chat_messages (subject, created_at);
CREATE INDEX chat_messages_by_ip ON chat_messages (ip, created_at);

CREATE TABLE chat_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid INTEGER REFERENCES users (uid),
  subject TEXT NOT NULL,
  ip TEXT NOT NULL,
  channel_id TEXT NOT NULL CHECK (length(channel_id) BETWEEN 1 AND 100),
  conversation_id TEXT NOT NULL CHECK (length(conversation_id) BETWEEN 1 AND 100),
  text TEXT NOT NULL CHECK (length(text) <= 4000),
  event TEXT NOT NULL CHECK (event IN ('sent', 'received')),
  created_at INTEGER NOT NULL
);
CREATE INDEX chat_events_by_subject ON chat_events (subject, created_at);
CREATE INDEX chat_events_by_ip ON chat_events (ip, created_at);
