import type { PushSettings } from "../../../core/api/contract-push";
import { PlatformError } from "../../../core/api/errors";
import type { Handlers, PlatformContext } from "../core/context";
import { pushRelay } from "../providers/push";
import { deliverNow } from "../player/outbox";
import { deliverPush, owedPush, type PushTopic, vapidOf } from "./send";
import { isPushService } from "./services";

/** The push.* methods (issue 43, decision 0114). */
type PushMethods = "push.getSettings" | "push.subscribe" | "push.subscribeDemo" | "push.setTopics" | "push.unsubscribe" | "push.sendTest";

const conflict = (code: string, message: string, field?: string) =>
  new PlatformError("InvalidParameter", message, { status: 409, params: { code }, ...(field ? { fields: { [field]: [message] } } : {}) });

const originOf = (ctx: PlatformContext) => new URL(ctx.request.url).origin;

/** Whether an endpoint is the demo relay's on this site (then plain http is accepted: a local site). */
const isRelayEndpoint = (ctx: PlatformContext, endpoint: string) => pushRelay(ctx.env)?.owns(originOf(ctx), endpoint) ?? false;

async function settings(ctx: PlatformContext): Promise<PushSettings> {
  const vapid = vapidOf(ctx.env);
  const { results } = await ctx
    .player()
    .prepare("SELECT endpoint, topics, created_at FROM push_subscriptions WHERE uid = ?1 ORDER BY id")
    .bind(ctx.uid)
    .all<{ endpoint: string; topics: string; created_at: number }>();
  return {
    enabled: vapid !== null,
    public_key: vapid?.publicKey ?? null,
    demo_relay: vapid !== null && pushRelay(ctx.env) !== null,
    topics: ["tournaments", "withdrawals", "bonuses"],
    subscriptions: results.map((r) => ({
      endpoint: r.endpoint,
      topics: r.topics.split(",").filter(Boolean) as PushTopic[],
      demo: isRelayEndpoint(ctx, r.endpoint),
      created_at: r.created_at,
    })),
  };
}

async function keep(ctx: PlatformContext, sub: { endpoint: string; p256dh: string; auth: string; topics: readonly string[] }): Promise<PushSettings> {
  if (!vapidOf(ctx.env)) throw conflict("push_off", "This site sends no push notifications");
  // A browser's push service (services.ts), or the demo relay's endpoint on this site: never a URL of the client's choosing.
  if (!isRelayEndpoint(ctx, sub.endpoint) && !isPushService(ctx.env, sub.endpoint)) {
    const message = "endpoint must be an https URL of a browser push service";
    throw new PlatformError("InvalidParameter", message, { fields: { endpoint: [message] } });
  }
  await ctx
    .player()
    .prepare(
      `INSERT INTO push_subscriptions (uid, endpoint, p256dh, auth, topics, locale, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
       ON CONFLICT (uid, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, topics = excluded.topics, locale = excluded.locale`,
    )
    .bind(ctx.uid, sub.endpoint, sub.p256dh, sub.auth, sub.topics.join(","), ctx.locale, Date.now())
    .run();
  return settings(ctx);
}

export const pushHandlers: Handlers<PushMethods> = {
  "push.getSettings": (_, ctx) => settings(ctx),
  "push.subscribe": (params, ctx) => keep(ctx, params),
  "push.subscribeDemo": async ({ topics }, ctx) => {
    const vapid = vapidOf(ctx.env);
    if (!vapid) throw conflict("push_off", "This site sends no push notifications");
    const relay = pushRelay(ctx.env);
    if (!relay) throw conflict("demo_off", "The demo push relay does not run here");
    const made = await relay.subscribe(ctx.env, originOf(ctx), ctx.uid, vapid.publicKey);
    return keep(ctx, { endpoint: made.endpoint, ...made.keys, topics });
  },
  "push.setTopics": async ({ endpoint, topics }, ctx) => {
    const r = await ctx
      .player()
      .prepare("UPDATE push_subscriptions SET topics = ?3, locale = ?4 WHERE uid = ?1 AND endpoint = ?2")
      .bind(ctx.uid, endpoint, topics.join(","), ctx.locale)
      .run();
    if (!r.meta.changes) throw new PlatformError("InvalidParameter", "No such subscription", { status: 404, params: { code: "unknown_subscription" } });
    return settings(ctx);
  },
  "push.unsubscribe": async ({ endpoint }, ctx) => {
    await ctx.player().prepare("DELETE FROM push_subscriptions WHERE uid = ?1 AND endpoint = ?2").bind(ctx.uid, endpoint).run();
    return settings(ctx);
  },
  "push.sendTest": async (_, ctx) => {
    const own = ctx.player();
    const n = (await own.prepare("SELECT COUNT(*) AS n FROM push_subscriptions WHERE uid = ?1").bind(ctx.uid).first<number>("n")) ?? 0;
    if (!n || !vapidOf(ctx.env)) throw conflict("no_subscription", "Turn notifications on first");
    const key = `test:${crypto.randomUUID()}`;
    await owedPush(own, ctx.uid, {
      key,
      topic: "test",
      title: { message: "push.test.title" },
      body: { message: "push.test.body" },
      url: "/profile/notification",
    }).run();
    // Delivered after the answer; the player's object's alarm delivers it if this fails.
    ctx.waitUntil(deliverNow(own, `push:${key}`, (body) => deliverPush(ctx.env, own, ctx.uid, body)).catch(() => {}));
    return { subscriptions: n };
  },
};
