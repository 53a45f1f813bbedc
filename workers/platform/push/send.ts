import { outboxEntry } from "../player/outbox";
import { pushRelay } from "../providers/push";
import { isPushService } from "./services";
import { readSetting } from "../core/settings";
import { encryptPayload, type Vapid, vapidAuthorization } from "./webpush";

/**
 * Web push's sending side (decision 0114). A push is owed as a row of the player's outbox
 * (`owedPush`, kind `push.send`), written in the batch of the change it tells about, so a crash
 * cannot lose it and the request that made the change never waits for a push service; the
 * object's alarm delivers it (`deliverPush`) to each of the player's subscriptions whose topics
 * include the push's, in the locale the subscription was made in, encrypted (RFC 8291) and signed
 * (RFC 8292). A push service's 404 or 410 deletes that subscription; another failure retries.
 */

export const PUSH_TOPICS = ["tournaments", "withdrawals", "bonuses"] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

/**
 * A placeholder's value: the same in every locale, or one per locale (a tournament's title), with
 * `"*"` for a locale it lacks (English is tried first).
 */
export type PushParam = string | number | Record<string, string>;

/** A text of a push: a site message's key (`push.*` in the seed's messages) and its placeholders' values. */
export type PushText = { message: string; params?: Record<string, PushParam> };

export type OwedPush = {
  /** Names the push once: the same key owed twice is one push (the outbox's key is `push:<key>`). */
  key: string;
  /** The topic a subscription must have chosen to get it; `test` goes to every subscription. */
  topic: PushTopic | "test";
  title: PushText;
  body: PushText;
  /** The site path a click opens, e.g. `/profile/withdraw`. */
  url: string;
};

/** The site's VAPID keys, or null when web push is off (all three empty). */
export function vapidOf(env: Partial<Pick<Env, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT">>): Vapid | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
}

/**
 * The statement that owes the player a push: one row of their outbox, to add to the batch that
 * makes the change the push tells about. `db` is the player's own tables (`ctx.player()`, or
 * `playerTables(env, uid)`); `now` the batch's time (ms). The object's alarm sends it after the
 * batch commits (to the subscriptions that chose `topic`, in each one's locale); the key makes it once.
 *
 * A withdrawal that becomes paid (cashier; the statement goes in the batch whose guarded UPDATE
 * marks it paid, so the push exists exactly when the payment does):
 *
 *     owedPush(ctx.player(), uid, {
 *       key: `withdrawal-paid:${withdrawalId}`,
 *       topic: "withdrawals",
 *       title: { message: "push.withdrawalPaid.title" },
 *       body: { message: "push.withdrawalPaid.body", params: { amount: formatMoney(amount, currency) } },
 *       url: `/profile/withdraw`,
 *     }, now)
 *
 * Write it only in the run whose UPDATE marks the withdrawal paid (a repeated run that changes
 * nothing must not owe it again once the first was delivered and its outbox row removed): e.g. read
 * the withdrawal's status first and add the statement only when it is not paid yet, the UPDATE
 * guarded by that status. A repeat that slips through is shown once: the notification's tag is the key.
 */
export function owedPush(db: D1Database, uid: number, push: OwedPush, now = Date.now()): D1PreparedStatement {
  return outboxEntry(db, { key: `push:${push.key}`, kind: "push.send", body: { uid, ...push } }, now);
}

/** A push's text in SQL: its message key (a literal) and its placeholders' values as SQL expressions. */
export type PushTextSql = { message: string; params?: Record<string, string> };

/** A push owed per row, in SQL: `uid`, `key` and `url` are SQL expressions over the row; the topic and the texts' keys literals. */
export type OwedPushSql = { uid: string; key: string; topic: PushTopic; title: PushTextSql; body: PushTextSql; url: string };

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * owedPush's body (`{uid, key, topic, title, body, url}`) as an SQL expression over a row, for a
 * statement that owes one push per row it finds (a withdrawal paid, a tournament's entrants): the
 * shape has this one home beside owedPush (push-sql.test.ts holds the two together).
 */
export function pushBodySql(p: OwedPushSql): string {
  const text = (t: PushTextSql) => {
    const params = Object.entries(t.params ?? {}).map(([k, v]) => `${literal(k)}, ${v}`);
    return `json_object('message', ${literal(t.message)}${params.length ? `, 'params', json_object(${params.join(", ")})` : ""})`;
  };
  return `json_object('uid', ${p.uid}, 'key', ${p.key}, 'topic', ${literal(p.topic)}, 'title', ${text(p.title)}, 'body', ${text(p.body)}, 'url', ${p.url})`;
}

/**
 * owedPush's INSERT…SELECT form, on the player's tables: one `push.send` outbox row per row that
 * `from` finds (the SQL from FROM on, with a WHERE; its parameters are the caller's), due at `now`
 * (an SQL expression). A key already owed is kept as it is.
 */
export function owedPushesSql(push: OwedPushSql, from: string, now: string): string {
  return `INSERT INTO player_outbox (key, kind, body, created_at, next_at)
    SELECT 'push:' || ${push.key}, 'push.send', ${pushBodySql(push)}, ${now}, ${now} ${from}
    ON CONFLICT (key) DO NOTHING`;
}

/** A placeholder's value in `locale`. */
const inLocale = (value: PushParam, locale: string): string =>
  typeof value === "object" && value !== null ? (value[locale] ?? value.en ?? value["*"] ?? "") : String(value);

const fill = (template: string, locale: string, params: Record<string, PushParam> = {}) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? inLocale(params[name]!, locale) : whole));

/** The push's title and body in `locale` (English, then the key itself, for a missing message). */
async function texts(db: D1Database, locale: string, push: OwedPush): Promise<{ title: string; body: string }> {
  const [{ results }, metadata] = await Promise.all([
    db
      .prepare("SELECT locale, key, value FROM messages WHERE locale IN (?1, 'en') AND key IN (?2, ?3)")
      .bind(locale, push.title.message, push.body.message)
      .all<{ locale: string; key: string; value: string }>(),
    readSetting<{ siteName?: string }>(db, "metadata").catch(() => ({ siteName: undefined })),
  ]);
  const site = metadata?.siteName || "Playfront";
  const pick = (key: string) => (results.find((r) => r.key === key && r.locale === locale) ?? results.find((r) => r.key === key))?.value ?? key;
  return {
    title: fill(pick(push.title.message), locale, { site, ...push.title.params }),
    body: fill(pick(push.body.message), locale, { site, ...push.body.params }),
  };
}

export type PushSubscriptionRow = { id: number; endpoint: string; p256dh: string; auth: string; topics: string; locale: string };

/**
 * Posts one encrypted push. The demo relay's endpoints are answered in this Worker (providers/push.ts),
 * never over the network: a Worker's fetch of its own origin would leave it, and tests and CI
 * reach no internet.
 */
export async function postPush(
  env: Env,
  sub: { endpoint: string; p256dh: string; auth: string },
  payload: string,
  options: { ttl?: number; urgency?: "low" | "normal" | "high" } = {},
  now = Date.now(),
): Promise<Response> {
  const vapid = vapidOf(env);
  if (!vapid) throw new Error("web push is off (no VAPID keys)");
  const body = await encryptPayload(new TextEncoder().encode(payload), sub);
  const request = new Request(sub.endpoint, {
    method: "POST",
    headers: {
      authorization: await vapidAuthorization(sub.endpoint, vapid, now),
      "content-encoding": "aes128gcm",
      "content-type": "application/octet-stream",
      ttl: String(options.ttl ?? 86_400),
      urgency: options.urgency ?? "normal",
    },
    body: body as Uint8Array<ArrayBuffer>,
  });
  const relay = pushRelay(env);
  if (relay?.owns(new URL(sub.endpoint).origin, sub.endpoint)) return relay.accept(env, request, now);
  return fetch(request);
}

/**
 * The `push.send` receiver: sends the owed push to each of the player's subscriptions that chose
 * its topic. `own`: the player's tables (in the object's alarm, its routed `env.DB`); `env.DB`
 * reads the site's messages.
 */
export async function deliverPush(env: Env, own: D1Database, uid: number, body: unknown): Promise<void> {
  const push = body as (OwedPush & { uid?: number }) | null;
  if (push?.uid !== uid) throw new TypeError("push.send: another player's push");
  if (!vapidOf(env)) return;
  const { results } = await own
    .prepare("SELECT id, endpoint, p256dh, auth, topics, locale FROM push_subscriptions WHERE uid = ?1 ORDER BY id")
    .bind(uid)
    .all<PushSubscriptionRow>();
  const failures: string[] = [];
  for (const sub of results) {
    if (push.topic !== "test" && !sub.topics.split(",").includes(push.topic)) continue;
    // A subscription kept before its host was a push service of this site's list is dropped, never posted to.
    if (!pushRelay(env)?.owns(new URL(sub.endpoint).origin, sub.endpoint) && !isPushService(env, sub.endpoint)) {
      await own.prepare("DELETE FROM push_subscriptions WHERE uid = ?1 AND id = ?2").bind(uid, sub.id).run();
      continue;
    }
    const { title, body: text } = await texts(env.DB, sub.locale, push);
    const payload = JSON.stringify({ title, body: text, url: push.url, tag: push.key });
    let res: Response;
    try {
      res = await postPush(env, sub, payload);
    } catch (e) {
      failures.push(`${sub.id}: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    // The browser's subscription is gone (RFC 8030 §7.3): it is not asked again.
    if (res.status === 404 || res.status === 410) {
      await own.prepare("DELETE FROM push_subscriptions WHERE uid = ?1 AND id = ?2").bind(uid, sub.id).run();
    } else if (!res.ok) failures.push(`${sub.id}: ${res.status}`);
  }
  // A push service that failed otherwise is asked again by the outbox's retry (a subscription that
  // took it already gets it twice at most: the notification's tag is the push's key, shown once).
  if (failures.length) throw new Error(`push.send: ${failures.join("; ")}`);
}
