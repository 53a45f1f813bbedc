import { expect, test } from "./fixtures";

/**
 * Static files are served by Cloudflare before the Worker runs, so the Worker's security headers
 * never reach them: public/_headers gives them theirs. Hashed build output is cached for a year
 * (a visit after the first asks for none of it again); everything carries nosniff, HSTS and a CSP.
 */
test.describe("static files", () => {
  test("hashed scripts and styles are immutable for a year and carry the security headers", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const assets = [...new Set([...html.matchAll(/["'(](\/assets\/[^"')\s]+\.(?:js|css))/g)].map((m) => m[1]!))];
    expect(assets.length, "the home page loads hashed assets").toBeGreaterThan(0);
    for (const path of assets.slice(0, 5)) {
      const r = await request.get(path);
      expect(r.status(), path).toBe(200);
      const h = r.headers();
      expect(h["cache-control"], path).toContain("max-age=31536000");
      expect(h["cache-control"], path).toContain("immutable");
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["strict-transport-security"], path).toContain("max-age=31536000");
      expect(h["content-security-policy"], path).toContain("object-src 'none'");
    }
  });

  for (const path of ["/favicon.svg", "/icons.svg", "/images/logo.svg"]) {
    test(`${path}: nosniff and a CSP that runs no script, revalidated rather than cached for good`, async ({ request }) => {
      const r = await request.get(path);
      expect(r.status()).toBe(200);
      const h = r.headers();
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["content-security-policy"]).toContain("default-src 'none'");
      expect(h["content-security-policy"]).not.toContain("script-src");
      expect(h["strict-transport-security"]).toContain("max-age=31536000");
      expect(h["cache-control"] ?? "").not.toContain("immutable");
    });
  }
});
