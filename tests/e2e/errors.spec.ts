import { absolute, expect, GOOGLEBOT_UA, msg, sidebar, siteHeader, test } from "./fixtures";

test.describe("not-found page", { tag: "@nojs" }, () => {
  test("has the site header and sidebar and a way home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(siteHeader(page)).toBeVisible();
    await expect(siteHeader(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(absolute("/"));
    await expect(page.getByRole("heading", { level: 1, name: "Your next big win starts here" })).toBeVisible();
  });

  test("in another locale it speaks that language and the way home stays in it", async ({ page }) => {
    const response = await page.goto("/es/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: msg("es", "errors.notFound.title") })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: msg("es", "errors.goHome") })).toHaveAttribute("href", "/es");
  });
});

test.describe("crawlers", () => {
  test("get a bare 404 with noindex instead of the error page", async ({ request }) => {
    const r = await request.get("/no-such-page", { headers: { "user-agent": GOOGLEBOT_UA } });
    expect(r.status()).toBe(404);
    const body = await r.text();
    expect(body).toContain('<meta name="robots" content="noindex">');
    expect(body).not.toContain("Page not found");
    expect(body).not.toContain("Page Not Found");
    expect(body).not.toContain("<header");
    expect(r.headers()["x-robots-tag"]).toBe("noindex");
  });

  test("with the short 'Googlebot/2.1' agent too", async ({ request }) => {
    const r = await request.get("/no-such-page", { headers: { "user-agent": "Googlebot/2.1" } });
    expect(r.status()).toBe(404);
    expect(await r.text()).not.toContain("Page not found");
  });

  test("people get the full error page at the same URL", async ({ request }) => {
    const r = await request.get("/no-such-page");
    expect(r.status()).toBe(404);
    expect(await r.text()).toContain("Page not found");
  });
});
