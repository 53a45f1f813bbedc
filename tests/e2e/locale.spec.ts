import { absolute, expect, getNoFollow, html, msg, siteHeader, test } from "./fixtures";

test.describe("language switcher", { tag: "@nojs" }, () => {
  test("choosing العربية opens the Arabic site right to left", async ({ page }) => {
    await page.goto("/");
    await siteHeader(page).locator("summary", { hasText: "Choose language" }).click();
    const arabic = siteHeader(page).getByRole("link", { name: "العربية" });
    await expect(arabic).toBeVisible();
    await arabic.click();
    await expect(page).toHaveURL(absolute("/ar"));
    await expect(html(page)).toHaveAttribute("lang", "ar");
    await expect(html(page)).toHaveAttribute("dir", "rtl");
    await expect(siteHeader(page).getByRole("link", { name: msg("ar", "header.signUp") })).toBeVisible();
    // The switcher, now in Arabic, offers English back and not Arabic.
    await siteHeader(page).locator("summary", { hasText: msg("ar", "header.language") }).click();
    await expect(siteHeader(page).getByRole("link", { name: "English" })).toHaveAttribute("href", "/");
    await expect(siteHeader(page).getByRole("link", { name: "العربية" })).toHaveCount(0);
  });

  test("choosing Español on a page keeps the page: /about → /es/about", async ({ page }) => {
    await page.goto("/about");
    await siteHeader(page).locator("summary", { hasText: "Choose language" }).click();
    await siteHeader(page).getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(absolute("/es/about"));
    await expect(html(page)).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: "Acerca de Playfront" })).toBeVisible();
  });
});

test.describe("locale URLs", { tag: "@nojs" }, () => {
  test("/en/about is a permanent redirect to /about (the default locale has no prefix)", async ({ request, page }) => {
    const response = await getNoFollow(request, "/en/about?ref=1");
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/about?ref=1");
    await page.goto("/en/about");
    await expect(page).toHaveURL(absolute("/about"));
    await expect(html(page)).toHaveAttribute("lang", "en");
  });

  test("a page under a segment that is no locale answers 404: /xx/unsubscribe", async ({ page }) => {
    const response = await page.goto("/xx/unsubscribe");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});
