/**
 * The demo chat's limits and wire names (decision 0055), in a file of their own so the lazily
 * loaded chat panel does not carry the contract (and Zod).
 */
export const CHAT_TEXT_MAX = 1000;
/** A visitor's anonymous chat id: 32 lowercase hex digits, made in the browser (crypto.getRandomValues). */
export const ANONYMOUS_ID = /^[0-9a-f]{32}$/;
/** How many messages one identity, and one client address, may send in the window; more is a 429. */
export const CHAT_LIMITS = { windowMs: 60 * 1000, perSender: 12, perAddress: 120 } as const;
/**
 * How many new visitor conversations one client address may start in the window; more is a 429.
 * An anonymous id is the browser's to make up, so the per-identity limit alone let one client
 * open a conversation per message (decision 0055). A visitor keeps writing in its own conversation.
 */
export const VISITOR_CONVERSATION_LIMITS = { windowMs: 60 * 60 * 1000, perAddress: 5 } as const;
/** The realtime event that brings an operator's reply to a signed-in player (SPEC §4 channel). */
export const CHAT_MESSAGE_EVENT = "chat.message";
/** How often an open panel of a visitor asks for new messages (visitors have no realtime channel). */
export const VISITOR_POLL_MS = 3000;
