import { z } from "zod";
import { method, refusal } from "./define";
import { ANONYMOUS_ID, CHAT_LIMITS, CHAT_TEXT_MAX, VISITOR_CONVERSATION_LIMITS } from "./chat-limits";

export { ANONYMOUS_ID, CHAT_LIMITS, CHAT_TEXT_MAX } from "./chat-limits";

/**
 * Chat methods of the /api contract (issue 24, decision 0055): the demo chat provider served by
 * the Worker (a conversation per player or per visitor's anonymous id, answered from the operator
 * console at /platform/demo/chat) and SPEC §7's FreshChat.storeChatEvent for third-party widgets.
 */

const anonymousId = z.string({ error: "anonymous_id must be text" }).regex(ANONYMOUS_ID, "anonymous_id must be 32 lowercase hex digits");

export const ChatMessage = z.strictObject({
  id: z.number().int(),
  /** `user`: the player or visitor; `operator`: a reply from the console. */
  author: z.enum(["user", "operator"]),
  text: z.string(),
  /** Unix ms. */
  created_at: z.number().int(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ChatConversation = z.strictObject({
  /** null until the first message. */
  conversation_id: z.number().int().nullable(),
  /** Oldest first; with `after`, only the newer ones. */
  messages: z.array(ChatMessage),
});
export type ChatConversation = z.infer<typeof ChatConversation>;

const limitsText = `At most ${CHAT_LIMITS.perSender} messages per identity and ${CHAT_LIMITS.perAddress} per address a minute, else 429 with params.retry_after (seconds).`;
const conversationsText = `A visitor's first message starts a conversation: at most ${VISITOR_CONVERSATION_LIMITS.perAddress} per address an hour, else 429 with params.retry_after.`;

export const chatMethods = {
  "chat.getConversation": method({
    group: "chat",
    name: "getConversation",
    verb: "GET",
    access: "public",
    summary:
      "The demo chat's conversation of the caller: a signed-in player's own, else the visitor's of anonymous_id (required for a visitor). " +
      "`after`: only messages with a greater id (a visitor's open panel polls with it).",
    params: z.object({
      anonymous_id: anonymousId.optional(),
      after: z.coerce
        .number({ error: "after must be a number" })
        .int("after must be an integer")
        .min(0, "after must be 0 or more")
        .max(2 ** 53, "after is too large")
        .default(0),
    }),
    result: ChatConversation,
  }),
  "chat.sendMessage": method({
    group: "chat",
    name: "sendMessage",
    verb: "POST",
    access: "public",
    refuses: [refusal.throttled],
    summary: `Send a message to the demo chat's operator, as the signed-in player, else as the visitor of anonymous_id (required for a visitor). ${limitsText} ${conversationsText} Answers the stored message.`,
    params: z.object({
      anonymous_id: anonymousId.optional(),
      text: z
        .string({ error: (i) => (i.input === undefined ? "text is required" : "text must be text") })
        .trim()
        .min(1, "text is required")
        .max(CHAT_TEXT_MAX, `text must be at most ${CHAT_TEXT_MAX} characters`),
    }),
    result: z.strictObject({ conversation_id: z.number().int(), message: ChatMessage }),
  }),
  "chat.identify": method({
    group: "chat",
    name: "identify",
    verb: "POST",
    access: "player",
    summary:
      "After sign-in or registration: the visitor's conversation of anonymous_id becomes the player's (its messages join the player's conversation), " +
      "so the chat goes on under the player's identity. Answers the player's conversation id (null when neither had one).",
    params: z.object({ anonymous_id: anonymousId }),
    result: z.strictObject({ conversation_id: z.number().int().nullable() }),
  }),
  "FreshChat.storeChatEvent": method({
    group: "FreshChat",
    name: "storeChatEvent",
    verb: "POST",
    access: "public",
    refuses: [refusal.throttled],
    summary: `SPEC §3/§7: a chat message event of a third-party chat widget (sent by the visitor or received from an agent), stored for the operator. ${limitsText}`,
    params: z.object({
      channel_id: z.string({ error: "channel_id is required" }).trim().min(1, "channel_id is required").max(100, "channel_id must be at most 100 characters"),
      conversation_id: z
        .string({ error: "conversation_id is required" })
        .trim()
        .min(1, "conversation_id is required")
        .max(100, "conversation_id must be at most 100 characters"),
      text: z.string({ error: "text is required" }).max(4000, "text must be at most 4000 characters"),
      event: z.enum(["sent", "received"], { error: "event must be sent or received" }),
    }),
    result: z.strictObject({ id: z.number().int() }),
  }),
};
