import type { Page } from "@playwright/test";
import { origin, registerByApi, unique } from "./accounts-fixtures";
import { playerWith } from "./player-fixtures";
import { expect, siteHeader, test, tr } from "./fixtures";

/**
 * The VPN shop (issue 24, decision 0053): buy a plan from the main balance after confirming, see
 * it active with its access key, switch auto-renewal on and off — as forms, with and without
 * JavaScript; a purchase the balance cannot pay explains itself and leads to the cashier; with
 * JavaScript, the clock's "ends soon" arrives as a toast.
 */

const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });
const plan = (page: Page, title: string) => page.getByTestId("vpn-plans").locator("article", { hasText: title });
const subscription = (page: Page) => page.getByTestId("vpn-subscription");

async function buy(page: Page, title: string, price: string) {
  await page.goto("/vpn");
  await plan(page, title)
    .getByRole("link", { name: tr("vpn.buy") })
    .click();
  const confirm = page.getByTestId("vpn-confirm");
  await expect(confirm).toContainText(tr("vpn.confirmTitle", { title }));
  await confirm.getByRole("button", { name: tr("vpn.confirm", { price }) }).click();
}

test.describe("vpn @nojs", () => {
  test("buy a plan, see it active, turn auto-renewal on and off", async ({ page }) => {
    test.setTimeout(60_000);
    await playerWith(page.request, { tag: "vpn", deposited: 5000 });
    await page.goto("/vpn");
    await expect(subscription(page)).toHaveAttribute("data-status", "none");
    await expect(plan(page, "Month")).toContainText("$8.99");
    await buy(page, "Month", "$8.99");
    await expect(toast(page, "Your VPN subscription is active until")).toBeVisible();
    await expect(subscription(page)).toHaveAttribute("data-status", "active");
    await expect(subscription(page)).toContainText("Month: active until");
    await expect(subscription(page).locator("code")).toContainText("wg://");
    await expect(page.getByTestId("vpn-auto")).toHaveAttribute("data-auto", "off");

    await subscription(page)
      .getByRole("button", { name: tr("vpn.turnOn") })
      .click();
    await expect(page.getByTestId("vpn-auto")).toHaveAttribute("data-auto", "on");
    // One toast says it: the page's own, not the realtime event's as well.
    await expect(toast(page, tr("vpn.autoOn"))).toHaveCount(1);
    await expect(toast(page, tr("vpn.autoOn"))).toBeVisible();
    await subscription(page)
      .getByRole("button", { name: tr("vpn.turnOff") })
      .click();
    await expect(page.getByTestId("vpn-auto")).toHaveAttribute("data-auto", "off");

    // Buying again extends: the end moves 7 days on.
    const end = Number(await subscription(page).getAttribute("data-ends-at"));
    await buy(page, "Week pass", "$2.99");
    await expect(subscription(page)).toHaveAttribute("data-ends-at", String(end + 7 * 86_400_000));
  });

  test("a purchase the main balance cannot pay says so, keeps the choice and links to the cashier", async ({ page }) => {
    await registerByApi(page.request, unique("vpn-poor"));
    await page.goto("/vpn");
    await plan(page, "Quarter")
      .getByRole("link", { name: tr("vpn.buy") })
      .click();
    const confirm = page.getByTestId("vpn-confirm");
    await confirm.getByRole("checkbox", { name: tr("vpn.autoRenewal") }).check();
    await confirm.getByRole("button", { name: tr("vpn.confirm", { price: "$21.99" }) }).click();
    await expect(confirm).toContainText(tr("vpn.insufficient", { price: "$21.99" }));
    await expect(confirm.getByRole("checkbox", { name: tr("vpn.autoRenewal") })).toBeChecked();
    await expect(confirm.getByRole("link", { name: tr("vpn.deposit") })).toHaveAttribute("href", "/cashier/deposit");
    await expect(subscription(page)).toHaveAttribute("data-status", "none");
  });

  test("the page and its sidebar entry exist only where the site's VPN switch is on (the en seed, not es)", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(`a[href="/vpn"]`).first()).toBeAttached();
    expect((await page.goto("/es/vpn"))!.status()).toBe(404);
    await page.goto("/es");
    await expect(page.locator(`a[href="/es/vpn"]`)).toHaveCount(0);
    // On the English page, the switcher leads to the Spanish home, and no hreflang names the missing page.
    await page.goto("/vpn");
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveCount(0);
    await siteHeader(page).locator("summary", { hasText: "Choose language" }).click();
    await page.getByRole("link", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  test("crawlers read the plans as a schema.org Product with an offer per plan", async ({ page }) => {
    await page.goto("/vpn");
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b));
    const product = blocks.find((ld) => ld["@type"] === "Product");
    const shop = (await (await page.request.get("/api/vpn/getShop")).json()).data.items as { title: string; price: { amount: number; currency: string } }[];
    expect(product.offers.map((o: { name: string; price: string; priceCurrency: string }) => [o.name, o.price, o.priceCurrency])).toEqual(
      shop.map((p) => [p.title, (p.price.amount / 100).toFixed(2), p.price.currency]),
    );
  });
});

test.describe("vpn, live", () => {
  test("the clock's ends-soon warning arrives as a toast", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "live toasts need JavaScript");
    const { email } = await playerWith(page.request, { tag: "vpn-live", deposited: 1000 });
    await buy(page, "Week pass", "$2.99");
    await expect(subscription(page)).toHaveAttribute("data-status", "active");
    await page.goto("/gamehall");
    await expect(page.locator("html")).toHaveAttribute("data-realtime", "open", { timeout: 10_000 });
    const res = await page.request.post(`/platform/demo/vpn/clock?login=${encodeURIComponent(email)}&before_end=3600000`, { headers: { origin: origin() } });
    expect(res.status(), await res.text()).toBe(200);
    await expect(toast(page, tr("vpn.events.subscription_ends_soon"))).toBeVisible();
  });
});
