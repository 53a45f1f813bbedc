import type { Page } from "@playwright/test";
import { absolute, expect, getNoFollow, test, tr, jsOn } from "./fixtures";

/**
 * The game hall (SPEC §2, issue 5): category tabs and the provider filter as plain links and a
 * GET form (with and without JavaScript), "load more" (a link without JavaScript, appending in
 * place with it), the category-redirect step, /providers, and the 404s of bad filters.
 */

const tiles = (page: Page) => page.locator(".lobby-grid [data-game]");
const tabs = (page: Page) => page.getByRole("navigation", { name: tr("lobby.categories") });

/** With JavaScript, waits for hydration: before it, a click on "load more" is a plain link. */
async function lobbyReady(page: Page) {
  if (jsOn()) await expect(page.locator(".lobby[data-enhanced]")).toBeAttached();
}

test.describe("game hall filters @nojs", () => {
  test("the first screen is server-rendered with covers sized and the first one prioritised", async ({ page }) => {
    await page.goto("/gamehall");
    await expect(tiles(page).first()).toBeVisible();
    expect(await tiles(page).count()).toBeGreaterThanOrEqual(24);
    const first = tiles(page).first().locator("img");
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).toHaveAttribute("width", "300");
    await expect(first).toHaveAttribute("height", "400");
    // Only the first cover loads at once; the others are lazy, so they never race the stylesheets.
    await expect(first).toHaveAttribute("loading", "eager");
    await expect(tiles(page).nth(1).locator("img")).toHaveAttribute("loading", "lazy");
    await expect(tiles(page).nth(12).locator("img")).toHaveAttribute("loading", "lazy");
    const href = await tiles(page).first().locator("a").getAttribute("href");
    expect(href).toMatch(/^\/game\/[a-z0-9_-]+$/);
  });

  test("crawlers get a description of the lobby and of each category; search results are not indexed", async ({ page }) => {
    const description = page.locator('meta[name="description"]');
    const robots = page.locator('meta[name="robots"]');
    await page.goto("/gamehall");
    await expect(description).toHaveAttribute("content", /^Browse \d{4,} casino games from \d{2,} providers/);
    await expect(robots).toHaveCount(0);
    await page.goto("/gamehall?category=slots");
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText (the text as rendered), not the DOM property
    const slots = (await tabs(page).locator('[aria-current="page"]').innerText()).trim();
    await expect(description).toHaveAttribute("content", new RegExp(`^${slots}: \\d+ games from \\d+ providers`));
    await page.goto("/gamehall?search=koi");
    await expect(robots).toHaveAttribute("content", "noindex, follow");
    await page.goto("/providers");
    await expect(description).toHaveAttribute("content", /^All \d{2,} game providers/);
  });

  test("a category tab filters by category", async ({ page }) => {
    await page.goto("/gamehall");
    await tabs(page).getByRole("link", { name: "Live casino" }).click();
    await expect(page).toHaveURL(absolute("/gamehall?category=live"));
    await expect(tabs(page).getByRole("link", { name: "Live casino" })).toHaveAttribute("aria-current", "page");
    await expect(tiles(page).first()).toBeVisible();
  });

  test("the provider form filters by a comma list of providers", async ({ page }) => {
    await page.goto("/gamehall?category=live");
    await lobbyReady(page);
    await page.locator(".lobby-providers__summary").click();
    await page.getByLabel("Tidewater Live Studios").check();
    await page.getByLabel("Silverbirch Live").check();
    await page.getByRole("button", { name: tr("lobby.providers.apply") }).click();
    await expect(page).toHaveURL(absolute("/gamehall?category=live&providers=silverbirch,tidewater"));
    // The URL can change a moment before the filtered page replaces the tiles: poll the grid.
    await expect
      .poll(async () => {
        const studios = new Set(await page.locator(".lobby-grid .game-tile__provider").allTextContents());
        return studios.size > 0 && [...studios].every((s) => ["Silverbirch Live", "Tidewater Live Studios"].includes(s));
      })
      .toBe(true);
    // The category tabs keep the providers.
    await expect(tabs(page).getByRole("link", { name: "Live casino" })).toHaveAttribute("href", "/gamehall?category=live&providers=silverbirch,tidewater");
  });

  test("load more: the next page (a link without JavaScript, appended in place with it)", async ({ page }) => {
    await page.goto("/gamehall?category=slots");
    await lobbyReady(page);
    const firstPage = await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-game")));
    const more = page.locator(".lobby-pages a[rel=next]");
    if (jsOn()) {
      await more.scrollIntoViewIfNeeded();
      await expect.poll(() => tiles(page).count()).toBeGreaterThanOrEqual(48);
      await expect(page).toHaveURL(absolute("/gamehall?category=slots"));
      const shown = await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-game")));
      expect(shown.slice(0, 24)).toEqual(firstPage.slice(0, 24));
      expect(new Set(shown).size).toBe(shown.length);
      // The server's page and the appended ones are one list of games for assistive technology.
      // Infinite scroll may still be appending (it fills a screen ahead), so both counts are read
      // together until they agree, rather than against a count taken earlier.
      const items = page.getByRole("list", { name: "Games" }).getByRole("listitem");
      await expect.poll(async () => (await items.count()) - (await tiles(page).count())).toBe(0);
      expect(await items.count()).toBeGreaterThanOrEqual(48);
    } else {
      await expect(more).toHaveAttribute("href", "/gamehall?category=slots&offset=24");
      await more.click();
      await expect(page).toHaveURL(absolute("/gamehall?category=slots&offset=24"));
      // Load more adds the next page to the games shown (1–48), as it does with JavaScript, and
      // the counter says so. The URL changes when the new document starts: wait for its whole grid.
      await expect(tiles(page)).toHaveCount(48);
      const shown = await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-game")));
      expect(shown.slice(0, 24)).toEqual(firstPage);
      expect(new Set(shown).size).toBe(48);
      await expect(page.getByTestId("lobby-count")).toContainText("Showing 48 of");
      await expect(page.locator(".lobby-pages a[rel=prev]")).toHaveCount(0);
    }
  });

  test("a page shows at most two pages of games; further on the counter names the range", async ({ page }) => {
    // Past 48 games the games shown slide on (decision 0025's rows per page), the counter tells
    // which ones they are, and Previous leads to the games before them.
    await page.goto("/gamehall?category=slots&offset=48");
    await expect(tiles(page)).toHaveCount(48);
    await expect(page.getByTestId("lobby-count")).toContainText("Showing 25–72 of");
    await expect(page.locator(".lobby-pages a[rel=prev]")).toHaveAttribute("href", "/gamehall?category=slots");
  });

  test("/providers lists every studio, each opening the lobby filtered by it", async ({ page }) => {
    await page.goto("/providers");
    await expect(page.locator(".provider-list [data-provider]")).toHaveCount(26);
    // Each studio is its wordmark, an SVG shown as it is (decisions 0033, 0036), named by its text.
    const bluefin = page.locator("[data-provider=bluefin]");
    await expect(bluefin).toHaveAccessibleName(/^Bluefin Gaming\b/);
    const logo = bluefin.locator("img.provider-list__logo");
    await expect(logo).toHaveAttribute("src", "/platform/covers/providers/bluefin.svg");
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await bluefin.click();
    await expect(page).toHaveURL(absolute("/gamehall?providers=bluefin"));
    // The URL can change before the new page has rendered its tiles: wait for the grid first.
    await expect(page.locator(".lobby-grid .game-tile__provider").first()).toBeVisible();
    const studios = new Set(await page.locator(".lobby-grid .game-tile__provider").allTextContents());
    expect([...studios]).toEqual(["Bluefin Gaming"]);
  });
});

test.describe("game hall with JavaScript", () => {
  test("load more from the keyboard appends a page and moves focus to its first game", async ({ page }) => {
    await page.goto("/gamehall?category=table");
    await lobbyReady(page);
    const more = page.locator(".lobby-pages a[rel=next]");
    await more.focus();
    const before = await tiles(page).count();
    await page.keyboard.press("Enter");
    await expect.poll(() => tiles(page).count()).toBeGreaterThan(before);
    await expect(page.locator(".lobby-grid [data-game] a:focus")).toHaveCount(1);
    await expect(page).toHaveURL(absolute("/gamehall?category=table"));
  });
});

test("games appended near the end do not carry the player down the list", async ({ page }) => {
  await page.goto("/gamehall");
  await lobbyReady(page);
  const shown = await tiles(page).count();
  // At the end of the page: the sidebar's foot, the footer and "load more" are all in view.
  const y = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return window.scrollY;
  });
  await expect.poll(() => tiles(page).count()).toBeGreaterThan(shown);
  await expect(page.locator(".lobby-pages__more")).not.toHaveAttribute("aria-busy", "true");
  expect(await page.evaluate(() => window.scrollY)).toBe(y);
});

test("a reload keeps the player's place in the lobby; a new visit starts at the top", async ({ page }) => {
  await page.goto("/gamehall");
  await lobbyReady(page);
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
  await page.goto("/providers");
  await page.goto("/gamehall");
  await lobbyReady(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("game hall URLs", () => {
  test("repeated providers and a garbage offset redirect to the canonical URL", async ({ request }) => {
    let res = await getNoFollow(request, "/gamehall?category=live&providers=tidewater&providers=silverbirch");
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/gamehall?category=live&providers=silverbirch,tidewater");
    res = await getNoFollow(request, "/gamehall?offset=abc");
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/gamehall");
    res = await getNoFollow(request, "/es/gamehall?offset=30&show_popup_auth=1");
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/es/gamehall?show_popup_auth=1&offset=24");
  });

  test("/gamehall/{category} redirects to the filtered lobby, by sysname or id, keeping the query", async ({ request }) => {
    let res = await getNoFollow(request, "/gamehall/slots");
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/gamehall?category=slots");
    res = await getNoFollow(request, "/pt/gamehall/4?providers=tidewater");
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/pt/gamehall?providers=tidewater&category=live");
    res = await getNoFollow(request, "/gamehall/no-such-category");
    expect(res.status()).toBe(404);
  });

  test("an unknown category, an unknown provider or a page past the end is a 404", async ({ request, page }) => {
    for (const path of ["/gamehall?category=nope", "/gamehall?providers=bluefin,nope", "/gamehall?category=Slots!", "/gamehall?offset=99984"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    const res = await page.goto("/gamehall?category=nope");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});
