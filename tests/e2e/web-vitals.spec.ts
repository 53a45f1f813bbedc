import type { APIRequestContext, Page } from "@playwright/test";
import { absolute, expect, slotOutsideJackpots, test } from "./fixtures";

/**
 * Field Web Vitals (issue 43, decision 0113): a visitor who interacts with a page sends one
 * web_vitals event when the page goes away, with the document's first path, and the demo
 * operator's view (`/platform/demo/vitals?format=json`) counts it under the route's pattern. With
 * consent required and not given, nothing is measured or sent.
 */

type Row = { anon_id: string | null; name: string; params: Record<string, unknown>; path: string | null };
type Group = { route: string; device: string; samples: number; metrics: Record<string, { n: number; p75: number | null }> };

async function vitalsOf(request: APIRequestContext, aid: string): Promise<Row[]> {
  const res = await request.get("/platform/demo/analytics?format=json&name=web_vitals");
  expect(res.status()).toBe(200);
  return ((await res.json()).items as Row[]).filter((r) => r.anon_id === aid);
}

async function group(request: APIRequestContext, route: string, device: string): Promise<Group | undefined> {
  const res = await request.get("/platform/demo/vitals?format=json&days=1");
  expect(res.status()).toBe(200);
  return ((await res.json()).groups as Group[]).find((g) => g.route === route && g.device === device);
}

/**
 * The first interaction loads /analytics.js; then a scroll, as a visitor would. It waits for the
 * page's first largest-contentful-paint candidate, since LCP stops at the first input and a busy
 * machine may paint after the load event.
 */
async function interact(page: Page): Promise<string> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        new PerformanceObserver(() => done()).observe({ type: "largest-contentful-paint", buffered: true });
      }),
  );
  await page.keyboard.press("Shift");
  await expect.poll(() => page.evaluate(() => !Array.isArray((window as unknown as { pfa: unknown }).pfa))).toBe(true);
  await page.mouse.wheel(0, 300);
  return (await page.evaluate(() => localStorage.getItem("pf.aid")))!;
}

test.describe("field Web Vitals", () => {
  test("a game page sends its vitals once when left, and the view counts them under /game/:sysname", async ({ page }) => {
    const game = await slotOutsideJackpots(page.request);
    await page.goto(`/game/${game.sysname}`);
    const aid = await interact(page);
    expect(aid).toMatch(/^[0-9a-f]{32}$/);
    // Leaving the document (a new one loads): pagehide sends the event with keepalive.
    await page.goto("/about");
    await expect.poll(async () => (await vitalsOf(page.request, aid)).length).toBe(1);
    const [row] = await vitalsOf(page.request, aid);
    expect(row!.path).toBe(`/game/${game.sysname}`);
    expect(row!.params).toMatchObject({ device: "desktop", nav: "navigate" });
    expect(row!.params.lcp).toEqual(expect.any(Number));
    expect(row!.params.lcp as number).toBeGreaterThan(0);
    expect(row!.params.ttfb).toEqual(expect.any(Number));
    expect(row!.params.cls).toEqual(expect.any(Number));
    const g = await group(page.request, "/game/:sysname", "desktop");
    expect(g).toBeDefined();
    expect(g!.samples).toBeGreaterThanOrEqual(1);
    expect(g!.metrics.lcp!.n).toBeGreaterThanOrEqual(1);
    expect(g!.metrics.ttfb!.n).toBeGreaterThanOrEqual(1);
    // Leaving fires both visibilitychange (hidden) and pagehide: still one event.
    expect(await vitalsOf(page.request, aid)).toHaveLength(1);
  });

  test("a closed page sends its vitals under the path it was loaded at, not a later client-side one", async ({ page, context }) => {
    await page.goto("/promotions");
    const aid = await interact(page);
    await page.evaluate(() => history.pushState(null, "", "/gamehall"));
    await page.close();
    const request = context.request;
    await expect.poll(async () => (await vitalsOf(request, aid)).map((r) => r.path)).toEqual(["/promotions"]);
  });

  test("with consent required and not given, nothing is measured or sent", async ({ page, context }) => {
    await context.addCookies([{ name: "pf_demo_analytics", value: "consent", url: absolute("/") }]);
    const asked: string[] = [];
    page.on("request", (r) => asked.push(new URL(r.url()).pathname));
    await page.goto("/promotions");
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    await page.keyboard.press("Shift");
    await page.mouse.wheel(0, 300);
    await page.goto("/about");
    await expect(page.getByTestId("consent-banner")).toBeVisible();
    expect(asked.filter((p) => p === "/analytics.js" || p.startsWith("/api/analytics/"))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("pf.aid"))).toBeNull();
  });
});
