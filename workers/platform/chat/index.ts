import { CHAT_LIMITS } from "../../../core/api/chat-limits";
import { PlatformError } from "../../../core/api/errors";
import type { Handlers, PlatformContext } from "../core/context";
import { chatClock, conversationOf, conversationWaitSeconds, ensureConversation, insertMessage, messagesOf, waitSeconds, type ChatIdentity } from "./store";

/** The caller's chat identity: the signed-in player, else the visitor's anonymous id (required then). */
function identityOf(ctx: PlatformContext, anonymousId: string | undefined): ChatIdentity {
  if (ctx.uid > 0) return { uid: ctx.uid };
  if (anonymousId) return { anonymousId };
  throw new PlatformError("InvalidParameter", "anonymous_id is required for a visitor", {
    fields: { anonymous_id: ["anonymous_id is required for a visitor"] },
  });
}

/** Who the rate limit counts: the chat identity (a visitor's anonymous id, not the site's visitor cookie). */
const subjectOf = (who: ChatIdentity) => ("uid" in who ? `u:${who.uid}` : `a:${who.anonymousId}`);

async function tooMany(ctx: PlatformContext, table: "chat_messages" | "chat_events", subject: string, now: number): Promise<never> {
  const wait = Math.max(
    await waitSeconds(ctx.db, table, "subject", subject, CHAT_LIMITS.perSender, now),
    await waitSeconds(ctx.db, table, "ip", ctx.clientIp, CHAT_LIMITS.perAddress, now),
  );
  throw new PlatformError("TooManyRequests", `Too many chat messages. Try again in ${wait} seconds.`, { params: { retry_after: wait } });
}

/** chat.* and FreshChat.storeChatEvent (decision 0055). */
export const chatHandlers: Handlers<"chat.getConversation" | "chat.sendMessage" | "chat.identify" | "FreshChat.storeChatEvent"> = {
  async "chat.getConversation"(params, ctx) {
    const id = await conversationOf(ctx.db, identityOf(ctx, params.anonymous_id));
    return { conversation_id: id, messages: id ? await messagesOf(ctx.db, id, params.after) : [] };
  },

  async "chat.sendMessage"(params, ctx) {
    const who = identityOf(ctx, params.anonymous_id);
    const now = chatClock.now();
    const subject = subjectOf(who);
    const conversationId = await ensureConversation(ctx.db, who, ctx.locale, ctx.clientIp, now);
    if (conversationId === null) {
      const wait = await conversationWaitSeconds(ctx.db, ctx.clientIp, now);
      throw new PlatformError("TooManyRequests", `Too many new chat conversations from your network. Try again in ${wait} seconds.`, {
        params: { retry_after: wait },
      });
    }
    const message = await insertMessage(ctx.db, { conversationId, author: "user", text: params.text, subject, ip: ctx.clientIp, now });
    if (!message) return tooMany(ctx, "chat_messages", subject, now);
    return { conversation_id: conversationId, message };
  },

  /**
   * The identity switch on sign-in: the visitor's conversation becomes the player's. When the
   * player already has one, the visitor's messages join it (ids keep their order) and the
   * visitor's empty conversation goes — one batch, so a reload never sees half a move.
   */
  async "chat.identify"(params, ctx) {
    const [visitor, player] = await Promise.all([conversationOf(ctx.db, { anonymousId: params.anonymous_id }), conversationOf(ctx.db, { uid: ctx.uid })]);
    if (visitor === null) return { conversation_id: player };
    if (player === null) {
      await ctx.db.prepare(`UPDATE chat_conversations SET uid = ?2, anonymous_id = NULL WHERE id = ?1`).bind(visitor, ctx.uid).run();
      return { conversation_id: visitor };
    }
    await ctx.db.batch([
      ctx.db.prepare(`UPDATE chat_messages SET conversation_id = ?2 WHERE conversation_id = ?1`).bind(visitor, player),
      ctx.db
        .prepare(
          `UPDATE chat_conversations SET last_message_at = MAX(last_message_at, (SELECT last_message_at FROM chat_conversations WHERE id = ?1)) WHERE id = ?2`,
        )
        .bind(visitor, player),
      ctx.db.prepare(`DELETE FROM chat_conversations WHERE id = ?1`).bind(visitor),
    ]);
    return { conversation_id: player };
  },

  async "FreshChat.storeChatEvent"(params, ctx) {
    const now = chatClock.now();
    const subject = ctx.subject();
    const { windowMs, perSender, perAddress } = CHAT_LIMITS;
    const row = await ctx.db
      .prepare(
        `INSERT INTO chat_events (uid, subject, ip, channel_id, conversation_id, text, event, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
         WHERE (SELECT COUNT(*) FROM chat_events WHERE subject = ?2 AND created_at > ?8 - ?9) < ?10
           AND (SELECT COUNT(*) FROM chat_events WHERE ip = ?3 AND created_at > ?8 - ?9) < ?11
         RETURNING id`,
      )
      .bind(
        ctx.uid > 0 ? ctx.uid : null,
        subject,
        ctx.clientIp,
        params.channel_id,
        params.conversation_id,
        params.text,
        params.event,
        now,
        windowMs,
        perSender,
        perAddress,
      )
      .first<{ id: number }>();
    if (!row) return tooMany(ctx, "chat_events", subject, now);
    return { id: row.id };
  },
};
