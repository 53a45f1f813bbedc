import type { Page } from "@playwright/test";
import { registerByApi, unique } from "./accounts-fixtures";
import { expect, test, tr } from "./fixtures";

/** Script elements the browser executes (JSON data blocks are not scripts to CSP). */
const EXECUTABLE = /^(|text\/javascript|module|application\/javascript)$/i;

/** The CSP violations the page reports from here on (directive and blocked URI), collected as they come. */
async function cspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__cspViolation", (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return violations;
}

test.describe("security headers", () => {
  for (const path of ["/", "/about", "/no-such-page"]) {
    test(`${path}: enforced CSP with a per-response nonce on every script`, async ({ request }) => {
      const r = await request.get(path);
      const csp = r.headers()["content-security-policy"] ?? "";
      expect(csp).toContain("script-src 'self' 'nonce-");
      expect(csp).toMatch(/frame-ancestors [^;]+/);
      expect(csp).toContain("object-src 'none'");
      expect(r.headers()["x-content-type-options"]).toBe("nosniff");
      expect(r.headers()["content-security-policy-report-only"]).toBeUndefined();

      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const body = await r.text();
      const scripts = [...body.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? "");
      const executable = scripts.filter((attrs) => EXECUTABLE.test(/\btype="([^"]*)"/i.exec(attrs)?.[1] ?? ""));
      expect(executable.length).toBeGreaterThan(0);
      for (const attrs of executable) expect(attrs, "every script carries this response's nonce").toContain(`nonce="${nonce}"`);

      // A new nonce each response.
      const again = await request.get(path);
      expect(again.headers()["content-security-policy"]).not.toBe(csp);
    });
  }

  test("the page runs under the CSP: it hydrates and the operator's own script runs", async ({ page }) => {
    const violations = await cspViolations(page);
    // A campaign popup named by the URL shows to a signed-in player (SPEC §5).
    await registerByApi(page.request, unique("csp"));
    await page.goto("/?popup=welcome");
    // Hydrated: the dialog took the focus in an effect.
    await expect(page.getByRole("dialog")).toBeFocused();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __operatorTag?: string }).__operatorTag)).toBe("playfront-demo");
    expect(violations).toEqual([]);
  });
});

test("a form validated in the browser asks the CSP for nothing: Zod never probes eval", async ({ page }) => {
  // Zod tries `new Function` once to see whether it may compile parsers; under this CSP that try
  // is a violation report on every page that validates a form or parses a feed (issue 35).
  const violations = await cspViolations(page);
  await registerByApi(page.request, unique("zod-csp"));
  await page.goto("/support");
  await expect(page.locator("form#support-feedback[novalidate]")).toBeAttached();
  await page.getByLabel(tr("support.message"), { exact: true }).fill("Too short");
  await page.getByRole("button", { name: tr("support.submit") }).click();
  // Conform ran the form's Zod schema in the page: its errors show without a request.
  await expect(page.getByText("Min length is 10")).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe("cross-site form posts", () => {
  test("a POST with a foreign Origin is refused with 403", async ({ request }) => {
    const r = await request.post("/resources/theme", {
      headers: { origin: "https://evil.example" },
      form: { theme: "light", redirectTo: "/" },
      maxRedirects: 0,
    });
    expect(r.status()).toBe(403);
    expect(r.headers()["set-cookie"]).toBeUndefined();
  });

  test("a POST from the site itself is accepted", async ({ request, baseURL }) => {
    const r = await request.post("/resources/theme", {
      headers: { origin: baseURL! },
      form: { theme: "light", redirectTo: "/about" },
      maxRedirects: 0,
    });
    expect(r.status()).toBe(302);
    expect(r.headers()["location"]).toBe("/about");
    expect(r.headers()["set-cookie"]).toContain("theme=light");
  });

  test("an off-site redirectTo is not followed", async ({ request, baseURL }) => {
    const r = await request.post("/resources/theme", {
      headers: { origin: baseURL! },
      form: { theme: "light", redirectTo: "//evil.example/x" },
      maxRedirects: 0,
    });
    expect(r.status()).toBe(302);
    expect(r.headers()["location"]).toBe("/");
  });
});
