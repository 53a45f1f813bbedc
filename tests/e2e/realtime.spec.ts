import type { Page } from "@playwright/test";
import { expect, siteHeader, test } from "./fixtures";
import { registerByApi, startDemoDeposit, unique } from "./accounts-fixtures";

/*
 * Realtime (SPEC §4, §7; issue 4): every open tab of a player shows a new balance without a
 * reload. The money moves through the cashier — a deposit confirmed on the demo payment page —
 * which publishes account.balance_updated to the player's PlayerChannel; the tabs share one
 * WebSocket through the SharedWorker (or, without SharedWorker, hold one each).
 */

const balance = (page: Page) => siteHeader(page).locator("[data-balance]");
/** `<html data-realtime>`: the tab's live connection is open. */
const live = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-realtime", "open", { timeout: 10_000 });

/** Marks the document, so the test can tell it was not reloaded. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __kept: boolean }).__kept = true));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { __kept?: boolean }).__kept === true);

test.describe("live balance", () => {
  test("a deposit paid in one tab shows in the other tab's header without a reload", async ({ page, context }) => {
    await registerByApi(page.request, unique("rt-tabs"));
    const second = await context.newPage();
    // The player's socket lives in the SharedWorker, not in either page (the home page's "Latest
    // wins" ticker holds its own public feed, /realtime/wins).
    const pageSockets: string[] = [];
    for (const p of [page, second]) p.on("websocket", (ws) => new URL(ws.url()).pathname === "/realtime" && pageSockets.push(ws.url()));
    await page.goto("/");
    await second.goto("/gamehall");
    await expect(balance(page)).toHaveText("$0");
    await expect(balance(second)).toHaveText("$0");
    await live(page);
    await live(second);
    await mark(second);

    await page.goto(await startDemoDeposit(page.request, 5000));
    await page.getByRole("button", { name: /success/i }).click();

    await expect(balance(second)).toHaveText("$50");
    expect(await stillMarked(second)).toBe(true);
    expect(pageSockets).toEqual([]);
    // The paying tab lands on the result page with the new balance too.
    await expect(balance(page)).toHaveText("$50");
  });

  test("signing out closes the live connection of every tab", async ({ page, context }) => {
    await registerByApi(page.request, unique("rt-out"));
    const second = await context.newPage();
    await page.goto("/");
    await second.goto("/");
    await live(page);
    await live(second);
    await siteHeader(page).getByRole("button", { name: "Sign out" }).click();
    await expect(siteHeader(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(second.locator("html")).toHaveAttribute("data-realtime", "closed");
  });

  test("without SharedWorker the page holds its own connection (CSP allows it)", async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { SharedWorker?: unknown }).SharedWorker;
    });
    await registerByApi(page.request, unique("rt-page"));
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(new URL(ws.url()).pathname));
    await page.goto("/");
    await live(page);
    expect(sockets.filter((path) => path !== "/realtime/wins")).toEqual(["/realtime"]);
    await mark(page);
    const pay = await page.context().newPage();
    await pay.goto(await startDemoDeposit(pay.request, 2000));
    await pay.getByRole("button", { name: /success/i }).click();
    await expect(balance(page)).toHaveText("$20");
    expect(await stillMarked(page)).toBe(true);
  });
});
