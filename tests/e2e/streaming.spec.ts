import { expect, GOOGLEBOT_UA, test } from "./fixtures";

/**
 * People get the shell first and deferred data as it resolves; crawlers get the whole document.
 * The test server answers banners 300 ms late (playwright.config.ts), so the order is certain.
 * How fast the shell arrives under a slow platform is measured in bench/, not asserted here.
 */
test.describe("streaming", () => {
  test("people get the shell with the banner placeholder, then the banners", async ({ request }) => {
    const body = await (await request.get("/")).text();
    const placeholder = body.indexOf('class="banners banners--loading"');
    expect(placeholder).toBeGreaterThan(-1);
    expect(body.indexOf('class="banners"')).toBeGreaterThan(placeholder);
    expect(body).toContain("Weekend tournament");
  });

  test("crawlers get the banners in the one document they read", async ({ request }) => {
    const body = await (await request.get("/", { headers: { "user-agent": GOOGLEBOT_UA } })).text();
    expect(body).toContain('class="banners"');
    expect(body).toContain("Weekend tournament");
  });

  test("crawlers get the banners in place, with no placeholder and no hidden segments", async ({ request }) => {
    const body = await (await request.get("/", { headers: { "user-agent": GOOGLEBOT_UA } })).text();
    // The placeholder's class on an element (the inlined stylesheet names it too).
    expect(body).not.toMatch(/class="[^"]*banners--loading/);
    expect(body).not.toMatch(/<div hidden id="S:/);
    const list = body.indexOf('class="banners"');
    expect(list).toBeGreaterThan(body.indexOf("<h1>"));
    expect(list).toBeLessThan(body.indexOf('class="home__sections"'));
  });
});
