import type { Locator, Page } from "@playwright/test";
import { absolute, expect, siteHeader, test, tr, jsOn } from "./fixtures";

/**
 * Games search (SPEC §2 popups, issue 5): the header's search button (a link to the lobby
 * without JavaScript, the popup with it), results as you type with stale answers dropped,
 * provider suggestions, recent queries, the random game, and the lobby's `?search=` page.
 * The game page itself belongs to another slice: only its URL is checked here.
 */

const GAME_URL = /\/game\/[a-z0-9_-]+$/;
const searchButton = (page: Page) => siteHeader(page).getByRole("link", { name: tr("search.open") });
const popup = (page: Page) => page.getByRole("dialog", { name: tr("search.title") });
const popupInput = (page: Page) => popup(page).getByRole("searchbox");
const popupResults = (page: Page) => popup(page).locator(".search-results__list [data-game]");
const tiles = (page: Page) => page.locator(".lobby-grid [data-game]");

/** Whether a title or studio name has a word starting with `query` (the platform's prefix match). */
function matches(texts: string[], query: string): boolean {
  return texts.some((text) =>
    text
      .toLowerCase()
      .split(/\s+/)
      .some((w) => w.startsWith(query.toLowerCase())),
  );
}

async function expectAllMatch(rows: Locator, query: string, titleSel: string, providerSel: string) {
  // The document streams: its URL and heading are there before the tiles further down. Count once
  // the results have arrived (they come in one piece), not while the rest is still on its way.
  await expect(rows.first()).toBeAttached();
  const n = await rows.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    // textContent, not innerText: tiles out of sight are not rendered (content-visibility: auto),
    // and innerText is empty for what is not rendered.
    const texts = [(await row.locator(titleSel).textContent()) ?? "", (await row.locator(providerSel).textContent()) ?? ""];
    expect(matches(texts, query), `${texts.join(" / ")} matches ${query}`).toBe(true);
  }
}

/** Opens the popup from the header once the page has hydrated (before that it is a plain link). */
async function openPopup(page: Page) {
  await expect(searchButton(page)).toBeVisible();
  await expect(siteHeader(page).locator("[data-search-button][data-enhanced]")).toBeAttached();
  await searchButton(page).click();
  await expect(popup(page)).toBeVisible();
  await expect(popupInput(page)).toBeFocused();
}

test.describe("lobby search @nojs", () => {
  test("the header's search leads to the lobby, whose GET form searches", async ({ page }) => {
    await page.goto("/");
    if (jsOn()) {
      // With JavaScript the same link opens the popup instead (tested below); its target stays the lobby.
      await expect(searchButton(page)).toHaveAttribute("href", "/gamehall");
      await page.goto("/gamehall");
    } else {
      await searchButton(page).click();
      await expect(page).toHaveURL(absolute("/gamehall"));
    }
    const form = page.getByRole("search").filter({ has: page.locator("#lobby-search") });
    await form.getByLabel(tr("search.label")).fill("  dragon ");
    await form.getByRole("button", { name: tr("search.submit") }).click();
    await expect(page).toHaveURL(absolute("/gamehall?search=dragon"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("search.resultsFor", { query: "dragon" }));
    await expect(page.locator("#lobby-search")).toHaveValue("dragon");
    await expectAllMatch(tiles(page), "dragon", ".game-tile__title", ".game-tile__provider");
    await expect(page.getByTestId("lobby-count")).toContainText(/\d/);
  });

  test("a studio name finds its games; the search is canonical in the URL", async ({ page }) => {
    await page.goto("/gamehall?search=+Aurora++reels+");
    await expect(page).toHaveURL(absolute("/gamehall?search=Aurora+reels"));
    await expect(tiles(page).first()).toBeAttached();
    // allTextContents, not allInnerTexts: tiles below the fold are not rendered
    // (content-visibility: auto) and their innerText is "" (a stressed CI run met exactly that).
    const studios = new Set((await tiles(page).locator(".game-tile__provider").allTextContents()).map((t) => t.trim()));
    expect([...studios]).toEqual(["Aurora Reels"]);
  });

  test("no match: a message and a link back to the whole lobby", async ({ page }) => {
    await page.goto("/gamehall?search=zzqxvv");
    await expect(page.getByTestId("search-empty")).toContainText(tr("search.empty", { query: "zzqxvv" }));
    await expect(tiles(page)).toHaveCount(0);
    await page
      .getByTestId("search-empty")
      .getByRole("link", { name: tr("search.backToLobby") })
      .click();
    await expect(page).toHaveURL(absolute("/gamehall"));
    await expect(tiles(page).first()).toBeVisible();
  });
});

test.describe("lobby search pages @nojs", () => {
  test("more results keep the search: a plain link without JavaScript, appended in place with it", async ({ page }) => {
    const served = await page.goto("/gamehall?search=dragon");
    const more = page.locator(".lobby-pages__more");
    // The next page's link, as served, keeps the search. Read from the document, not the live page:
    // with JavaScript the lobby appends that page by itself once the link comes near the screen,
    // which on a busy machine can happen before a look at the page (the link then names offset 48).
    expect(await served!.text()).toMatch(/<a rel="next" [^>]*class="[^"]*lobby-pages__more"[^>]*href="\/gamehall\?search=dragon&amp;offset=24"/);
    if (jsOn()) {
      await expect(page.locator(".lobby[data-enhanced]")).toBeAttached();
      await more.scrollIntoViewIfNeeded();
      await expect.poll(() => tiles(page).count()).toBeGreaterThan(24);
      await expect(page).toHaveURL(absolute("/gamehall?search=dragon"));
    } else {
      await expect(more).toHaveAttribute("href", "/gamehall?search=dragon&offset=24");
      await more.click();
      await expect(page).toHaveURL(absolute("/gamehall?search=dragon&offset=24"));
      // The URL changes as the next document starts: wait for its tiles before counting them.
      await expect(tiles(page).first()).toBeVisible();
    }
    await expectAllMatch(tiles(page), "dragon", ".game-tile__title", ".game-tile__provider");
  });

  test("the provider filter keeps the search", async ({ page }) => {
    await page.goto("/gamehall?search=dragon");
    await page.locator(".lobby-providers__summary").click();
    const first = page.locator(".lobby-providers__option input").first();
    const provider = await first.getAttribute("value");
    await first.check();
    await page.getByRole("button", { name: tr("lobby.providers.apply") }).click();
    // Without JavaScript the form's own order (search first) is already canonical: each key has one value.
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return `${url.pathname} ${url.searchParams.get("providers")} ${url.searchParams.get("search")}`;
      })
      .toBe(`/gamehall ${provider} dragon`);
  });

  test("in another locale the header link and the form stay in it", async ({ page }) => {
    await page.goto("/es/gamehall?search=dragon");
    await expect(searchButton(page).or(siteHeader(page).locator("[data-search-button]"))).toHaveAttribute("href", "/es/gamehall");
    await expect(page.locator("form.lobby-search")).toHaveAttribute("action", "/es/gamehall");
    await expect(tiles(page).first()).toBeVisible();
  });
});

test.describe("search popup", () => {
  test.skip(() => !jsOn(), "the popup needs JavaScript");

  test("results as you type; a result opens the game page", async ({ page }) => {
    await page.goto("/");
    await openPopup(page);
    expect(page.url()).toBe(absolute("/"));
    await popupInput(page).pressSequentially("dragon", { delay: 30 });
    await expect(popup(page).locator(".search-results[data-status=results]")).toHaveAttribute("data-query", "dragon");
    await expectAllMatch(popupResults(page), "dragon", ".search-result__title", ".search-result__provider");
    expect(await popupResults(page).count()).toBeLessThanOrEqual(12);
    const sysname = await popupResults(page).first().getAttribute("data-game");
    await popupResults(page).first().getByRole("link").click();
    await expect(page).toHaveURL(absolute(`/game/${sysname}`));
  });

  test("a slow answer for an older text never replaces the newer one", async ({ page }) => {
    const seen: string[] = [];
    // The answer for "dr" is held until the newer one is on the page.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const searchOf = (url: string) => (JSON.parse(new URL(url).searchParams.get("options") ?? "{}") as { search?: string }).search;
    await page.route("**/api/games/get?**", async (route) => {
      const search = searchOf(route.request().url());
      if (search) seen.push(search);
      if (search === "dr") await held;
      await route.continue().catch(() => undefined); // the browser may have aborted it meanwhile
    });
    // The old request's end, answered or aborted by the page (listened for before it can happen).
    const isOld = (r: { url(): string }) => r.url().includes("/api/games/get?") && searchOf(r.url()) === "dr";
    const oldOver = Promise.race([page.waitForEvent("requestfinished", isOld), page.waitForEvent("requestfailed", isOld)]);
    await page.goto("/");
    await openPopup(page);
    await popupInput(page).fill("dr");
    await expect.poll(() => seen).toContain("dr");
    await popupInput(page).fill("dragon");
    await expect(popup(page).locator(".search-results[data-status=results]")).toHaveAttribute("data-query", "dragon");
    // Now the old answer may arrive: once its request is over and the page has run what it queued, the newer results must still be there.
    release();
    await oldOver;
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    await expect(popup(page).locator(".search-results")).toHaveAttribute("data-query", "dragon");
    await expectAllMatch(popupResults(page), "dragon", ".search-result__title", ".search-result__provider");
    expect(seen).toEqual(["dr", "dragon"]);
  });

  test('the empty answer, then "show all" goes to the lobby\'s search page', async ({ page }) => {
    await page.goto("/");
    await openPopup(page);
    await popupInput(page).fill("zzqxvv");
    await expect(popup(page).getByRole("status")).toHaveText(tr("search.empty", { query: "zzqxvv" }));
    await popupInput(page).fill("dragon");
    const all = popup(page).locator(".search-results__all");
    await expect(all).toBeVisible();
    await all.click();
    await expect(page).toHaveURL(absolute("/gamehall?search=dragon"));
    await expect(popup(page)).toBeHidden();
  });

  test("a provider suggestion filters the lobby by that studio", async ({ page }) => {
    await page.goto("/");
    await openPopup(page);
    await popupInput(page).fill("auror");
    const chips = popup(page).getByRole("navigation", { name: tr("search.providers") });
    await chips.getByRole("link", { name: "Aurora Reels" }).click();
    await expect(page).toHaveURL(absolute("/gamehall?providers=aurora_reels"));
    await expect(tiles(page).first()).toBeVisible();
  });

  test("recent queries come back after reopening, can be reused and cleared; Escape closes", async ({ page }) => {
    await page.goto("/");
    await openPopup(page);
    await popupInput(page).fill("dragon");
    await popupInput(page).press("Enter");
    await expect(page).toHaveURL(absolute("/gamehall?search=dragon"));
    await expect(popup(page)).toBeHidden();

    await openPopup(page);
    const recent = popup(page).getByRole("region", { name: tr("search.recent") });
    await expect(recent.getByRole("button", { name: "dragon" })).toBeVisible();
    await recent.getByRole("button", { name: "dragon" }).click();
    await expect(popupInput(page)).toHaveValue("dragon");
    await expect(popup(page).locator(".search-results[data-status=results]")).toHaveAttribute("data-query", "dragon");
    await popupInput(page).fill("");
    await popup(page)
      .getByRole("button", { name: tr("search.clearRecent") })
      .click();
    await expect(recent).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(popup(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("playfront.search.recent"))).toBeNull();
  });

  test("a broken stored list is ignored", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("playfront.search.recent", "{broken"));
    await page.goto("/");
    await openPopup(page);
    await expect(popup(page).getByText(tr("search.hint"))).toBeVisible();
  });

  test("the random game button opens some game's page", async ({ page }) => {
    await page.goto("/");
    await openPopup(page);
    await popup(page)
      .getByRole("button", { name: tr("search.random") })
      .click();
    await expect(page).toHaveURL(GAME_URL);
  });
});
