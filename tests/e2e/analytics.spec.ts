import type { APIRequestContext, Page } from "@playwright/test";
import { PASSWORD, popup, unique } from "./accounts-fixtures";
import { absolute, expect, popupEnhanced, siteHeader, slotOutsideJackpots, test, tr } from "./fixtures";

/**
 * Analytics and the fraud beacon (issue 24, decision 0057): the events of sign-up, deposit and
 * game launch reach the first-party collector with the player; identify, then anonymize after
 * sign-out; the image beacon ~3 s after load with referrer, query and the SEON session; with
 * consent required nothing goes before the visitor accepts. Events are read from the demo
 * operator's view (`/platform/demo/analytics?format=json`).
 */

type Row = { id: number; created_at: number; anon_id: string | null; uid: number | null; name: string; params: Record<string, unknown>; path: string | null };

async function events(request: APIRequestContext, name: string): Promise<Row[]> {
  const res = await request.get(`/platform/demo/analytics?format=json&name=${name}`);
  expect(res.status()).toBe(200);
  return (await res.json()).items as Row[];
}

/** The newest beacon whose query carries `token`. */
async function beaconFor(request: APIRequestContext, token: string): Promise<Row | undefined> {
  return (await events(request, "beacon")).find((r) => String(r.params.query).includes(token));
}

const token = () => `t${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** Something a visitor does: the first interaction is when /analytics.js loads. */
const touch = (page: Page) => page.keyboard.press("Shift");

test.describe("analytics", () => {
  test("sign-up, deposit and game launch are recorded with the player; sign-out anonymizes", async ({ page }) => {
    await page.goto("/about?show_popup_reg=1");
    await popupEnhanced(page);
    await touch(page);
    await popup(page).getByLabel("Email").fill(unique("analytics"));
    await popup(page).getByLabel("Password (6–20 characters)").fill(PASSWORD);
    await popup(page)
      .getByLabel(/accept the terms/)
      .check();
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(absolute("/cashier/deposit?register=success"));
    const uid = (await (await page.request.get("/api/account/getInfo")).json()).data.uid as number;
    expect(uid).toBeGreaterThan(0);

    await expect.poll(async () => (await events(page.request, "sign_up")).some((r) => r.uid === uid)).toBe(true);
    const identify = (await events(page.request, "identify")).find((r) => r.uid === uid);
    expect(identify?.params).toEqual({ uid: String(uid) });
    const anonId = identify!.anon_id!;
    expect(anonId).toMatch(/^[0-9a-f]{32}$/);

    // The deposit form's submission (the demo payment page then takes over).
    await page.goto("/cashier/deposit/demo_card");
    await touch(page);
    await page.getByLabel(tr("cashier.amount.label", { currency: "USD" })).fill("25");
    await page.getByRole("button", { name: tr("cashier.deposit.submit"), exact: true }).click();
    await expect
      .poll(async () => (await events(page.request, "deposit_submit")).find((r) => r.uid === uid)?.params)
      .toEqual({ method: "demo_card", amount: "25" });
    // Paid on the demo payment page: its success page records the deposit itself, once settled.
    await page.getByRole("button", { name: /success/i }).click();
    await expect(page).toHaveURL(/\/cashier\/paysuccess\//);
    const transaction = page.url().split("/").pop()!;
    await touch(page);
    await expect
      .poll(async () => (await events(page.request, "deposit")).find((r) => r.uid === uid)?.params)
      .toEqual({ transaction_id: transaction, amount: 2500, currency: "USD", method: "demo_card" });

    // A game page: the server knows the route, the dispatcher sends it after the first touch.
    const game = await slotOutsideJackpots(page.request);
    await page.goto(`/game/${game.sysname}`);
    await touch(page);
    await expect.poll(async () => (await events(page.request, "game_launch")).find((r) => r.uid === uid)?.params).toEqual({ sysname: game.sysname });
    // Identified once: later documents of the same player do not identify again.
    expect((await events(page.request, "identify")).filter((r) => r.uid === uid)).toHaveLength(1);

    await siteHeader(page).getByRole("button", { name: "Sign out" }).click();
    await expect(siteHeader(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect.poll(async () => (await events(page.request, "logout")).some((r) => r.anon_id === anonId)).toBe(true);
    await expect.poll(async () => (await events(page.request, "anonymize")).some((r) => r.anon_id === anonId)).toBe(true);
    // The visitor's next events go under a new anonymous id, with no player.
    await page.goto(`/about?${token()}`);
    await touch(page);
    await page.goto("/promotions");
    await touch(page);
    const after = await page.evaluate(() => localStorage.getItem("pf.aid"));
    expect(after).toMatch(/^[0-9a-f]{32}$/);
    expect(after).not.toBe(anonId);
    expect(await page.evaluate(() => localStorage.getItem("pf.uid"))).toBeNull();
    await expect.poll(async () => (await events(page.request, "page_view")).filter((r) => r.anon_id === after).map((r) => r.uid)).toContain(null);
    expect((await events(page.request, "page_view")).filter((r) => r.anon_id === after).every((r) => r.uid === null)).toBe(true);
  });

  test("a client-side navigation to a game is a page view and a game launch", async ({ page }) => {
    const game = await slotOutsideJackpots(page.request);
    await page.goto("/gamehall");
    await touch(page);
    await expect.poll(() => page.evaluate(() => !Array.isArray((window as unknown as { pfa: unknown }).pfa))).toBe(true);
    const aid = await page.evaluate(() => localStorage.getItem("pf.aid"));
    await page.evaluate((path) => history.pushState(null, "", path), `/game/${game.sysname}`);
    await expect.poll(async () => (await events(page.request, "game_launch")).find((r) => r.anon_id === aid)?.params).toEqual({ sysname: game.sysname });
    expect((await events(page.request, "page_view")).some((r) => r.anon_id === aid && r.params.path === `/game/${game.sysname}`)).toBe(true);
  });

  test("the image beacon goes 3 s after load with referrer, query and the SEON session", async ({ page, context }) => {
    await context.addCookies([{ name: "pf_demo_analytics", value: "seon", url: absolute("/") }]);
    const t = token();
    const start = Date.now();
    await page.goto(`/about?utm_source=${t}&x=1`, { referer: "https://partner.example/landing" });
    await expect.poll(() => beaconFor(page.request, t), { timeout: 15_000 }).toBeDefined();
    const row = (await beaconFor(page.request, t))!;
    expect(row.created_at - start).toBeGreaterThanOrEqual(3000);
    expect(row.params.query).toBe(`utm_source=${t}&x=1`);
    expect(row.params.referrer).toBe("https://partner.example/landing");
    expect(row.path).toBe("/about");
    const seon = await page.evaluate(() => sessionStorage.getItem("pf.seon"));
    expect(seon).toMatch(/^[0-9a-f]{32}$/);
    expect(row.params.seon_session).toBe(seon);

    // Without SEON the beacon carries no fraud-check session.
    await context.clearCookies({ name: "pf_demo_analytics" });
    const t2 = token();
    await page.goto(`/about?utm_source=${t2}`);
    await expect.poll(() => beaconFor(page.request, t2), { timeout: 15_000 }).toBeDefined();
    expect((await beaconFor(page.request, t2))!.params).not.toHaveProperty("seon_session");
  });
});

test.describe("analytics consent @nojs", () => {
  test("with consent required nothing is sent until the visitor accepts", async ({ page, context, javaScriptEnabled }) => {
    await context.addCookies([{ name: "pf_demo_analytics", value: "consent", url: absolute("/") }]);
    const t = token();
    const asked: string[] = [];
    page.on("request", (r) => asked.push(new URL(r.url()).pathname));
    const res = await page.goto(`/about?utm_source=${t}`);
    const html = await res!.text();
    expect(html).not.toContain("/analytics.js");
    expect(html).not.toContain("new Image");
    const banner = page.getByTestId("consent-banner");
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(tr("analytics.consent.text"));
    if (javaScriptEnabled) {
      await touch(page);
      // Past the beacon's 3 s on the page's own clock: still nothing went.
      await page.waitForFunction(() => performance.now() > 3500, undefined, { timeout: 10_000 });
      expect(asked.filter((p) => p === "/analytics.js" || p.startsWith("/platform/analytics/") || p.startsWith("/api/analytics/"))).toEqual([]);
    }
    expect(await beaconFor(page.request, t)).toBeUndefined();

    await banner.getByRole("button", { name: tr("analytics.consent.accept") }).click();
    await expect(page).toHaveURL(absolute(`/about?utm_source=${t}`));
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    expect((await context.cookies()).find((c) => c.name === "pf_consent")?.value).toBe("yes");
    if (javaScriptEnabled) {
      await touch(page);
      await expect.poll(() => beaconFor(page.request, t), { timeout: 15_000 }).toBeDefined();
    } else {
      expect(await (await page.request.get(`/about?utm_source=${t}`)).text()).toContain("/analytics.js");
    }
  });

  test("declining hides the banner and keeps everything off", async ({ page, context }) => {
    await context.addCookies([{ name: "pf_demo_analytics", value: "consent", url: absolute("/") }]);
    await page.goto("/about");
    await page
      .getByTestId("consent-banner")
      .getByRole("button", { name: tr("analytics.consent.decline") })
      .click();
    await expect(page).toHaveURL(absolute("/about"));
    await expect(page.getByTestId("consent-banner")).toHaveCount(0);
    expect(await (await page.request.get("/about")).text()).not.toContain("/analytics.js");
  });
});
