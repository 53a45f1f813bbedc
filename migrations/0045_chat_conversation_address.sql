-- Decision 0055 (issue 35): the address a conversation was started from, so the chat can bound how
-- many new visitor conversations one address starts in an hour (a fresh anonymous id per message
-- made 120 operator conversations a minute). Rows from before have none and are not counted.
ALTER TABLE chat_conversations ADD COLUMN ip TEXT;
CREATE INDEX chat_conversations_by_ip ON chat_conversations (ip, created_at) WHERE anonymous_id IS NOT NULL;
