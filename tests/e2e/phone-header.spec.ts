import type { Page } from "@playwright/test";
import { payDemoDeposit, registerByApi, unique } from "./accounts-fixtures";
import { afterLayout, expect, msg, SEED, siteHeader, test } from "./fixtures";

/**
 * The header on phones, 320–430 px, in every seeded locale, for a visitor and for a player with
 * a large balance and (with JavaScript) the session clock. Phone emulation (isMobile) widens the
 * layout viewport to fit a page that is too wide, so innerWidth alone would hide an overflow:
 * the header's controls are compared with the width set, and innerWidth must stay that width.
 */
test.use({ isMobile: true, hasTouch: true, viewport: { width: 390, height: 740 } });

const WIDTHS = [320, 360, 390, 430];
const home = (locale: string, path = "/gamehall") => (locale === "en" ? path : `/${locale}${path}`);

/** Every named control lies inside the screen width set, and the page is not wider than it. */
async function expectFits(page: Page, width: number, controls: ["checkbox" | "button" | "link", string][]) {
  const page_ = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth, scrollX }));
  expect(page_, `the page at ${width} px`).toEqual({ scrollWidth: width, innerWidth: width, scrollX: 0 });
  for (const [role, name] of controls) {
    const box = await siteHeader(page).getByRole(role, { name, exact: true }).boundingBox();
    expect(box, `${name} is shown`).not.toBeNull();
    expect(box!.x, `${name} starts on the screen at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} ends on the screen at ${width} px`).toBeLessThanOrEqual(width);
  }
}

/**
 * The page at each width in turn: loaded once at the first, then resized (the header's layout is
 * CSS alone, so a resize lays it out as a load at that width would). Two animation frames let the
 * resize's layout run before anything is measured.
 */
async function* atWidths(page: Page, path: string, widths: number[]) {
  for (const [i, width] of widths.entries()) {
    await page.setViewportSize({ width, height: 740 });
    if (i === 0) await page.goto(path);
    else await afterLayout(page);
    yield width;
  }
}

/** The widest balance the demo cashier allows: R$ 25,000.00. */
const bigDeposit = (page: Page) => payDemoDeposit(page.request, 2_500_000);

for (const locale of SEED.locales) {
  // Not @nojs: measurements of the laid-out header; the menu without scripts is proved on the short phone below.
  test.describe(`header on a phone in ${locale}`, () => {
    test("a visitor sees the menu, Sign in and Sign up at 320–430 px", async ({ page }) => {
      for await (const width of atWidths(page, home(locale), WIDTHS)) {
        await expectFits(page, width, [
          ["checkbox", msg(locale, "header.menu")],
          ["link", msg(locale, "header.signIn")],
          ["link", msg(locale, "header.signUp")],
        ]);
      }
    });

    test("a player with a large balance and the session clock sees Deposit at 320–430 px", async ({ page }) => {
      const js = test.info().project.name !== "no-js";
      // The widest balance the demo cashier allows: R$ 25,000.00.
      await registerByApi(page.request, unique("phone-header"), { currency: "BRL" });
      await bigDeposit(page);
      for await (const width of atWidths(page, home(locale), WIDTHS)) {
        await expect(siteHeader(page).locator("[data-balance]")).toContainText("25");
        if (js) await expect(siteHeader(page).locator("[data-session-time]")).toBeVisible();
        await expectFits(page, width, [
          ["checkbox", msg(locale, "header.menu")],
          ["link", msg(locale, "header.deposit")],
        ]);
      }
    });
  });
}

test.describe("header between phone and laptop", () => {
  test("fits 480–900 px in es (the longest labels), for a visitor and a player", async ({ page }) => {
    const widths = [480, 600, 768, 900];
    const visitor: ["button" | "link", string][] = [
      ["link", msg("es", "header.signIn")],
      ["link", msg("es", "header.signUp")],
    ];
    for await (const width of atWidths(page, "/es/about", widths)) {
      await expectFits(page, width, visitor);
    }
    await registerByApi(page.request, unique("tablet-header"), { currency: "BRL" });
    await bigDeposit(page);
    for await (const width of atWidths(page, "/es/about", widths)) {
      if (test.info().project.name !== "no-js") await expect(siteHeader(page).locator("[data-session-time]")).toBeVisible();
      await expectFits(page, width, [["link", msg("es", "header.deposit")]]);
    }
  });
});

test.describe("the menu on a short phone", { tag: "@nojs" }, () => {
  test("fits the screen and scrolls, so Sign out can be reached and used", async ({ page }) => {
    const [width, height] = [320, 568];
    await page.setViewportSize({ width, height });
    await registerByApi(page.request, unique("phone-menu"), { currency: "BRL" });
    await bigDeposit(page);
    await page.goto("/es/gamehall");
    await siteHeader(page)
      .getByRole("checkbox", { name: msg("es", "header.menu") })
      .click();
    const menu = page.getByRole("complementary", { name: msg("es", "sidebar.label") });
    const signOut = menu.getByRole("button", { name: msg("es", "header.signOut") });
    await signOut.scrollIntoViewIfNeeded();
    // A page wider than the screen makes the layout viewport taller than the screen, and the
    // menu's bottom (and Sign out) falls below it: compare with the size set.
    for (const box of [await menu.boundingBox(), await signOut.boundingBox()]) {
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(box!.y + box!.height).toBeLessThanOrEqual(height);
    }
    await signOut.press("Enter");
    await expect(siteHeader(page).getByRole("link", { name: msg("es", "header.signUp") })).toBeVisible();
  });
});

test.describe("the game hall's category row on a phone", { tag: "@nojs" }, () => {
  for (const locale of ["en", "ar"]) {
    test(`shows the current category, the last one, from the first paint (${locale})`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${locale === "en" ? "" : `/${locale}`}/gamehall?category=bonus_buy`);
      const row = page.getByRole("navigation", { name: msg(locale, "lobby.categories") });
      const current = row.locator('[aria-current="page"]');
      await expect(current).toHaveAttribute("href", /category=bonus_buy$/);
      // The row is wider than the screen (the current tab would be off it unscrolled)…
      expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth + 100)).toBe(true);
      // …and it, not the page, was scrolled to the current tab.
      const inRow = await current.evaluate((tab) => {
        const r = tab.parentElement!.getBoundingClientRect();
        const b = tab.getBoundingClientRect();
        return b.left >= r.left - 1 && b.right <= r.right + 1;
      });
      expect(inRow, "the current tab lies inside the row").toBe(true);
      expect(await page.evaluate(() => [scrollX, scrollY])).toEqual([0, 0]);
    });
  }
});
