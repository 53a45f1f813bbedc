import type { ChatMessage } from "../../../core/api/contract-chat";
import { CHAT_LIMITS, VISITOR_CONVERSATION_LIMITS } from "../../../core/api/chat-limits";

/**
 * The demo chat's storage (migration 0036, decision 0055): one conversation per chat identity —
 * a player's uid or a visitor's anonymous id — and its messages, oldest first.
 */

/** The clock the rate limit reads; tests move it instead of sleeping. */
export const chatClock = { now: (): number => Date.now() };

/** Who is chatting: a signed-in player, or a visitor by the anonymous id the browser keeps. */
export type ChatIdentity = { uid: number } | { anonymousId: string };

const MESSAGE_COLUMNS = "id, author, text, created_at";
const SHOWN = 200;

export const identityWhere = (who: ChatIdentity): [string, string | number] => ("uid" in who ? ["uid = ?1", who.uid] : ["anonymous_id = ?1", who.anonymousId]);

export async function conversationOf(db: D1Database, who: ChatIdentity): Promise<number | null> {
  const [where, value] = identityWhere(who);
  const row = await db.prepare(`SELECT id FROM chat_conversations WHERE ${where}`).bind(value).first<{ id: number }>();
  return row?.id ?? null;
}

/** The conversation's newest messages after `after`, oldest first (at most SHOWN). */
export async function messagesOf(db: D1Database, conversationId: number, after = 0): Promise<ChatMessage[]> {
  const { results } = await db
    .prepare(`SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE conversation_id = ?1 AND id > ?2 ORDER BY id DESC LIMIT ${SHOWN}) ORDER BY id`)
    .bind(conversationId, after)
    .all<ChatMessage>();
  return results;
}

/**
 * The identity's conversation, made on its first message; null when it has none and it is a
 * visitor whose address has started VISITOR_CONVERSATION_LIMITS.perAddress visitor conversations
 * in the window (the check is inside the INSERT, so parallel requests cannot all slip past).
 */
export async function ensureConversation(db: D1Database, who: ChatIdentity, locale: string, ip: string, now: number): Promise<number | null> {
  const [where, value] = identityWhere(who);
  const column = "uid" in who ? "uid" : "anonymous_id";
  const { windowMs, perAddress } = VISITOR_CONVERSATION_LIMITS;
  const guard =
    column === "uid"
      ? "WHERE true"
      : `WHERE EXISTS (SELECT 1 FROM chat_conversations WHERE anonymous_id = ?1)
           OR (SELECT COUNT(*) FROM chat_conversations WHERE ip = ?4 AND anonymous_id IS NOT NULL AND created_at > ?3 - ?5) < ?6`;
  const row = await db
    .prepare(
      // `WHERE true` also keeps SQLite from reading ON CONFLICT as part of the SELECT.
      `INSERT INTO chat_conversations (${column}, locale, created_at, last_message_at, ip) SELECT ?1, ?2, ?3, ?3, ?4 ${guard}
       ON CONFLICT (${column}) DO UPDATE SET locale = excluded.locale RETURNING id`,
    )
    .bind(value, locale, now, ip, ...(column === "uid" ? [] : [windowMs, perAddress]))
    .first<{ id: number }>();
  if (row) return row.id;
  return (await db.prepare(`SELECT id FROM chat_conversations WHERE ${where}`).bind(value).first<{ id: number }>())?.id ?? null;
}

/** Seconds until the address may start a visitor conversation again. */
export async function conversationWaitSeconds(db: D1Database, ip: string, now: number): Promise<number> {
  const { windowMs, perAddress } = VISITOR_CONVERSATION_LIMITS;
  const row = await db
    .prepare(
      `SELECT created_at FROM chat_conversations WHERE ip = ?1 AND anonymous_id IS NOT NULL AND created_at > ?2
       ORDER BY created_at DESC LIMIT 1 OFFSET ?3`,
    )
    .bind(ip, now - windowMs, perAddress - 1)
    .first<{ created_at: number }>();
  return row ? Math.max(1, Math.ceil((row.created_at + windowMs - now) / 1000)) : 1;
}

/**
 * Stores a message unless the sender (`subject`) or its address is over the limit — the check is
 * inside the INSERT, so two tabs cannot both slip past (as support feedback, 0052). Operator
 * replies pass `limit: false`. Answers null when refused.
 */
export async function insertMessage(
  db: D1Database,
  m: { conversationId: number; author: ChatMessage["author"]; text: string; subject: string; ip: string; now: number },
  limit = true,
): Promise<ChatMessage | null> {
  const { windowMs, perSender, perAddress } = CHAT_LIMITS;
  const guard = limit
    ? `WHERE (SELECT COUNT(*) FROM chat_messages WHERE subject = ?4 AND created_at > ?6 - ?7) < ?8
         AND (SELECT COUNT(*) FROM chat_messages WHERE ip = ?5 AND created_at > ?6 - ?7) < ?9`
    : "";
  const values = [m.conversationId, m.author, m.text, m.subject, m.ip, m.now, ...(limit ? [windowMs, perSender, perAddress] : [])];
  const [inserted] = await db.batch<ChatMessage>([
    db
      .prepare(
        `INSERT INTO chat_messages (conversation_id, author, text, subject, ip, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 ${guard} RETURNING ${MESSAGE_COLUMNS}`,
      )
      .bind(...values),
    // Only a stored message moves the conversation up the console's list.
    db
      .prepare(
        `UPDATE chat_conversations SET last_message_at = ?2 WHERE id = ?1 AND EXISTS (SELECT 1 FROM chat_messages WHERE conversation_id = ?1 AND created_at = ?2)`,
      )
      .bind(m.conversationId, m.now),
  ]);
  return inserted!.results[0] ?? null;
}

/** Seconds until `column` = value may send again: until the oldest counted row leaves the window. */
export async function waitSeconds(db: D1Database, table: "chat_messages" | "chat_events", column: "subject" | "ip", value: string, limit: number, now: number) {
  const row = await db
    .prepare(`SELECT created_at FROM ${table} WHERE ${column} = ?1 AND created_at > ?2 ORDER BY created_at DESC LIMIT 1 OFFSET ?3`)
    .bind(value, now - CHAT_LIMITS.windowMs, limit - 1)
    .first<{ created_at: number }>();
  return row ? Math.max(1, Math.ceil((row.created_at + CHAT_LIMITS.windowMs - now) / 1000)) : 0;
}
