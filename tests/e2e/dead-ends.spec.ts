import { absolute, expect, siteHeader, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** What a player sees of the site's styles: the page's background and the header's layout. */
async function looks(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("header");
    const body = getComputedStyle(document.body);
    const h = header ? getComputedStyle(header) : null;
    return { background: body.backgroundColor, font: body.fontFamily, headerDisplay: h?.display, headerPosition: h?.position };
  });
}

/**
 * An operator's link to a section that does not exist, clicked with JavaScript on: the router
 * navigates in the page (LinkDelegate handles every `a[data-link]`) and renders the error page.
 */
async function followMissingLink(page: Page, href: string) {
  await page.evaluate((to) => {
    const a = document.createElement("a");
    a.href = to;
    a.setAttribute("data-link", "");
    a.textContent = "Missing section";
    a.id = "missing-link";
    document.querySelector("footer")!.append(a);
  }, href);
  await page.locator("#missing-link").click();
}

test.describe("client navigation keeps the site's styles", () => {
  test("to a 404 page and Back again", async ({ page }) => {
    await page.goto("/gamehall");
    await expect(page.locator("html[data-links]")).toBeAttached();
    const styled = await looks(page);
    expect(styled.background).not.toBe("rgba(0, 0, 0, 0)");

    await followMissingLink(page, "/no-section-yet");
    await expect(page).toHaveURL(absolute("/no-section-yet"));
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(siteHeader(page)).toBeVisible();
    expect(await looks(page)).toEqual(styled);

    await page.goBack();
    await expect(page).toHaveURL(absolute("/gamehall"));
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toHaveCount(0);
    expect(await looks(page)).toEqual(styled);
  });
});
