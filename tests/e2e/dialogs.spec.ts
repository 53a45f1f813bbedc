import type { Page } from "@playwright/test";
import { registerByApi, unique } from "./accounts-fixtures";
import { absolute, expect, msg, SEED, test } from "./fixtures";

test.describe("campaign popup named by the URL", () => {
  // Campaign popups apply only to signed-in players (SPEC §5).
  test.beforeEach(async ({ page }) => {
    await registerByApi(page.request, unique("url-popup"));
  });

  test("/?popup=welcome shows the popup, server-rendered", { tag: "@nojs" }, async ({ page }) => {
    await page.goto("/?popup=welcome");
    const dialog = page.getByRole("dialog", { name: SEED.popupTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("20 free spins")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Make a deposit" })).toHaveAttribute("href", "/cashier/deposit");
    // Its close link works with or without JavaScript and drops the popup from the URL.
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(absolute("/"));
  });

  test("Escape closes it and removes popup from the URL", async ({ page }) => {
    await page.goto("/?popup=welcome&utm_source=mail");
    const dialog = page.getByRole("dialog", { name: SEED.popupTitle });
    // The dialog takes the focus once the page is interactive.
    await expect(dialog).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(absolute("/?utm_source=mail"));
    await expect(page.getByRole("heading", { level: 1, name: SEED.heroTitle })).toBeVisible();
  });

  test("prevent_close=1 leaves no close button and Escape does nothing", { tag: "@nojs" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/?popup=welcome&prevent_close=1");
    const dialog = page.getByRole("dialog", { name: SEED.popupTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Close" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
    if (javaScriptEnabled) await expect(dialog).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(absolute("/?popup=welcome&prevent_close=1"));
  });

  test("in Spanish the dialog's close and the home banner list are named in Spanish", { tag: "@nojs" }, async ({ page }) => {
    await page.goto("/es?popup=welcome");
    await expect(page.getByRole("dialog").getByRole("link", { name: msg("es", "common.close"), exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: msg("es", "common.bannersLabel") })).toBeAttached();
  });

  test("an unknown popup name shows no dialog", { tag: "@nojs" }, async ({ page }) => {
    const response = await page.goto("/?popup=no-such-popup");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: SEED.heroTitle })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("campaign popup named by the URL, for a visitor", () => {
  test("a visitor's page ignores ?popup=", { tag: "@nojs" }, async ({ page }) => {
    const response = await page.goto("/?popup=welcome");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: SEED.heroTitle })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("URL dialogs opened by an in-app navigation", () => {
  test("closing the sign-in popup opened from the header returns to the page, not to its data address", async ({ page }) => {
    await page.goto("/about");
    await page.locator("header").getByRole("link", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/about\?show_popup_auth=1/);
    await dialog
      .getByRole("link", { name: "Close" })
      .or(dialog.getByRole("button", { name: "Close" }))
      .first()
      .click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(absolute("/about"));
    expect(await dialog.count()).toBe(0);
  });
});

/**
 * Opens the header's `link` on `path` by keyboard (focus, Enter) once the page is hydrated — before,
 * the link loads a new document, which has no opener to go back to — and answers the opener and the
 * dialog, which has taken the focus.
 */
async function openByKeyboard(page: Page, path: string, link: string, dialogName?: string) {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-links", "");
  const opener = page.locator("header").getByRole("link", { name: link });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = dialogName ? page.getByRole("dialog", { name: dialogName }) : page.getByRole("dialog");
  await expect(dialog).toBeFocused();
  return { opener, dialog };
}

test.describe("a dialog holds the keyboard", () => {
  test("keyboard only: the sign-in popup takes the focus, Tab and Shift+Tab stay in it, Escape gives the focus back to its opener", async ({ page }) => {
    const { opener, dialog } = await openByKeyboard(page, "/about", "Sign in", "Sign in");
    const inDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    // More stops than the dialog has: each lands inside it.
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press("Tab");
      expect(await inDialog(), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await inDialog(), `Shift+Tab ${i + 1}`).toBe(true);
    }
    // The page behind takes no focus and no clicks while the dialog is open.
    expect(await page.locator("header.header").evaluate((e) => !!e.closest("[inert]")), "the header behind is inert").toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.locator("[inert]")).toHaveCount(0);
  });

  test("the Close button gives the focus back to the opener too", async ({ page }) => {
    const { opener, dialog } = await openByKeyboard(page, "/gamehall", "Sign up");
    await dialog
      .getByRole("link", { name: "Close" })
      .or(dialog.getByRole("button", { name: "Close" }))
      .first()
      .press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});
