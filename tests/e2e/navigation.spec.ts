import AxeBuilder from "@axe-core/playwright";
import { absolute, expect, sidebar, siteHeader, test, tr } from "./fixtures";

/**
 * Every section can be reached (issue 41): the sportsbook and the promotions from the sidebar and
 * the footer of every page, and the whole lobby from the Game hall group — for visitors and
 * players, with and without JavaScript, on a phone through the menu.
 */

test.describe("reachable sections @nojs", () => {
  test("the sidebar leads to the sportsbook, the promotions and the whole lobby; the footer to the first two", async ({ page }) => {
    await page.goto("/about");
    const menu = sidebar(page);
    await menu.getByRole("link", { name: "Sports betting" }).click();
    await expect(page).toHaveURL(absolute("/betting"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("betting.title"));

    await sidebar(page).getByRole("link", { name: "Promotions" }).click();
    await expect(page).toHaveURL(absolute("/promotions"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("promotions.title"));

    await sidebar(page).locator("summary", { hasText: "Game hall" }).click();
    await sidebar(page).getByRole("link", { name: "All games", exact: true }).click();
    await expect(page).toHaveURL(absolute("/gamehall"));

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Sports betting" })).toHaveAttribute("href", "/betting");
    await expect(footer.getByRole("link", { name: "Promotions" })).toHaveAttribute("href", "/promotions");
  });

  test("in Spanish the same entries are there, in Spanish, under the locale's paths", async ({ page }) => {
    await page.goto("/es/about");
    const menu = page.getByRole("complementary", { name: "Menú del sitio" });
    await expect(menu.getByRole("link", { name: "Apuestas deportivas" })).toHaveAttribute("href", "/es/betting");
    await expect(menu.getByRole("link", { name: "Promociones" })).toHaveAttribute("href", "/es/promotions");
  });
});

test.describe("reachable sections on a phone @nojs", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the menu's Sports betting entry opens the sportsbook", async ({ page }) => {
    await page.goto("/");
    await siteHeader(page).getByRole("checkbox", { name: "Open menu" }).click();
    const entry = sidebar(page).getByRole("link", { name: "Sports betting" });
    await entry.scrollIntoViewIfNeeded();
    await entry.click();
    await expect(page).toHaveURL(absolute("/betting"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("betting.title"));
  });
});

test.describe("a navigation that takes time", () => {
  test("shows a progress bar while the next page's data is on its way, and removes it when the page is there", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "a client navigation needs JavaScript (without it the browser shows its own progress)");
    await page.goto("/about");
    // The next page's data answers 1.5 s late, as a slow platform would.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/providers\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await sidebar(page).getByRole("link", { name: "Providers" }).click();
    const bar = page.getByRole("progressbar", { name: tr("common.loading") });
    await expect(bar).toBeVisible();
    await expect(page).toHaveURL(absolute("/about"));
    // The bar is in a live region, not loose in the page (axe's "region": it failed a page's check
    // whenever a navigation ran past 150 ms while the page was checked).
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    release();
    await expect(page).toHaveURL(absolute("/providers"));
    await expect(bar).toHaveCount(0);
  });
});
