import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ANALYTICS_LIMITS } from "../../core/analytics-events";
import worker from "../../workers/app";
import { analyticsClock } from "../../workers/platform/analytics/collect";
import { ANALYTICS_RETENTION_MS, sweepAnalytics } from "../../workers/platform/analytics/retention";
import { Browser, registerPlayer } from "./auth-helpers";
import { data, failure, ORIGIN, send } from "./helpers";

/** analytics.collect, the image beacon and the demo operator's view (decision 0057). */

type Row = {
  id: number;
  created_at: number;
  client_at: number | null;
  anon_id: string | null;
  uid: number | null;
  subject: string;
  ip: string;
  name: string;
  params: string;
  path: string | null;
};
const rowsOf = async (aid: string) => (await env.DB.prepare("SELECT * FROM analytics_events WHERE anon_id = ?1 ORDER BY id").bind(aid).all<Row>()).results;
const countFrom = async (ip: string) => (await env.DB.prepare("SELECT COUNT(*) AS n FROM analytics_events WHERE ip = ?1").bind(ip).first<{ n: number }>())!.n;

let aidCounter = 0;
const newAid = () => (Date.now().toString(16) + (++aidCounter).toString(16)).padStart(32, "0").slice(-32);
const batch = (events: unknown[]) => JSON.stringify(events);

afterEach(() => {
  analyticsClock.now = () => Date.now();
});

describe("POST /api/analytics/collect", () => {
  it("stores a visitor's batch in order with params, path and browser time, and no uid", async () => {
    const b = new Browser();
    const aid = newAid();
    const events = [
      { name: "page_view", params: { path: "/about" }, at: 1_700_000_000_000, path: "/about?x=1" },
      { name: "sign_up_error", params: { code: "InvalidParameterException", retry: 2, shown: true } },
    ];
    expect(await data(b.post("analytics/collect", { aid, events: batch(events) }))).toEqual({ stored: 2 });
    const rows = await rowsOf(aid);
    expect(rows.map((r) => [r.name, r.uid, JSON.parse(r.params), r.path, r.client_at, r.ip])).toEqual([
      ["page_view", null, { path: "/about" }, "/about?x=1", 1_700_000_000_000, b.ip],
      ["sign_up_error", null, { code: "InvalidParameterException", retry: 2, shown: true }, null, null, b.ip],
    ]);
    expect(rows[0]!.subject).toMatch(/^v:[0-9a-f]{32}$/);
  });

  it("takes the player from the session, never from the body", async () => {
    const p = await registerPlayer();
    const aid = newAid();
    await data(
      p.browser.post("analytics/collect", {
        aid,
        uid: "1",
        events: batch([
          { name: "identify", params: { uid: String(p.uid) } },
          { name: "deposit_submit", params: { method: "demo_card", amount: "25" } },
        ]),
      }),
    );
    const rows = await rowsOf(aid);
    expect(rows.map((r) => [r.name, r.uid, r.subject])).toEqual([
      ["identify", p.uid, `u:${p.uid}`],
      ["deposit_submit", p.uid, `u:${p.uid}`],
    ]);
  });

  it.each([
    ["an unknown event name", { events: batch([{ name: "page_view" }, { name: "beacon" }]) }, /name must be one of/],
    ["a made-up event", { events: batch([{ name: "bought_a_yacht" }]) }, /name must be one of/],
    ["more than 20 events", { events: batch(Array.from({ length: ANALYTICS_LIMITS.batch + 1 }, () => ({ name: "page_view" }))) }, /at most 20 events/],
    ["an empty batch", { events: "[]" }, /must not be empty/],
    ["a batch that is not JSON", { events: "page_view" }, /JSON array/],
    ["nested params", { events: batch([{ name: "page_view", params: { deep: { a: 1 } } }]) }, /text, numbers or booleans/],
    [
      "too many params",
      { events: batch([{ name: "page_view", params: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i])) }]) },
      /at most 10 params/,
    ],
    ["a long param value", { events: batch([{ name: "page_view", params: { path: "x".repeat(201) } }]) }, /at most 200 characters/],
    ["a bad param name", { events: batch([{ name: "page_view", params: { "Bad-Key": 1 } }]) }, /param names/],
    ["an unknown event field", { events: batch([{ name: "page_view", uid: 5 }]) }, /./],
    ["a path to another host", { events: batch([{ name: "page_view", path: "//evil.example/x" }]) }, /single '\/'/],
  ])("refuses %s with 400 and stores nothing", async (_label, fields, message) => {
    const b = new Browser();
    const aid = newAid();
    const e = await failure(b.post("analytics/collect", { aid, ...fields }), 400, "InvalidParameterException");
    expect(e.message).toMatch(message);
    expect(await rowsOf(aid)).toEqual([]);
    expect(await countFrom(b.ip)).toBe(0);
  });

  it.each([
    ["missing", undefined],
    ["short", "abc"],
    ["not hex", "z".repeat(32)],
    ["upper-case", "A".repeat(32)],
  ])("refuses a %s anonymous id with 400 and stores nothing", async (_label, aid) => {
    const b = new Browser();
    const e = await failure(
      b.post("analytics/collect", { ...(aid === undefined ? {} : { aid }), events: batch([{ name: "page_view" }]) }),
      400,
      "InvalidParameterException",
    );
    expect(e.message).toMatch(/aid/);
    expect(await countFrom(b.ip)).toBe(0);
  });

  it("limits events per sender in the window with a 429 naming the wait, then lets them in again", async () => {
    const b = new Browser();
    const aid = newAid();
    const t0 = Date.now();
    analyticsClock.now = () => t0;
    const full = batch(Array.from({ length: ANALYTICS_LIMITS.batch }, () => ({ name: "page_view" })));
    for (let i = 0; i < ANALYTICS_LIMITS.perSender / ANALYTICS_LIMITS.batch; i++) await data(b.post("analytics/collect", { aid, events: full }));
    const e = await failure(b.post("analytics/collect", { aid, events: batch([{ name: "page_view" }]) }), 429, "TooManyRequestsException");
    expect(e.params).toEqual({ retry_after: ANALYTICS_LIMITS.windowMs / 1000 });
    expect((await rowsOf(aid)).length).toBe(ANALYTICS_LIMITS.perSender);
    // Another visitor at another address is not held back.
    await data(new Browser().post("analytics/collect", { aid: newAid(), events: batch([{ name: "page_view" }]) }));
    analyticsClock.now = () => t0 + ANALYTICS_LIMITS.windowMs + 1;
    await data(b.post("analytics/collect", { aid, events: batch([{ name: "page_view" }]) }));
  });

  it("stores at most 300 events per address in 10 minutes, however many visitor ids it makes up", async () => {
    const ip = new Browser().ip;
    const t0 = Date.now();
    analyticsClock.now = () => t0;
    const full = batch(Array.from({ length: ANALYTICS_LIMITS.batch }, () => ({ name: "page_view" })));
    // Fifteen "visitors" behind one address, twenty events each: the ceiling of decision 0057.
    for (let i = 0; i < 300 / ANALYTICS_LIMITS.batch; i++) await data(new Browser(ip).post("analytics/collect", { aid: newAid(), events: full }));
    const e = await failure(
      new Browser(ip).post("analytics/collect", { aid: newAid(), events: batch([{ name: "page_view" }]) }),
      429,
      "TooManyRequestsException",
    );
    expect(e.params).toEqual({ retry_after: 600 });
    // The beacon stores nothing more from it either (and still answers its GIF).
    const res = await send(`${ORIGIN}/platform/analytics/beacon?r=&q=`, { headers: { "cf-connecting-ip": ip } });
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(await countFrom(ip)).toBe(300);
    analyticsClock.now = () => t0 + ANALYTICS_LIMITS.windowMs + 1;
    await data(new Browser(ip).post("analytics/collect", { aid: newAid(), events: batch([{ name: "page_view" }]) }));
  });

  it("accepts only POST", async () => {
    const res = await send(`${ORIGIN}/api/analytics/collect?aid=${newAid()}&events=[]`);
    expect(res.status).toBe(405);
  });
});

describe("GET /platform/analytics/beacon", () => {
  const beacon = (query: string, ip: string) => send(`${ORIGIN}/platform/analytics/beacon?${query}`, { headers: { "cf-connecting-ip": ip } });
  const beaconsFrom = async (ip: string) =>
    (await env.DB.prepare("SELECT * FROM analytics_events WHERE ip = ?1 AND name = 'beacon'").bind(ip).all<Row>()).results;

  it("answers a 1×1 GIF never cached, and stores referrer, query, path and the SEON session", async () => {
    const ip = new Browser().ip;
    const seon = "0123456789abcdef0123456789abcdef";
    const res = await beacon(
      `r=${encodeURIComponent("https://partner.example/landing")}&q=${encodeURIComponent("utm_source=x&y=1")}&p=%2Fabout&seon=${seon}`,
      ip,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(body.slice(0, 6))).toBe("GIF89a");
    expect([body[6], body[8]]).toEqual([1, 1]); // width and height
    const [row] = await beaconsFrom(ip);
    expect(JSON.parse(row!.params)).toEqual({ referrer: "https://partner.example/landing", query: "utm_source=x&y=1", seon_session: seon });
    expect(row!.path).toBe("/about");
    expect(row!.uid).toBeNull();
  });

  it("drops a malformed SEON session and a foreign path, and still answers the GIF", async () => {
    const ip = new Browser().ip;
    const res = await beacon("r=&q=&p=%2F%2Fevil.example&seon=not-an-id", ip);
    expect(res.headers.get("content-type")).toBe("image/gif");
    const [row] = await beaconsFrom(ip);
    expect(JSON.parse(row!.params)).toEqual({ referrer: "", query: "" });
    expect(row!.path).toBeNull();
  });
});

describe("the demo analytics view", () => {
  it("lists the newest events, filtered by name, as JSON and as a page", async () => {
    const aid = newAid();
    await data(new Browser().post("analytics/collect", { aid, events: batch([{ name: "wheel_spin", params: { campaign: "w1" } }]) }));
    const json = await (await send(`${ORIGIN}/platform/demo/analytics?format=json&name=wheel_spin`)).json<{
      items: { name: string; anon_id: string; params: unknown }[];
    }>();
    expect(json.items.every((i) => i.name === "wheel_spin")).toBe(true);
    expect(json.items.find((i) => i.anon_id === aid)?.params).toEqual({ campaign: "w1" });
    const page = await send(`${ORIGIN}/platform/demo/analytics?name=wheel_spin`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(aid);
    expect((await send(`${ORIGIN}/platform/demo/analytics?name=nope`)).status).toBe(400);
  });
});

describe("retention (scheduled)", () => {
  const DAY = 24 * 60 * 60_000;
  /** One tick of the Worker's cron trigger at `scheduledTime`. */
  async function tick(scheduledTime: number): Promise<void> {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }
  /** `n` events (or beacon rows) of one address, stored by the server at `at`. */
  const store = (ip: string, at: number, n: number, name = "page_view") =>
    env.DB.prepare(
      `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?3)
       INSERT INTO analytics_events (created_at, subject, ip, name) SELECT ?1, 'ip:' || ?2, ?2, ?4 FROM k`,
    )
      .bind(at, ip, n, name)
      .run();
  // Rows are stored in time order, so the lowest ids are the oldest (retention.ts reads the head of
  // the table). The other tests' rows, some stored at a clock moved ahead, go first.
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM analytics_events").run();
  });

  it("deletes events and beacon rows 90 days after they were stored, keeps younger ones, and a second run deletes nothing", async () => {
    const old = new Browser().ip;
    const young = new Browser().ip;
    const t0 = Date.now();
    await store(old, t0, 3);
    await store(old, t0, 2, "beacon");
    await store(young, t0 + 60 * DAY, 4);
    // A day before the end of retention: all kept.
    await tick(t0 + ANALYTICS_RETENTION_MS - DAY);
    expect([await countFrom(old), await countFrom(young)]).toEqual([5, 4]);
    await tick(t0 + ANALYTICS_RETENTION_MS + 1);
    expect([await countFrom(old), await countFrom(young)]).toEqual([0, 4]);
    await tick(t0 + ANALYTICS_RETENTION_MS + 1);
    expect(await countFrom(young)).toBe(4);
  });

  it("deletes a backlog in bounded batches, oldest first, over several runs", async () => {
    const ip = new Browser().ip;
    const t0 = Date.now();
    await store(ip, t0, 10);
    const at = t0 + ANALYTICS_RETENTION_MS + 1;
    expect(await sweepAnalytics(env.DB, at, 3, 2)).toBe(6);
    expect(await countFrom(ip)).toBe(4);
    expect(await sweepAnalytics(env.DB, at, 3, 2)).toBe(4);
    expect(await sweepAnalytics(env.DB, at, 3, 2)).toBe(0);
  });
});

/*
 * The operator's switches in general_info (decision 0057), set where the operator sets them (the
 * `settings` row), read on the production path: APP_ENV production ignores the demo cookie the
 * e2e spec uses, and no site cache stands between the saved setting and the next page.
 */
describe("the operator's consent and SEON settings on a production page", () => {
  // A production configuration passes the Worker's own check (workers/env.ts): no development secrets.
  const production = {
    ...env,
    APP_ENV: "production",
    SIGNING_SECRET: "analytics-settings-test-secret-of-32-plus-chars",
    TELEGRAM_BOT_TOKEN: "",
    SITE_CACHE_SECONDS: "0",
  } as Env;
  const setAnalytic = (path: "$.analytic.consentRequired" | "$.is_seon_enabled", on: boolean) =>
    env.DB.prepare("UPDATE settings SET value = json_set(value, ?1, json(?2)) WHERE key = 'general_info'").bind(path, String(on)).run();
  /** The home page as a production visitor's browser gets it, with these cookies. */
  async function home(cookie = ""): Promise<{ html: string; banner: boolean; beacon: boolean; analyticsJs: boolean; seon: boolean }> {
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request(`${ORIGIN}/`, { headers: cookie ? { cookie } : {} }), production, ctx);
    await waitOnExecutionContext(ctx);
    const html = await res.text();
    expect(res.status, html).toBe(200);
    return {
      html,
      banner: html.includes('data-testid="consent-banner"'),
      beacon: html.includes('"/platform/analytics/beacon"'),
      analyticsJs: html.includes('import("/analytics.js?v='),
      seon: html.includes('sessionStorage.getItem("pf.seon")'),
    };
  }

  afterEach(async () => {
    await setAnalytic("$.analytic.consentRequired", false);
    await setAnalytic("$.is_seon_enabled", false);
  });

  it("consent not required (the seed): no banner, the beacon and /analytics.js are set up without asking", async () => {
    const page = await home();
    expect(page).toMatchObject({ banner: false, beacon: true, analyticsJs: true, seon: false });
  });

  it("consent required: the banner, and nothing is sent until the visitor accepts; declined stays silent without the banner", async () => {
    await setAnalytic("$.analytic.consentRequired", true);
    const first = await home();
    expect(first).toMatchObject({ banner: true, beacon: false, analyticsJs: false });
    // The queue is still kept (page_view), only nothing leaves the page.
    expect(first.html).toContain('q.push(["page_view"');
    expect(await home("pf_consent=yes")).toMatchObject({ banner: false, beacon: true, analyticsJs: true });
    expect(await home("pf_consent=no")).toMatchObject({ banner: false, beacon: false, analyticsJs: false });
    // Production does not let a demo cookie switch the requirement off or on for one browser.
    expect(await home("pf_demo_analytics=seon")).toMatchObject({ banner: true, beacon: false, seon: false });
  });

  it("SEON on: the beacon carries the SEON session id; off, it does not (whatever the demo cookie says)", async () => {
    expect(await home("pf_demo_analytics=seon,consent")).toMatchObject({ banner: false, beacon: true, seon: false });
    await setAnalytic("$.is_seon_enabled", true);
    expect(await home()).toMatchObject({ beacon: true, seon: true });
    // With consent required, the SEON session goes with the beacon only once consent is given.
    await setAnalytic("$.analytic.consentRequired", true);
    expect(await home()).toMatchObject({ banner: true, beacon: false, seon: false });
    expect(await home("pf_consent=yes")).toMatchObject({ banner: false, beacon: true, seon: true });
  });
});
