import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { absolute, expect, test, jsOn } from "./fixtures";
import { origin, registerByApi, unique } from "./accounts-fixtures";

/**
 * The profile's game pages (issue 5): favorites with real Unlike forms, the game history table,
 * and the history export — asked for with a real form, built in the background, downloaded as CSV.
 * Texts may still be keys until the translations are merged, so controls are found by their form
 * fields and data attributes.
 */

async function slot(request: APIRequestContext): Promise<{ sysname: string; title: string; min_bet: { amount: number } }> {
  const res = await request.get("/api/games/get", { params: { options: JSON.stringify({ category: "slots", count: 1 }) } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.items[0];
}

async function like(request: APIRequestContext, sysname: string) {
  const res = await request.post("/api/games/addLike", { multipart: { sysname }, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBe(200);
}

/** One demo round through the studio, as the game's own script posts it. */
async function playDemoRound(request: APIRequestContext, sysname: string, bet: number): Promise<string> {
  const res = await request.post(`/platform/game/${sysname}/round`, {
    multipart: { bet: String(bet), mode: "demo", round_id: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    headers: { origin: origin(), accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.id as string;
}

const unlikeButton = (page: Page, sysname: string) => page.locator(`[data-favorite="${sysname}"] form button[type=submit]`);

test.describe("profile favorites @nojs", () => {
  test("a liked game is listed and its Unlike form removes it", async ({ page }) => {
    await registerByApi(page.request, unique("fav"));
    const game = await slot(page.request);
    await page.goto("/profile/favorites");
    await expect(page.locator(".profile-favorites")).toHaveCount(0);
    await expect(page.locator('.profile-games__empty a[href="/gamehall"]')).toBeVisible();

    await like(page.request, game.sysname);
    await page.goto("/profile/favorites");
    const tile = page.locator(`[data-favorite="${game.sysname}"]`);
    await expect(tile.locator(".game-tile__title")).toHaveText(game.title);
    await expect(tile.locator(".game-tile__link")).toHaveAttribute("href", `/game/${game.sysname}`);
    await expect(page.locator('.profile-nav a[aria-current="page"]')).toHaveAttribute("href", "/profile/favorites");

    await unlikeButton(page, game.sysname).click();
    await expect(page).toHaveURL(absolute("/profile/favorites"));
    await expect(page.locator('[data-toast="success"]')).toBeVisible();
    await expect(tile).toHaveCount(0);
    const likes = await (await page.request.get("/api/games/getLikes")).json();
    expect(likes.data).toEqual([]);
  });

  test("a visitor is sent to the index's sign-in popup with redirectUrl", async ({ page }) => {
    await page.goto("/profile/favorites");
    await expect(page).toHaveURL(absolute(`/?show_popup_auth=1&redirectUrl=${encodeURIComponent("/profile/favorites")}`));
  });
});

test.describe("profile game history @nojs", () => {
  test("a played round shows in the table, with its game linked", async ({ page }) => {
    await registerByApi(page.request, unique("hist"));
    const game = await slot(page.request);
    await page.goto("/profile/bets/history");
    await expect(page.locator(".profile-games__table")).toHaveCount(0);
    const id = await playDemoRound(page.request, game.sysname, game.min_bet.amount);
    await page.goto("/profile/bets/history");
    const row = page.locator(`tr[data-round="${id}"]`);
    await expect(row.getByRole("link", { name: game.title })).toHaveAttribute("href", `/game/${game.sysname}`);
    await expect(row.locator("td").nth(3)).toHaveText(/^\$[\d.,]+$/);
    await expect(row.locator("td").first()).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{1,2}:\d{2}$/);
    // An offset that is not a page start goes to the page holding it; past the end is a 404.
    await page.goto("/profile/bets/history?offset=3");
    await expect(page).toHaveURL(absolute("/profile/bets/history"));
    expect((await page.goto("/profile/bets/history?offset=40"))?.status()).toBe(404);
  });
});

test.describe("profile game history export @nojs", () => {
  test("asks for an export with the form, then downloads the CSV", async ({ page }) => {
    await registerByApi(page.request, unique("export"));
    const game = await slot(page.request);
    const id = await playDemoRound(page.request, game.sysname, game.min_bet.amount);
    await page.goto("/profile/bets/exports");
    const form = page.locator("form.profile-export-form");
    await expect(form.locator('input[name="from"]')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(form.locator('input[name="to"]')).toHaveValue(new Date().toISOString().slice(0, 10));
    await form.locator("button[type=submit]").click();
    await expect(page.locator('[data-toast="success"]')).toBeVisible();

    const ready = page.locator('tr[data-status="ready"]');
    if (jsOn()) {
      await expect(ready).toHaveCount(1, { timeout: 15_000 }); // the page re-checks by itself
    } else {
      // What the Refresh link does, until the export is ready.
      await expect(async () => {
        await page.goto("/profile/bets/exports");
        expect(await ready.count()).toBe(1);
      }).toPass({ timeout: 15_000 });
    }
    // On a phone the row fits: the download link shows without scrolling the table sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    const scroll = page.locator(".profile-games__scroll");
    expect(await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(ready.locator("a.profile-export__download")).toBeInViewport();
    const [download] = await Promise.all([page.waitForEvent("download"), ready.locator("a.profile-export__download").click()]);
    expect(download.suggestedFilename()).toMatch(/^game-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("round_id,date_utc,game,title,mode,currency,bet,win,net");
    expect(lines[1]).toMatch(new RegExp(`^${id},\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,${game.sysname},`));
    expect(lines[1]).toContain(",demo,USD,");
  });

  test("refuses a reversed period with the entered values kept", async ({ page }) => {
    await registerByApi(page.request, unique("export-bad"));
    await page.goto("/profile/bets/exports");
    const form = page.locator("form.profile-export-form");
    await form.locator('input[name="from"]').fill("2026-02-01");
    await form.locator('input[name="to"]').fill("2026-01-01");
    await form.locator("button[type=submit]").click();
    await expect(form.locator('input[name="to"]')).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator(".field-error")).toHaveCount(1);
    await expect(form.locator('input[name="from"]')).toHaveValue("2026-02-01");
    await expect(page.locator("tr[data-export]")).toHaveCount(0);
  });
});
