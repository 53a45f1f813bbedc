import { Hono } from "hono";
import { escapeMarkup } from "../../../core/markup";
import { FAVICON_LINK } from "../auth/oauth-html";
import { b64uDecode, b64uEncode, decryptPayload, generateKeyPair, vapidProblem } from "../push/webpush";
import type { PushRelay } from "../providers/push";
import { demoOn } from "./switches";

/**
 * The demo push relay (decision 0114), DEMO_PROVIDERS `push`: a stand-in for the push service a
 * browser subscribes at (FCM, Mozilla's autopush…), which no test nor demo here can reach. It
 * makes a subscription itself, holding the browser side's keys (`createRelaySubscription`), takes
 * encrypted pushes at its endpoint `POST /platform/demo/push/send/<id>` as a push service does
 * (the VAPID JWT must verify against the subscription's application server key, for this origin;
 * the body must be aes128gcm; a subscription marked gone answers 410), keeps them as they came,
 * and shows them decrypted in its inbox, `GET /platform/demo/push/inbox?subscription=<id>` (or
 * `?uid=<player>`), `&format=json` for tests and tools. `POST /platform/demo/push/gone/<id>` marks
 * a subscription gone, as a browser that unsubscribed would leave it.
 */
export const pushRelayRoutes = new Hono<{ Bindings: Env }>();

export const RELAY_SEND_PATH = "/platform/demo/push/send/";

/** A new subscription at the relay for the player, made for `applicationServerKey`; what a browser's PushManager would answer. */
export async function createRelaySubscription(
  env: Env,
  origin: string,
  uid: number,
  applicationServerKey: string,
  now = Date.now(),
): Promise<{ id: string; endpoint: string; keys: { p256dh: string; auth: string } }> {
  const id = crypto.randomUUID().replace(/-/g, "");
  const keys = await generateKeyPair();
  const auth = b64uEncode(crypto.getRandomValues(new Uint8Array(16)));
  await env.DB.prepare(
    "INSERT INTO demo_push_subscriptions (id, public_key, private_key, auth, application_server_key, uid, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
  )
    .bind(id, keys.publicKey, keys.privateKey, auth, applicationServerKey, uid, now)
    .run();
  return { id, endpoint: `${origin}${RELAY_SEND_PATH}${id}`, keys: { p256dh: keys.publicKey, auth } };
}

/** What the relay answers a push to subscription `id` (RFC 8030 §5: 201 Created with its Location). */
export async function relayAccept(env: Env, id: string, request: Request, now = Date.now()): Promise<Response> {
  const sub = await env.DB.prepare("SELECT application_server_key, gone FROM demo_push_subscriptions WHERE id = ?1")
    .bind(id)
    .first<{ application_server_key: string; gone: number }>();
  if (!sub) return new Response("No such subscription", { status: 404 });
  if (sub.gone) return new Response("Subscription gone", { status: 410 });
  const problem = await vapidProblem(request.headers.get("authorization"), sub.application_server_key, new URL(request.url).origin, now);
  if (problem) return new Response(problem, { status: 403 });
  if (request.headers.get("content-encoding") !== "aes128gcm") return new Response("Content-Encoding must be aes128gcm", { status: 415 });
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.length < 21 + 65 + 17 || body.length > 4096) return new Response("A push body is an aes128gcm record of at most 4096 bytes", { status: 413 });
  const ttl = Number(request.headers.get("ttl"));
  const row = await env.DB.prepare("INSERT INTO demo_push_messages (subscription_id, body, ttl, urgency, received_at) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id")
    .bind(id, b64uEncode(body), Number.isSafeInteger(ttl) ? ttl : null, request.headers.get("urgency"), now)
    .first<{ id: number }>();
  return new Response(null, { status: 201, headers: { location: `/platform/demo/push/message/${row!.id}` } });
}

export type RelayMessage = { id: number; subscription_id: string; received_at: number; title: string; body: string; url: string; text: string };

/** The pushes the relay took for a subscription, or all of a player's, newest first, decrypted. */
export async function relayInbox(env: Env, by: { subscription?: string; uid?: number }): Promise<RelayMessage[]> {
  const { results } = await env.DB.prepare(
    `SELECT m.id, m.subscription_id, m.body AS sealed, m.received_at, s.public_key, s.private_key, s.auth
       FROM demo_push_messages m JOIN demo_push_subscriptions s ON s.id = m.subscription_id
      WHERE (?1 IS NOT NULL AND s.id = ?1) OR (?2 IS NOT NULL AND s.uid = ?2)
      ORDER BY m.id DESC LIMIT 50`,
  )
    .bind(by.subscription ?? null, by.uid ?? null)
    .all<{ id: number; subscription_id: string; sealed: string; received_at: number; public_key: string; private_key: string; auth: string }>();
  return Promise.all(
    results.map(async (r) => {
      let text: string;
      try {
        const plain = await decryptPayload(b64uDecode(r.sealed), { publicKey: r.public_key, privateKey: r.private_key, auth: r.auth });
        text = new TextDecoder().decode(plain);
      } catch {
        text = "";
      }
      let shown: { title?: unknown; body?: unknown; url?: unknown } = {};
      try {
        shown = JSON.parse(text);
      } catch {}
      return {
        id: r.id,
        subscription_id: r.subscription_id,
        received_at: r.received_at,
        title: typeof shown.title === "string" ? shown.title : "",
        body: typeof shown.body === "string" ? shown.body : text,
        url: typeof shown.url === "string" ? shown.url : "",
        text,
      };
    }),
  );
}

pushRelayRoutes.post("/platform/demo/push/send/:id", async (c) => {
  if (!demoOn(c.env, "push")) return c.text("Not found", 404);
  return relayAccept(c.env, c.req.param("id"), c.req.raw);
});

pushRelayRoutes.post("/platform/demo/push/gone/:id", async (c) => {
  if (!demoOn(c.env, "push")) return c.text("Not found", 404);
  const r = await c.env.DB.prepare("UPDATE demo_push_subscriptions SET gone = 1 WHERE id = ?1").bind(c.req.param("id")).run();
  return r.meta.changes ? c.json({ data: { gone: true } }) : c.json({ error: { type: "InvalidParameterException", message: "No such subscription" } }, 404);
});

pushRelayRoutes.get("/platform/demo/push/inbox", async (c) => {
  if (!demoOn(c.env, "push")) return c.text("Not found", 404);
  c.header("cache-control", "no-store");
  const subscription = c.req.query("subscription") || undefined;
  const uidText = c.req.query("uid");
  const uid = uidText && /^\d+$/.test(uidText) ? Number(uidText) : undefined;
  const items = subscription || uid !== undefined ? await relayInbox(c.env, { subscription, uid }) : [];
  if (c.req.query("format") === "json") return c.json({ items });
  const list = items.length
    ? items
        .map(
          (m) => `<li style="border:1px solid #ccc;border-radius:8px;padding:12px;margin:8px 0">
  <p style="margin:0;color:#555;font-size:14px">Push to ${escapeMarkup(m.subscription_id)} · <time datetime="${new Date(m.received_at).toISOString()}">${escapeMarkup(new Date(m.received_at).toISOString().replace("T", " ").slice(0, 19))} UTC</time></p>
  <h2 style="font-size:18px;margin:6px 0">${escapeMarkup(m.title)}</h2>
  <p style="margin:0">${escapeMarkup(m.body)}</p>
  <p style="margin:4px 0 0;color:#555;font-size:14px">Opens ${escapeMarkup(m.url)}</p>
</li>`,
        )
        .join("\n")
    : "<p>No push was sent there.</p>";
  return c.html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${FAVICON_LINK}<title>Demo push inbox</title></head>
<body style="font-family:system-ui,sans-serif;max-width:720px;margin:24px auto;padding:0 16px">
<h1>Demo push inbox</h1>
<p>The pushes the demo push relay took, decrypted with the subscription's keys it holds (a browser would show them as notifications).</p>
<ul style="list-style:none;padding:0">${list}</ul>
</body>
</html>`);
});

/** The relay as the platform's push port sees it (providers/push.ts). */
export const demoPushRelay: PushRelay = {
  owns: (origin, endpoint) =>
    URL.canParse(endpoint) && new URL(endpoint).origin === origin && /^\/platform\/demo\/push\/send\/[\w-]+$/.test(new URL(endpoint).pathname),
  accept: (env, request, now) => relayAccept(env, new URL(request.url).pathname.slice(RELAY_SEND_PATH.length), request, now),
  subscribe: (env, origin, uid, applicationServerKey) => createRelaySubscription(env, origin, uid, applicationServerKey),
};
