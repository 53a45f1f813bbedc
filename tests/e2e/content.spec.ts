import { expect, html, msg, siteHeader, test } from "./fixtures";

test.describe("content pages", { tag: "@nojs" }, () => {
  const pages = [
    { path: "/about", title: "About Playfront", section: "Our promise" },
    { path: "/terms", title: "Terms and conditions", section: "1. Acceptance of the Terms" },
    { path: "/faq", title: "Frequently asked questions", section: "How do I open an account?" },
  ];
  for (const p of pages) {
    test(`${p.path} shows its title and content inside the site layout`, async ({ page }) => {
      const response = await page.goto(p.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: p.title })).toBeVisible();
      await expect(page.getByText(/Last updated \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
      const article = page.getByRole("article");
      // Operator HTML is rendered as markup (real headings), not as escaped text.
      await expect(article.getByRole("heading", { level: 2, name: p.section })).toBeVisible();
      await expect(article).not.toContainText("<p>");
      await expect(siteHeader(page)).toBeVisible();
      await expect(page).toHaveTitle(/Playfront Casino/);
    });
  }

  test("/es/about is the Spanish edition of the page", async ({ page }) => {
    const response = await page.goto("/es/about");
    expect(response?.status()).toBe(200);
    await expect(html(page)).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: "Acerca de Playfront" })).toBeVisible();
    await expect(page.getByText(/Última actualización/)).toBeVisible();
    await expect(page).toHaveTitle(/Playfront/);
    // The whole frame speaks Spanish, and links inside the Spanish site stay in it.
    await expect(siteHeader(page).getByRole("link", { name: msg("es", "header.signUp") })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Términos y condiciones" })).toHaveAttribute("href", "/es/terms");
    await expect(siteHeader(page).locator("summary", { hasText: msg("es", "header.language") })).toContainText("ES");
  });

  test("a content page carries its breadcrumbs as schema.org data with absolute links", async ({ page }) => {
    await page.goto("/es/terms");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const crumbs = blocks.map((b) => JSON.parse(b)).find((ld) => ld["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { name: string; item: string }) => [i.name, new URL(i.item).pathname])).toEqual([
      ["Inicio", "/es"],
      ["Términos y condiciones", "/es/terms"],
    ]);
    expect(new URL(crumbs.itemListElement[1].item).origin).toBe(new URL(page.url()).origin);
  });

  test("an unknown slug answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByText("Page Not Found: /no-such-page")).toBeVisible();
  });
});
