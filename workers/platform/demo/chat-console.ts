import { Hono } from "hono";
import { demoOnly } from "./switches";
import { CHAT_MESSAGE_EVENT, CHAT_TEXT_MAX } from "../../../core/api/chat-limits";
import type { ChatMessage } from "../../../core/api/contract-chat";
import { publish } from "../../realtime/publish";
import { escapeMarkup } from "../../../core/markup";
import { htmlPage } from "../auth/oauth-html";
import { chatClock, insertMessage, messagesOf } from "../chat/store";

/**
 * The demo chat's operator console (`/platform/demo/chat`, decision 0055): the conversations,
 * newest activity first; one opened with its messages and a reply form. A reply reaches a
 * signed-in player at once over the player's realtime channel; a visitor's open panel polls for it.
 * Plain forms, no scripts; 404 in production like the other demo consoles. `?format=json` for tests.
 */
export const CHAT_CONSOLE_PATH = "/platform/demo/chat";
export const chatConsoleRoutes = new Hono<{ Bindings: Env }>();

const LISTED = 50;

/** A conversation as the console lists it. */
export interface ConsoleConversation {
  id: number;
  uid: number | null;
  login: string | null;
  locale: string;
  last_message_at: number;
  last_text: string | null;
  last_author: ChatMessage["author"] | null;
}

chatConsoleRoutes.use(CHAT_CONSOLE_PATH, demoOnly("chat"));
chatConsoleRoutes.use(`${CHAT_CONSOLE_PATH}/*`, demoOnly("chat"));

const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");
const who = (c: Pick<ConsoleConversation, "uid" | "login">) => (c.uid ? `player #${c.uid}${c.login ? ` (${escapeMarkup(c.login)})` : ""}` : "visitor");

function conversations(db: D1Database) {
  return db
    .prepare(
      `SELECT c.id, c.uid, u.login, c.locale, c.last_message_at,
         (SELECT text FROM chat_messages WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1) AS last_text,
         (SELECT author FROM chat_messages WHERE conversation_id = c.id ORDER BY id DESC LIMIT 1) AS last_author
       FROM chat_conversations c LEFT JOIN users u ON u.uid = c.uid
       ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${LISTED}`,
    )
    .all<ConsoleConversation>()
    .then((r) => r.results);
}

const conversation = (db: D1Database, id: number) =>
  db
    .prepare(`SELECT c.id, c.uid, u.login, c.locale FROM chat_conversations c LEFT JOIN users u ON u.uid = c.uid WHERE c.id = ?1`)
    .bind(id)
    .first<Pick<ConsoleConversation, "id" | "uid" | "login" | "locale">>();

const idParam = (raw: string | undefined) => (raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null);

chatConsoleRoutes.get(CHAT_CONSOLE_PATH, async (c) => {
  const list = await conversations(c.env.DB);
  if (c.req.query("format") === "json") {
    c.header("cache-control", "no-store");
    return c.json({ conversations: list });
  }
  const items = list.length
    ? list
        .map(
          (v) => `<li data-testid="chat-conversation" data-id="${v.id}" style="padding:8px 0;border-top:1px solid #ccd">
      <a href="${CHAT_CONSOLE_PATH}/${v.id}">Conversation ${v.id}</a> · ${who(v)} · ${escapeMarkup(v.locale)} ·
      <time datetime="${new Date(v.last_message_at).toISOString()}">${utc(v.last_message_at)} UTC</time>
      ${v.last_text ? `<p style="margin:4px 0;white-space:pre-wrap">${v.last_author === "operator" ? "You: " : ""}${escapeMarkup(v.last_text.slice(0, 140))}</p>` : ""}
    </li>`,
        )
        .join("")
    : "";
  const body = `<style>main{max-width:760px}</style><h1>Chat console</h1>
  <p>The demo chat's conversations (not shown in production), newest activity first, at most ${LISTED}.</p>
  ${items ? `<ul style="list-style:none;padding:0">${items}</ul>` : `<p data-testid="chat-empty">No conversations yet.</p>`}`;
  return htmlPage("Chat console", body);
});

async function conversationPage(db: D1Database, id: number, notice = "", typed = "", status = 200): Promise<Response> {
  const conv = await conversation(db, id);
  if (!conv)
    return htmlPage(
      "Chat console",
      `<h1>Chat console</h1><p role="status">This conversation does not exist.</p><p><a href="${CHAT_CONSOLE_PATH}">All conversations</a></p>`,
      404,
    );
  const messages = await messagesOf(db, id);
  const list = messages
    .map(
      (m) => `<li data-testid="chat-console-message" data-author="${m.author}" style="padding:6px 0;border-top:1px solid #eef">
      <strong>${m.author === "operator" ? "Operator" : "Customer"}</strong> · <time datetime="${new Date(m.created_at).toISOString()}">${utc(m.created_at)} UTC</time>
      <p style="margin:4px 0;white-space:pre-wrap">${escapeMarkup(m.text)}</p></li>`,
    )
    .join("");
  const body = `<style>main{max-width:760px}textarea{width:100%}</style>
  <p><a href="${CHAT_CONSOLE_PATH}">All conversations</a></p>
  <h1>Conversation ${id}</h1><p>${who(conv)} · ${escapeMarkup(conv.locale)}</p>
  <ul style="list-style:none;padding:0">${list}</ul>
  ${notice ? `<p role="alert" class="error" id="reply-error">${escapeMarkup(notice)}</p>` : ""}
  <form method="post" action="${CHAT_CONSOLE_PATH}/${id}">
    <label for="reply">Reply</label>
    <textarea id="reply" name="text" rows="3" maxlength="${CHAT_TEXT_MAX}" required${notice ? ` aria-describedby="reply-error"` : ""}>${escapeMarkup(typed)}</textarea>
    <button class="primary" type="submit">Send reply</button>
  </form>`;
  return htmlPage(`Chat console — conversation ${id}`, body, status);
}

chatConsoleRoutes.get(`${CHAT_CONSOLE_PATH}/:id`, async (c) => {
  const id = idParam(c.req.param("id"));
  if (id === null) return c.text("Not found", 404);
  if (c.req.query("format") === "json") {
    const conv = await conversation(c.env.DB, id);
    if (!conv) return c.json({ error: "not found" }, 404);
    c.header("cache-control", "no-store");
    return c.json({ ...conv, messages: await messagesOf(c.env.DB, id) });
  }
  return conversationPage(c.env.DB, id);
});

/** The operator's reply (`text`): stored, then pushed to a signed-in player's open tabs; 303 back. */
chatConsoleRoutes.post(`${CHAT_CONSOLE_PATH}/:id`, async (c) => {
  const id = idParam(c.req.param("id"));
  if (id === null) return c.text("Not found", 404);
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const raw = typeof form.text === "string" ? form.text : "";
  const text = raw.trim();
  const conv = await conversation(c.env.DB, id);
  if (!conv) return conversationPage(c.env.DB, id);
  if (!text) return conversationPage(c.env.DB, id, "Write a reply.", raw, 400);
  if (text.length > CHAT_TEXT_MAX) return conversationPage(c.env.DB, id, `A reply is at most ${CHAT_TEXT_MAX} characters.`, raw, 400);
  const message = await insertMessage(
    c.env.DB,
    { conversationId: id, author: "operator", text, subject: "operator", ip: "console", now: chatClock.now() },
    false,
  );
  // Awaited (publish never throws): the player's panel shows the reply by the time the console reloads.
  if (message && conv.uid) await publish(c.env, conv.uid, CHAT_MESSAGE_EVENT, { conversation_id: id, message });
  return new Response(null, { status: 303, headers: { location: `${CHAT_CONSOLE_PATH}/${id}`, "cache-control": "no-store" } });
});
