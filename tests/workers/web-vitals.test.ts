import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { analyticsClock } from "../../workers/platform/analytics/collect";
import { MAX_SAMPLES, vitalsClock } from "../../workers/platform/demo/vitals-view";
import { p75 } from "../../workers/platform/demo/vitals-summary";
import { Browser } from "./auth-helpers";
import { data, failure, ORIGIN, send } from "./helpers";

/**
 * Field Web Vitals (issue 43, decision 0113): the collector takes `web_vitals` events of the fixed
 * shape only (all or nothing), and the demo operator's view (`/platform/demo/vitals`) answers p75,
 * ratings and sample counts per route pattern × device class. The view's clock is moved far ahead
 * so each test sees only the rows it made (other rows of the file are days older).
 */

let aidCounter = 0;
const newAid = () => (Date.now().toString(16) + (++aidCounter).toString(16) + "a").padStart(32, "0").slice(-32);
const batch = (events: unknown[]) => JSON.stringify(events);
const DAY = 86_400_000;
let epoch = Date.UTC(2090, 0, 1);
/** A time no other test of this file uses: each test's rows stand alone in a 1-day view. */
const freshTime = () => (epoch += 200 * DAY);

type Metric = { n: number; p75: number | null; good: number; needs_improvement: number; poor: number };
type Group = { route: string; device: string; samples: number; metrics: Record<"lcp" | "inp" | "cls" | "ttfb", Metric> };
type View = { days: number; from: number; to: number; samples: number; capped: boolean; groups: Group[] };

const view = async (query = "") => {
  const res = await send(`${ORIGIN}/platform/demo/vitals?format=json${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<View>();
};
const countOf = async (aid: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM analytics_events WHERE anon_id = ?1").bind(aid).first<{ n: number }>())!.n;

async function seed(at: number, rows: { path: string; params: Record<string, unknown> }[]): Promise<void> {
  const insert = env.DB.prepare(
    "INSERT INTO analytics_events (created_at, client_at, anon_id, uid, subject, ip, name, params, path) VALUES (?1, NULL, ?2, NULL, ?3, '192.0.2.9', 'web_vitals', ?4, ?5)",
  );
  const aid = newAid();
  await env.DB.batch(rows.map((r) => insert.bind(at, aid, `v:${aid}`, JSON.stringify(r.params), r.path)));
}

afterEach(() => {
  analyticsClock.now = () => Date.now();
  vitalsClock.now = () => Date.now();
});

const valid = { lcp: 1800, inp: 96, cls: 0.0312, ttfb: 210, device: "phone", nav: "navigate" };

describe("web_vitals at the collector", () => {
  it("stores a valid batch as sent, and the view groups it under the app's route pattern", async () => {
    const t = freshTime();
    analyticsClock.now = () => t;
    vitalsClock.now = () => t + 1000;
    const b = new Browser();
    const aid = newAid();
    const events = [
      { name: "page_view", params: { path: "/game/book-of-dawn" }, path: "/game/book-of-dawn" },
      { name: "web_vitals", params: valid, at: 1_700_000_000_000, path: "/game/book-of-dawn" },
      { name: "web_vitals", params: { cls: 0, ttfb: 90, device: "desktop", nav: "reload" }, path: "/es/game/fruit-zen" },
      { name: "web_vitals", params: { ttfb: 300, device: "tablet", nav: "back_forward" }, path: "/" },
      { name: "web_vitals", params: { ttfb: 300, device: "desktop", nav: "prerender" }, path: "/no/such/page/here" },
    ];
    expect(await data(b.post("analytics/collect", { aid, events: batch(events) }))).toEqual({ stored: 5 });
    const rows = (
      await env.DB.prepare("SELECT name, params, path FROM analytics_events WHERE anon_id = ?1 ORDER BY id")
        .bind(aid)
        .all<{ name: string; params: string; path: string }>()
    ).results;
    expect(rows.map((r) => [r.name, JSON.parse(r.params), r.path])).toEqual(events.map((e) => [e.name, e.params, e.path]));

    const v = await view("&days=1");
    expect(v.samples).toBe(4);
    expect(v.groups.map((g) => [g.route, g.device, g.samples])).toEqual([
      ["(other)", "desktop", 1],
      ["/", "tablet", 1],
      ["/:locale/game/:sysname", "desktop", 1],
      ["/game/:sysname", "phone", 1],
    ]);
    expect(v.groups[3]!.metrics.lcp).toEqual({ n: 1, p75: 1800, good: 1, needs_improvement: 0, poor: 0 });
    expect(v.groups[2]!.metrics.lcp).toEqual({ n: 0, p75: null, good: 0, needs_improvement: 0, poor: 0 });
  });

  it.each([
    ["an unknown key", { ...valid, fid: 12 }, /web_vitals params are only/],
    ["a metric that is text", { ...valid, lcp: "1800" }, /lcp must be a number/],
    ["a negative metric", { ...valid, ttfb: -1 }, /ttfb must not be negative/],
    ["an absurd LCP", { ...valid, lcp: 600_001 }, /lcp must be at most 600000/],
    ["an absurd INP", { ...valid, inp: 9_000_000 }, /inp must be at most 600000/],
    ["an absurd CLS", { ...valid, cls: 101 }, /cls must be at most 100/],
    ["milliseconds with a fraction", { ...valid, inp: 12.5 }, /whole milliseconds/],
    ["an unknown device", { ...valid, device: "watch" }, /device must be one of: phone, tablet, desktop/],
    ["no device", { lcp: 1, nav: "navigate" }, /device must be one of/],
    ["an unknown navigation type", { ...valid, nav: "prefetch" }, /nav must be one of/],
    ["no metric at all", { device: "phone", nav: "navigate" }, /at least one of lcp, inp, cls, ttfb/],
  ])("refuses %s with 400, and the batch's other events are not stored either", async (_label, params, message) => {
    const b = new Browser();
    const aid = newAid();
    const events = [
      { name: "page_view", params: { path: "/" } },
      { name: "web_vitals", params, path: "/" },
    ];
    const e = await failure(b.post("analytics/collect", { aid, events: batch(events) }), 400, "InvalidParameterException");
    expect(e.message).toMatch(message);
    expect(await countOf(aid)).toBe(0);
  });

  it("leaves other events' params as they were (a page_view may still carry any flat params)", async () => {
    const b = new Browser();
    const aid = newAid();
    expect(await data(b.post("analytics/collect", { aid, events: batch([{ name: "page_view", params: { lcp: "x", device: "watch" } }]) }))).toEqual({
      stored: 1,
    });
  });
});

describe("the demo Web Vitals view", () => {
  it("p75 is the nearest rank", () => {
    expect(p75([])).toBeNull();
    expect(p75([5])).toBe(5);
    expect(p75([4, 1, 3, 2])).toBe(3); // ceil(0.75 × 4) = 3rd
    expect(p75([1, 2, 3, 4, 5])).toBe(4); // ceil(3.75) = 4th
    expect(p75(Array.from({ length: 100 }, (_, i) => 100 - i))).toBe(75);
  });

  it("answers p75, ratings and sample counts per route and device from stored rows, in the range only", async () => {
    const t = freshTime();
    vitalsClock.now = () => t;
    // Game pages on phones: 8 samples. LCP 1000…8000 (good ≤ 2500: 2; poor > 4000: 4).
    await seed(
      t - 3 * 3_600_000,
      Array.from({ length: 8 }, (_, i) => ({
        path: `/game/slot-${i}`,
        params: {
          lcp: (i + 1) * 1000,
          inp: [50, 150, 250, 350, 450, 550, 650, 199][i],
          cls: [0, 0.05, 0.1, 0.11, 0.2, 0.25, 0.26, 1][i],
          ttfb: 100 * (i + 1),
          device: "phone",
          nav: "navigate",
        },
      })),
    );
    // The same route on desktop, and the localized one (its own pattern).
    await seed(t - 1000, [
      { path: "/game/x?mode=real", params: { ttfb: 900, device: "desktop", nav: "navigate" } },
      { path: "/pt/game/y", params: { ttfb: 2000, lcp: 4001, device: "desktop", nav: "reload" } },
    ]);
    // Older than the range: not counted at 1 day, counted at 3.
    await seed(t - 2 * DAY, [{ path: "/game/old", params: { ttfb: 5000, device: "phone", nav: "navigate" } }]);

    const v = await view("&days=1");
    expect([v.days, v.to - v.from, v.samples, v.capped]).toEqual([1, DAY, 10, false]);
    expect(v.groups.map((g) => [g.route, g.device, g.samples])).toEqual([
      ["/:locale/game/:sysname", "desktop", 1],
      ["/game/:sysname", "phone", 8],
      ["/game/:sysname", "desktop", 1],
    ]);
    const phone = v.groups[1]!.metrics;
    expect(phone.lcp).toEqual({ n: 8, p75: 6000, good: 0.25, needs_improvement: 0.25, poor: 0.5 });
    expect(phone.inp).toEqual({ n: 8, p75: 450, good: 0.375, needs_improvement: 0.375, poor: 0.25 });
    expect(phone.cls).toEqual({ n: 8, p75: 0.25, good: 0.375, needs_improvement: 0.375, poor: 0.25 });
    expect(phone.ttfb).toEqual({ n: 8, p75: 600, good: 1, needs_improvement: 0, poor: 0 });
    expect(v.groups[0]!.metrics.lcp).toMatchObject({ p75: 4001, poor: 1 });
    expect(v.groups[0]!.metrics.ttfb).toMatchObject({ p75: 2000, poor: 1 });
    expect(v.groups[2]!.metrics.ttfb).toMatchObject({ p75: 900, needs_improvement: 1 });

    const three = await view("&days=3");
    expect(three.samples).toBe(11);
    expect(three.groups.find((g) => g.route === "/game/:sysname" && g.device === "phone")!.samples).toBe(9);

    // The HTML table says the same.
    const html = await (await send(`${ORIGIN}/platform/demo/vitals?days=1`)).text();
    expect(html).toContain('data-route="/game/:sysname" data-device="phone"><td><code>/game/:sysname</code></td><td>phone</td><td>8</td>');
    expect(html).toContain("<strong>6000 ms</strong>");
    expect(MAX_SAMPLES).toBeGreaterThanOrEqual(1000);
  });

  it("takes days from 1 to 90 (7 by default) and refuses anything else with a clear 400", async () => {
    vitalsClock.now = () => freshTime();
    expect((await view()).days).toBe(7);
    expect((await view("&days=90")).days).toBe(90);
    for (const bad of ["0", "91", "-1", "1.5", "abc", "", "007"]) {
      const res = await send(`${ORIGIN}/platform/demo/vitals?format=json&days=${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json<{ error: { message: string } }>()).error.message).toBe("days must be a whole number from 1 to 90");
    }
    const page = await send(`${ORIGIN}/platform/demo/vitals?days=365`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("days must be a whole number from 1 to 90");
  });

  it("is linked from the analytics view", async () => {
    expect(await (await send(`${ORIGIN}/platform/demo/analytics`)).text()).toContain('href="/platform/demo/vitals"');
  });
});
