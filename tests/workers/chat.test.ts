import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { CHAT_LIMITS, CHAT_TEXT_MAX } from "../../core/api/contract-chat";
import { CHAT_MESSAGE_EVENT } from "../../core/api/chat-limits";
import worker from "../../workers/app";
import { VISITOR_CONVERSATION_IDLE_MS } from "../../workers/platform/chat/retention";
import { chatConsoleRoutes } from "../../workers/platform/demo/chat-console";
import { chatClock } from "../../workers/platform/chat/store";
import { Browser, registerPlayer } from "./auth-helpers";
import { data, failure, ORIGIN, send } from "./helpers";
import { connect, tokenFor } from "./realtime-helpers";

/** The demo chat (chat.*), FreshChat.storeChatEvent and the operator console (decision 0055). */

let counter = 0;
const anonymousId = () => (Date.now().toString(16) + (++counter).toString(16)).padStart(32, "0").slice(-32);
const CONSOLE = `${ORIGIN}/platform/demo/chat`;
const reply = (id: number, text: string) =>
  send(`${CONSOLE}/${id}`, { method: "POST", body: new URLSearchParams({ text }), redirect: "manual", headers: { origin: ORIGIN } });
const consoleJson = async (id: number) => (await send(`${CONSOLE}/${id}?format=json`)).json<any>();

afterEach(() => {
  chatClock.now = () => Date.now();
});

describe("a visitor's chat", () => {
  it("stores a visitor's messages under the anonymous id and answers them oldest first, and only newer ones with after", async () => {
    const b = new Browser();
    const anon = anonymousId();
    expect(await data(b.get("chat/getConversation", { anonymous_id: anon }))).toEqual({ conversation_id: null, messages: [] });
    const first = await data(b.post("chat/sendMessage", { anonymous_id: anon, text: "  Hello, is anyone there?  " }));
    expect(first.message).toMatchObject({ author: "user", text: "Hello, is anyone there?" });
    const second = await data(b.post("chat/sendMessage", { anonymous_id: anon, text: "About my deposit" }));
    expect(second.conversation_id).toBe(first.conversation_id);
    const all = await data(b.get("chat/getConversation", { anonymous_id: anon }));
    expect(all.messages.map((m: any) => m.text)).toEqual(["Hello, is anyone there?", "About my deposit"]);
    const newer = await data(b.get("chat/getConversation", { anonymous_id: anon, after: first.message.id }));
    expect(newer.messages.map((m: any) => m.text)).toEqual(["About my deposit"]);
    // Another visitor's id sees nothing of it.
    expect((await data(new Browser().get("chat/getConversation", { anonymous_id: anonymousId() }))).messages).toEqual([]);
  });

  it("answers the operator's console reply to the visitor's next read", async () => {
    const anon = anonymousId();
    const b = new Browser();
    const { conversation_id, message } = await data(b.post("chat/sendMessage", { anonymous_id: anon, text: "Need help with a bonus" }));
    const res = await reply(conversation_id, "  Happy to help!  ");
    expect(res.status).toBe(303);
    const newer = await data(b.get("chat/getConversation", { anonymous_id: anon, after: message.id }));
    expect(newer.messages).toEqual([expect.objectContaining({ author: "operator", text: "Happy to help!" })]);
  });
});

describe("a player's chat", () => {
  it("delivers the operator's reply over the player's realtime channel", async () => {
    const p = await registerPlayer();
    const { conversation_id } = await data(p.browser.post("chat/sendMessage", { text: "Where is my withdrawal?" }));
    const client = await connect(await tokenFor(p.uid));
    expect((await reply(conversation_id, "It is on its way.")).status).toBe(303);
    let m = await client.next();
    while (m.event !== CHAT_MESSAGE_EVENT) m = await client.next();
    expect(m.data).toMatchObject({ conversation_id, message: { author: "operator", text: "It is on its way." } });
    client.ws.close();
    const mine = await data(p.browser.get("chat/getConversation"));
    expect(mine.messages.map((x: any) => [x.author, x.text])).toEqual([
      ["user", "Where is my withdrawal?"],
      ["operator", "It is on its way."],
    ]);
  });

  it("takes over the visitor's conversation on sign-in (identify), joining the player's own, and a new anonymous id starts empty", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("chat/sendMessage", { text: "Earlier as a player" }));
    const anon = anonymousId();
    await data(new Browser().post("chat/sendMessage", { anonymous_id: anon, text: "Asked before signing in" }));
    const { conversation_id } = await data(p.browser.post("chat/identify", { anonymous_id: anon }));
    const mine = await data(p.browser.get("chat/getConversation"));
    expect(mine.conversation_id).toBe(conversation_id);
    expect(mine.messages.map((x: any) => x.text)).toEqual(["Earlier as a player", "Asked before signing in"]);
    // The visitor's id no longer reads the conversation (the reset after logout uses a new id anyway).
    expect(await data(new Browser().get("chat/getConversation", { anonymous_id: anon }))).toEqual({ conversation_id: null, messages: [] });
  });

  it("gives a player without a conversation the visitor's one", async () => {
    const anon = anonymousId();
    const sent = await data(new Browser().post("chat/sendMessage", { anonymous_id: anon, text: "Hi from a visitor" }));
    const p = await registerPlayer();
    expect(await data(p.browser.post("chat/identify", { anonymous_id: anon }))).toEqual({ conversation_id: sent.conversation_id });
    expect((await data(p.browser.get("chat/getConversation"))).messages.map((x: any) => x.text)).toEqual(["Hi from a visitor"]);
    // An unknown id changes nothing.
    expect(await data(p.browser.post("chat/identify", { anonymous_id: anonymousId() }))).toEqual({ conversation_id: sent.conversation_id });
  });
});

describe("limits and bad input", () => {
  it(`refuses the ${CHAT_LIMITS.perSender + 1}th message in a minute with 429 and the wait, and takes it after`, async () => {
    let now = Date.now();
    chatClock.now = () => now;
    const anon = anonymousId();
    const b = new Browser();
    for (let i = 0; i < CHAT_LIMITS.perSender; i++) await data(b.post("chat/sendMessage", { anonymous_id: anon, text: `message ${i}` }));
    const e = await failure(b.post("chat/sendMessage", { anonymous_id: anon, text: "one too many" }), 429, "TooManyRequestsException");
    expect(e.params).toEqual({ retry_after: CHAT_LIMITS.windowMs / 1000 });
    now += CHAT_LIMITS.windowMs + 1;
    await data(b.post("chat/sendMessage", { anonymous_id: anon, text: "later" }));
    expect((await data(b.get("chat/getConversation", { anonymous_id: anon }))).messages).toHaveLength(CHAT_LIMITS.perSender + 1);
  });

  it("lets one address start 5 visitor conversations an hour: a sixth is a 429 with the wait, the five go on", async () => {
    let now = Date.now();
    chatClock.now = () => now;
    const ip = new Browser().ip;
    const ids = Array.from({ length: 5 }, anonymousId);
    // A fresh anonymous id per message (issue 35): each was a new conversation in the operator's console.
    for (const id of ids) await data(new Browser(ip).post("chat/sendMessage", { anonymous_id: id, text: "hello" }));
    const e = await failure(new Browser(ip).post("chat/sendMessage", { anonymous_id: anonymousId(), text: "hello" }), 429, "TooManyRequestsException");
    expect(e.params).toEqual({ retry_after: 3600 });
    // The conversations it has go on; another address starts its own; a player is not counted.
    await data(new Browser(ip).post("chat/sendMessage", { anonymous_id: ids[0], text: "still here" }));
    await data(new Browser().post("chat/sendMessage", { anonymous_id: anonymousId(), text: "hello" }));
    const p = await registerPlayer();
    await data(p.browser.post("chat/sendMessage", { text: "as a player" }));
    const conversations = await env.DB.prepare("SELECT COUNT(*) AS n FROM chat_conversations WHERE ip = ?1").bind(ip).first<number>("n");
    expect(conversations).toBe(5);
    now += 60 * 60_000 + 1;
    await data(new Browser(ip).post("chat/sendMessage", { anonymous_id: anonymousId(), text: "an hour later" }));
  });

  it.each([
    ["chat/getConversation", "GET", {}, "anonymous_id"],
    ["chat/getConversation", "GET", { anonymous_id: "ABC" }, "anonymous_id"],
    ["chat/getConversation", "GET", { anonymous_id: "0".repeat(32), after: "x" }, "after"],
    ["chat/sendMessage", "POST", { text: "hi" }, "anonymous_id"],
    ["chat/sendMessage", "POST", { anonymous_id: "0".repeat(32) }, "text"],
    ["chat/sendMessage", "POST", { anonymous_id: "0".repeat(32), text: "   " }, "text"],
    ["chat/sendMessage", "POST", { anonymous_id: "0".repeat(32), text: "x".repeat(CHAT_TEXT_MAX + 1) }, "text"],
    ["FreshChat/storeChatEvent", "POST", { channel_id: "c", conversation_id: "v", text: "t", event: "read" }, "event"],
    ["FreshChat/storeChatEvent", "POST", { conversation_id: "v", text: "t", event: "sent" }, "channel_id"],
    ["FreshChat/storeChatEvent", "POST", { channel_id: "c", text: "t", event: "sent" }, "conversation_id"],
  ])("%s %s %j is a 400 naming %s", async (path, verb, params, field) => {
    const b = new Browser();
    const res = verb === "GET" ? b.get(path, params as any) : b.post(path, params as any);
    const e = await failure(res, 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toContain(field);
  });

  it("identify is for a signed-in player, with a well-formed id", async () => {
    await failure(new Browser().post("chat/identify", { anonymous_id: anonymousId() }), 401, "AuthorizationException");
    const p = await registerPlayer();
    const e = await failure(p.browser.post("chat/identify", { anonymous_id: "nope" }), 400, "InvalidParameterException");
    expect(Object.keys(e.invalid_parameters ?? {})).toEqual(["anonymous_id"]);
  });
});

describe("FreshChat.storeChatEvent", () => {
  it("stores a widget's message event with the player", async () => {
    const p = await registerPlayer();
    const { id } = await data(
      p.browser.post("FreshChat/storeChatEvent", { channel_id: "ch-1", conversation_id: "conv-9", text: "Hello agent", event: "sent" }),
    );
    const row = await env.DB.prepare("SELECT uid, channel_id, conversation_id, text, event FROM chat_events WHERE id = ?1").bind(id).first();
    expect(row).toEqual({ uid: p.uid, channel_id: "ch-1", conversation_id: "conv-9", text: "Hello agent", event: "sent" });
  });

  it("refuses a flood with 429", async () => {
    const b = new Browser();
    const body = { channel_id: "c", conversation_id: "v", text: "t", event: "received" };
    for (let i = 0; i < CHAT_LIMITS.perSender; i++) await data(b.post("FreshChat/storeChatEvent", body));
    await failure(b.post("FreshChat/storeChatEvent", body), 429, "TooManyRequestsException");
  });
});

describe("the operator console", () => {
  it("lists conversations with the newest activity first and shows one with its messages, escaped", async () => {
    const anon = anonymousId();
    const { conversation_id } = await data(new Browser().post("chat/sendMessage", { anonymous_id: anon, text: "<b>bold</b> question" }));
    const list = await (await send(CONSOLE)).text();
    expect(list).toContain(`data-id="${conversation_id}"`);
    const page = await (await send(`${CONSOLE}/${conversation_id}`)).text();
    expect(page).toContain("&lt;b&gt;bold&lt;/b&gt; question");
    expect(page).not.toContain("<b>bold</b>");
    const json = await (await send(`${CONSOLE}?format=json`)).json<any>();
    const times = json.conversations.map((c: any) => c.last_message_at);
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    expect(json.conversations.find((c: any) => c.id === conversation_id)).toMatchObject({ uid: null, last_text: "<b>bold</b> question", last_author: "user" });
  });

  it("refuses an empty reply keeping nothing, and answers 404 for an unknown conversation", async () => {
    const { conversation_id } = await data(new Browser().post("chat/sendMessage", { anonymous_id: anonymousId(), text: "hello" }));
    expect((await reply(conversation_id, "   ")).status).toBe(400);
    expect((await consoleJson(conversation_id)).messages).toHaveLength(1);
    expect((await reply(999999, "hi")).status).toBe(404);
    expect((await send(`${CONSOLE}/abc`)).status).toBe(404);
  });

  it("does not exist in production", async () => {
    const production = { ...env, APP_ENV: "production" } as Env;
    for (const [path, init] of [
      ["/platform/demo/chat", {}],
      ["/platform/demo/chat/1", {}],
      ["/platform/demo/chat/1", { method: "POST", body: new URLSearchParams({ text: "x" }) }],
    ] as const) {
      const res = await chatConsoleRoutes.fetch(new Request(`https://playfront.test${path}`, init), production);
      expect(res.status).toBe(404);
    }
  });
});

describe("retention (scheduled)", () => {
  /** One tick of the Worker's cron trigger at `scheduledTime`. */
  async function tick(scheduledTime: number): Promise<void> {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }
  const messagesIn = (id: number) => env.DB.prepare("SELECT COUNT(*) AS n FROM chat_messages WHERE conversation_id = ?1").bind(id).first<number>("n");
  const exists = async (id: number) => (await env.DB.prepare("SELECT 1 FROM chat_conversations WHERE id = ?1").bind(id).first()) !== null;

  it("deletes a visitor's conversation and its messages after 30 idle days, never a player's or an active one", async () => {
    const t0 = Date.now();
    chatClock.now = () => t0;
    const idle = await data(new Browser().post("chat/sendMessage", { anonymous_id: anonymousId(), text: "anyone?" }));
    expect((await reply(idle.conversation_id, "Yes, how can I help?")).status).toBe(303);
    const p = await registerPlayer();
    const player = await data(p.browser.post("chat/sendMessage", { text: "as a player" }));
    const activeId = anonymousId();
    const active = await data(new Browser().post("chat/sendMessage", { anonymous_id: activeId, text: "first" }));
    chatClock.now = () => t0 + 20 * 24 * 60 * 60_000;
    await data(new Browser().post("chat/sendMessage", { anonymous_id: activeId, text: "twenty days later" }));

    await tick(t0 + VISITOR_CONVERSATION_IDLE_MS + 60_000);
    expect(await exists(idle.conversation_id)).toBe(false);
    expect(await messagesIn(idle.conversation_id)).toBe(0);
    expect([await exists(player.conversation_id), await exists(active.conversation_id)]).toEqual([true, true]);
    expect(await messagesIn(active.conversation_id)).toBe(2);
    // The visitor who comes back starts afresh; a second run changes nothing else.
    await tick(t0 + VISITOR_CONVERSATION_IDLE_MS + 120_000);
    expect([await exists(player.conversation_id), await exists(active.conversation_id)]).toEqual([true, true]);
  });
});
