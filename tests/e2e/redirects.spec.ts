import { origin, registerByApi, unique } from "./accounts-fixtures";
import { expect, getNoFollow, test, tr } from "./fixtures";

/**
 * Issue 15, "Redirects and URLs" (decision 0023): paths a browser would read as another host
 * stay on the site, never answer 500, and the mobile pay page shows only the payment's own
 * page. tests/workers/redirects.test.ts is the property test; this checks the built site.
 */

/** A URL on the site whose path is `path` as written (`new URL('//x', base)` would be host x). */
const raw = (path: string) => `${origin()}${path}`;

test.describe("redirects stay on the site", () => {
  for (const path of ["/en//evil.example", "//evil.example?social_auth=success", "/go-nowhere/..//evil.example", "/es/\\evil.example"]) {
    test(`${path} is answered on this site`, async ({ request }) => {
      const res = await getNoFollow(request, raw(path));
      expect(res.status()).toBeLessThan(500);
      const location = res.headers().location;
      if (location) expect(new URL(location, raw("/")).origin).toBe(origin());
    });
  }

  for (const path of ["//", "///", "//x%00", "//x%20y"]) {
    test(`${path} leads to a page of this site, not to a 500`, { tag: "@nojs" }, async ({ page }) => {
      const res = await page.goto(raw(path));
      expect(res!.status()).toBeLessThan(500);
      expect(new URL(page.url()).origin).toBe(origin());
    });
  }
});

test.describe("the mobile pay page's payment link", { tag: "@nojs" }, () => {
  test("shows no button for a link that is not the payment's own, and says so", async ({ page }) => {
    await registerByApi(page.request, unique("paymobile"));
    for (const url of ["https://evil.example/pay", "/\t/evil.example"]) {
      await page.goto(`/cashier/paymobile?url=${encodeURIComponent(url)}`);
      await expect(page.getByRole("heading", { name: tr("cashier.pay.paymobile.title") })).toBeVisible();
      await expect(page.getByRole("link", { name: tr("cashier.pay.openPayment") })).toHaveCount(0);
      await expect(page.getByRole("alert").filter({ hasText: tr("cashier.pay.linkRefused") })).toBeVisible();
    }
  });
});
