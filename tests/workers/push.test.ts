import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { relayInbox } from "../../workers/platform/demo/push-relay";
import { owedPush } from "../../workers/platform/push/send";
import { b64uEncode, generateKeyPair, vapidAuthorization } from "../../workers/platform/push/webpush";
import { registerPlayer } from "./auth-helpers";
import { data, failure, ORIGIN, send } from "./helpers";
import { playerDb } from "./player-db";
import { INBOX_GRACE_MS, sweepInbox } from "../../workers/platform/player/inbox";
import { runTournamentClock } from "../../workers/platform/tournaments/end";
import { runOnePlayersClocks } from "../../workers/platform/player/clock-run";
import { moneyDeps } from "./realtime-helpers";
import { makeTournament } from "./tournament-helpers";

/** Web push (decision 0114): subscriptions, the demo relay, the outbox's delivery and its topics. */

const p256dh = (await generateKeyPair()).publicKey;
const auth = b64uEncode(new Uint8Array(16).fill(7));

/** Runs the player's object's alarm until its outbox is empty (its deliveries done). */
async function drainOutbox(uid: number) {
  const own = playerDb(uid);
  await runDurableObjectAlarm(env.PLAYER.get(env.PLAYER.idFromName(String(uid))));
  expect(
    await own
      .prepare("SELECT key, error FROM player_outbox WHERE kind = 'push.send'")
      .all()
      .then((r) => r.results),
  ).toEqual([]);
}

const owe = (uid: number, topic: "tournaments" | "withdrawals" | "bonuses", key = crypto.randomUUID()) =>
  owedPush(playerDb(uid), uid, {
    key,
    topic,
    title: { message: "push.withdrawalPaid.title" },
    body: { message: "push.withdrawalPaid.body", params: { amount: "$12.50" } },
    url: "/profile/withdraw",
  }).run();

describe("push subscriptions", () => {
  it("answers the site's key and keeps, retopics and forgets a browser's subscription", async () => {
    const p = await registerPlayer();
    const before = await data(p.browser.get("push/getSettings"));
    expect(before).toMatchObject({ enabled: true, public_key: env.VAPID_PUBLIC_KEY, demo_relay: true, subscriptions: [] });
    const endpoint = "https://fcm.googleapis.com/fcm/send/abc";
    const kept = await data(p.browser.post("push/subscribe", { endpoint, p256dh, auth, topics: "withdrawals,tournaments" }));
    expect(kept.subscriptions).toEqual([{ endpoint, topics: ["tournaments", "withdrawals"], demo: false, created_at: expect.any(Number) }]);
    const retopic = await data(p.browser.post("push/setTopics", { endpoint, topics: "bonuses" }));
    expect(retopic.subscriptions[0].topics).toEqual(["bonuses"]);
    expect((await data(p.browser.post("push/unsubscribe", { endpoint }))).subscriptions).toEqual([]);
    await failure(p.browser.post("push/setTopics", { endpoint, topics: "" }), 404, "InvalidParameterException");
  });

  it("refuses bad input with each field's error", async () => {
    const p = await registerPlayer();
    const bad = await failure(
      p.browser.post("push/subscribe", { endpoint: "not a url", p256dh: "abc", auth: "!!", topics: "news" }),
      400,
      "InvalidParameterException",
    );
    expect(Object.keys(bad.invalid_parameters ?? {}).sort()).toEqual(["auth", "endpoint", "p256dh", "topics"]);
    // Only a browser's push service: plain http, another host, another port, a look-alike name are refused, nothing kept.
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://push.example.com/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://push.services.mozilla.com.evil.example/wpush/v2/x",
      "https://127.0.0.1/x",
    ]) {
      const refused = await failure(p.browser.post("push/subscribe", { endpoint, p256dh, auth }), 400, "InvalidParameterException");
      expect(refused.invalid_parameters, endpoint).toEqual({ endpoint: ["endpoint must be an https URL of a browser push service"] });
    }
    expect((await data(p.browser.get("push/getSettings"))).subscriptions).toEqual([]);
    // Firefox's, Safari's and Edge's services are taken.
    for (const endpoint of [
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGabc",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ])
      await data(p.browser.post("push/subscribe", { endpoint, p256dh, auth }));
    expect((await data(p.browser.get("push/getSettings"))).subscriptions).toHaveLength(3);
    const short = await failure(
      p.browser.post("push/subscribe", { endpoint: "https://fcm.googleapis.com/fcm/send/x", p256dh: auth, auth: p256dh }),
      400,
      "InvalidParameterException",
    );
    expect(Object.keys(short.invalid_parameters ?? {}).sort()).toEqual(["auth", "p256dh"]);
    await failure(send(`${ORIGIN}/api/push/getSettings`), 401, "AuthorizationException");
  });
});

describe("the demo push relay", () => {
  it("takes a push owed in the player's outbox, encrypted and signed, and its inbox decrypts it in the subscription's locale", async () => {
    const p = await registerPlayer();
    const settings = await data(p.browser.post("push/subscribeDemo?locale=es", { topics: "withdrawals" }));
    const [sub] = settings.subscriptions;
    expect(sub).toMatchObject({ demo: true, topics: ["withdrawals"], endpoint: expect.stringMatching(/\/platform\/demo\/push\/send\/\w+$/) });
    await owe(p.uid, "withdrawals");
    await drainOutbox(p.uid);
    const [message] = await relayInbox(env, { uid: p.uid });
    expect(message).toMatchObject({ title: "Tu retiro está pagado", body: "Te hemos enviado $12.50.", url: "/profile/withdraw" });
    // What the relay stored is ciphertext, not the text.
    const stored = await env.DB.prepare("SELECT body FROM demo_push_messages WHERE id = ?1").bind(message!.id).first<string>("body");
    expect(stored).not.toContain("12.50");
    const json = await (await send(`${ORIGIN}/platform/demo/push/inbox?uid=${p.uid}&format=json`)).json<{ items: { title: string }[] }>();
    expect(json.items.map((i) => i.title)).toEqual(["Tu retiro está pagado"]);
  });

  it("sends only the topics a subscription took", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("push/subscribeDemo", { topics: "tournaments" }));
    await owe(p.uid, "bonuses");
    await owe(p.uid, "withdrawals");
    await drainOutbox(p.uid);
    expect(await relayInbox(env, { uid: p.uid })).toEqual([]);
    await owe(p.uid, "tournaments");
    await drainOutbox(p.uid);
    expect(await relayInbox(env, { uid: p.uid })).toHaveLength(1);
  });

  it("a subscription the push service answers 410 for is deleted", async () => {
    const p = await registerPlayer();
    const { subscriptions } = await data(p.browser.post("push/subscribeDemo", { topics: "bonuses" }));
    const id = subscriptions[0].endpoint.split("/").pop();
    expect((await send(`${ORIGIN}/platform/demo/push/gone/${id}`, { method: "POST" })).status).toBe(200);
    await owe(p.uid, "bonuses");
    await drainOutbox(p.uid);
    expect((await data(p.browser.get("push/getSettings"))).subscriptions).toEqual([]);
  });

  it("never posts to a subscription kept at a host that is not a push service: it is dropped", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("push/subscribeDemo", { topics: "bonuses" }));
    // Kept before the rule (or written around it): the delivery drops it without a request (this
    // test's Worker reaches no network, so a post would fail and stay in the outbox).
    await playerDb(p.uid)
      .prepare("INSERT INTO push_subscriptions (uid, endpoint, p256dh, auth, topics, locale, created_at) VALUES (?1, ?2, ?3, ?4, 'bonuses', 'en', ?5)")
      .bind(p.uid, "https://internal.example/hook", p256dh, auth, Date.now())
      .run();
    await owe(p.uid, "bonuses");
    await drainOutbox(p.uid);
    const left = (await data(p.browser.get("push/getSettings"))).subscriptions as { endpoint: string; demo: boolean }[];
    expect(left.map((s) => s.demo)).toEqual([true]);
    expect(await relayInbox(env, { uid: p.uid })).toHaveLength(1);
  });

  it("refuses a push not signed by the subscription's application server key", async () => {
    const p = await registerPlayer();
    const { subscriptions } = await data(p.browser.post("push/subscribeDemo", {}));
    const endpoint = subscriptions[0].endpoint as string;
    const stranger = { ...(await generateKeyPair()), subject: "mailto:x@example.com" };
    const headers = { authorization: await vapidAuthorization(endpoint, stranger, Date.now()), "content-encoding": "aes128gcm" };
    const res = await send(endpoint, { method: "POST", headers, body: new Uint8Array(200) });
    expect(res.status).toBe(403);
  });

  it("sends a test push after the answer", async () => {
    const p = await registerPlayer();
    await failure(p.browser.post("push/sendTest"), 409, "InvalidParameterException");
    await data(p.browser.post("push/subscribeDemo", {}));
    expect(await data(p.browser.post("push/sendTest"))).toEqual({ subscriptions: 1 });
    await expect.poll(async () => (await relayInbox(env, { uid: p.uid })).map((m) => m.title)).toEqual(["Notifications are on"]);
  });
});

describe("tournament pushes", () => {
  it("the players who joined a tournament get a push when it starts and when it ends; others do not", async () => {
    const now = Date.now();
    const id = await makeTournament({ status: "future", starts_at: now + 60_000, ends_at: now + 3_600_000, games: [] });
    const joined = await registerPlayer();
    const other = await registerPlayer();
    // Subscribed in Spanish (the tournament has a Spanish title) and in Portuguese (it has none).
    const [inSpanish, inPortuguese] = [await registerPlayer(), await registerPlayer()];
    for (const p of [joined, other]) await data(p.browser.post("push/subscribeDemo", { topics: "tournaments" }));
    await data(inSpanish.browser.post("push/subscribeDemo?locale=es", { topics: "tournaments" }));
    await data(inPortuguese.browser.post("push/subscribeDemo?locale=pt", { topics: "tournaments" }));
    await env.DB.prepare(`UPDATE tournaments SET texts = json_set(texts, '$.es', json('{"title":"Torneo de prueba"}')) WHERE id = ?1`).bind(id).run();
    for (const p of [joined, inSpanish, inPortuguese]) {
      await env.DB.prepare("INSERT INTO tournament_entries (tournament_id, uid, points, reached_at, joined_at) VALUES (?1, ?2, 0, ?3, ?3)")
        .bind(id, p.uid, now)
        .run();
    }
    const deliverOwed = async (at: number) => {
      await sweepInbox(env, at + INBOX_GRACE_MS, 500);
      for (const p of [joined, inSpanish, inPortuguese]) await drainOutbox(p.uid);
    };
    expect((await runTournamentClock(moneyDeps(), now + 60_000)).started).toContain(id);
    await deliverOwed(now + 60_000);
    // The title names the tournament in the subscription's locale.
    const title = await env.DB.prepare("SELECT json_extract(texts, '$.en.title') AS title FROM tournaments WHERE id = ?1").bind(id).first<string>("title");
    expect((await relayInbox(env, { uid: joined.uid })).map((m) => [m.title, m.url])).toEqual([
      [`Your tournament “${title}” has started`, `/tournaments/${id}`],
    ]);
    // A second run starts nothing again and owes nothing twice.
    await runTournamentClock(moneyDeps(), now + 61_000);
    expect((await runTournamentClock(moneyDeps(), now + 3_600_000)).finished).toContain(id);
    await deliverOwed(now + 3_600_000);
    expect((await relayInbox(env, { uid: joined.uid })).map((m) => m.title)).toEqual([
      `Your tournament “${title}” has ended`,
      `Your tournament “${title}” has started`,
    ]);
    expect(await relayInbox(env, { uid: other.uid })).toEqual([]);
  });
});

describe("bonus pushes", () => {
  it("a day before an active bonus expires its player's clock owes one push, once", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("push/subscribeDemo", { topics: "bonuses" }));
    const now = Date.now();
    const expires = now + 3 * 86_400_000;
    const own = playerDb(p.uid);
    const template = await env.DB.prepare("SELECT id FROM bonus_templates ORDER BY id LIMIT 1").first<number>("id");
    await own
      .prepare(
        `INSERT INTO player_bonuses (id, uid, template_id, type, status, currency, amount, wager_required, wagered, grant_key, created_at, available_until, activated_at, expires_at)
         VALUES (?1, ?2, ?3, 'casino', 'active', 'USD', 1000, 5000, 0, ?1, ?4, ?4, ?4, ?5)`,
      )
      .bind(`push-test-${crypto.randomUUID()}`, p.uid, template, now, expires)
      .run();
    // The player's clock comes due a day before the end.
    expect(await env.DB.prepare("SELECT due_at FROM player_clocks WHERE uid = ?1").bind(p.uid).first<number>("due_at")).toBe(expires - 86_400_000);
    await runOnePlayersClocks(moneyDeps(), p.uid, expires - 86_400_000 - 1);
    await drainOutbox(p.uid);
    expect(await relayInbox(env, { uid: p.uid })).toEqual([]);
    for (const at of [expires - 86_400_000, expires - 3_600_000]) {
      await runOnePlayersClocks(moneyDeps(), p.uid, at);
      await drainOutbox(p.uid);
    }
    const messages = await relayInbox(env, { uid: p.uid });
    expect(messages.map((m) => [m.title, m.body, m.url])).toEqual([
      ["Your bonus expires soon", "A bonus of yours expires within 24 hours: wager it before it does.", "/profile/bonuses"],
    ]);
  });
});
