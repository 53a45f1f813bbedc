/**
 * Visitors' conversations do not live for ever (decision 0055): one idle for 30 days (no message
 * either way) is deleted with its messages. A visitor who comes back after that starts a new one;
 * a player's conversation is part of the account's support history and stays. The cron runs every
 * minute and each run deletes at most SWEEP_BATCH conversations (each one's messages with it, in
 * one batch), so a backlog drains over several runs. Repeating a run deletes nothing more.
 */
export const VISITOR_CONVERSATION_IDLE_MS = 30 * 24 * 60 * 60_000;
export const SWEEP_BATCH = 50;

/** Deletes visitors' conversations idle past VISITOR_CONVERSATION_IDLE_MS, oldest first; answers how many. */
export async function sweepVisitorConversations(db: D1Database, now: number, limit = SWEEP_BATCH): Promise<number> {
  // Both statements pick the same conversations: one batch is one transaction, and deleting
  // messages changes no conversation's last_message_at.
  const idle = `SELECT id FROM chat_conversations WHERE anonymous_id IS NOT NULL AND last_message_at < ?1 ORDER BY last_message_at LIMIT ?2`;
  const cutoff = now - VISITOR_CONVERSATION_IDLE_MS;
  const [, conversations] = await db.batch([
    db.prepare(`DELETE FROM chat_messages WHERE conversation_id IN (${idle})`).bind(cutoff, limit),
    db.prepare(`DELETE FROM chat_conversations WHERE id IN (${idle})`).bind(cutoff, limit),
  ]);
  return conversations!.meta.changes;
}
