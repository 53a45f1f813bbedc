import { absolute, expect, sidebar, siteHeader, test } from "./fixtures";
import { registerByApi, unique } from "./accounts-fixtures";

test.use({ viewport: { width: 375, height: 740 } });

test.describe("sidebar on a phone", () => {
  test("hidden at first; the burger opens it; following a menu link closes it", async ({ page }) => {
    await page.goto("/");
    const menu = sidebar(page);
    await expect(menu).not.toBeInViewport();

    await siteHeader(page).getByRole("checkbox", { name: "Open menu" }).click();
    await expect(menu).toBeInViewport();
    // The open sidebar scrolls on its own: the banner comes first, the help links further down.
    await menu.getByRole("link", { name: "FAQ" }).scrollIntoViewIfNeeded();
    await expect(menu.getByRole("link", { name: "FAQ" })).toBeInViewport();

    await menu.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(absolute("/faq"));
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    await expect(menu).not.toBeInViewport();
  });

  test("the open sidebar shows the promo banner's title and button", async ({ page }) => {
    await page.goto("/");
    await siteHeader(page).getByRole("checkbox", { name: "Open menu" }).click();
    const menu = sidebar(page);
    await expect(menu).toBeInViewport();
    await expect(menu.getByRole("link", { name: "Claim the reload" })).toBeInViewport({ timeout: 2_000 });
  });

  test("the close button closes it", async ({ page }) => {
    await page.goto("/about");
    const menu = sidebar(page);
    await siteHeader(page).getByRole("checkbox", { name: "Open menu" }).click();
    await expect(menu).toBeInViewport();
    // The × is a label of the menu checkbox, named by its (visually hidden) text.
    await menu.locator("label", { hasText: "Close menu" }).click();
    await expect(menu).not.toBeInViewport();
  });

  test("opened before the scripts arrive, it stays open through hydration", async ({ page }) => {
    test.skip(test.info().project.name === "no-js", "hydration needs JavaScript");
    // Hold the client entry until the burger has been tapped (a slow phone link).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    const menu = sidebar(page);
    await siteHeader(page).getByRole("checkbox", { name: "Open menu" }).click();
    await expect(menu).toBeInViewport();
    release();
    // Hydrated: React has claimed the sidebar's element; then let its effects run.
    await page.waitForFunction(() => Object.keys(document.getElementById("sidebar") ?? {}).some((k) => k.startsWith("__reactFiber")));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    await expect(page.locator("#sidebar-toggle")).toBeChecked();
    await expect(menu).toBeInViewport();
  });
});

// Not @nojs: measurements; signing out from the menu without scripts is proved in phone-header.spec.ts.
test.describe("header on a phone", () => {
  for (const width of [320, 360, 390]) {
    test(`fits a ${width} px screen, for a visitor and for a player, who signs out from the sidebar`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto("/gamehall");
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await fits()).toBe(true);
      await expect(siteHeader(page).getByRole("link", { name: "Sign up" })).toBeInViewport();
      await expect(siteHeader(page).locator(".header__logo img")).toHaveJSProperty("width", width < 380 ? 72 : 88);

      await registerByApi(page.request, unique("phone-header"));
      await page.goto("/gamehall");
      expect(await fits()).toBe(true);
      await expect(siteHeader(page).getByRole("link", { name: "Deposit" })).toBeInViewport();
      await expect(siteHeader(page).getByRole("button", { name: "Sign out" })).toBeHidden();
      await siteHeader(page).getByRole("checkbox", { name: "Open menu" }).click();
      const signOut = sidebar(page).getByRole("button", { name: "Sign out" });
      // The player's notices (a toast) may lie over it on the smallest screens: use the keyboard.
      await signOut.press("Enter");
      await expect(siteHeader(page).getByRole("link", { name: "Sign up" })).toBeVisible();
    });
  }
});
