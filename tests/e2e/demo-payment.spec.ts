import type { APIRequestContext, Page } from "@playwright/test";
import { origin, registerByApi, unique } from "./accounts-fixtures";
import { absolute, expect, test } from "./fixtures";

/**
 * The demo payment system's hosted page on its own (the cashier screens are cashier.spec.ts):
 * a deposit started through the /api contract, the signed page, an outcome button, the signed
 * callback and the redirect to the app's result page. The page has no scripts at all.
 */

let keys = 0;
async function startDeposit(request: APIRequestContext, method: string, amount: number, extra: Record<string, string> = {}, query = "") {
  const res = await request.post(`/api/cashier/makedeposit${query}`, {
    multipart: { method, amount: String(amount), idempotency_key: `e2e-${Date.now()}-${++keys}`, ...extra },
    headers: { origin: origin() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { transaction_id: string; flow: string; redirect_url: string };
}

const mainBalance = async (request: APIRequestContext) => (await (await request.get("/api/account/getBalance")).json()).data.balance_main.amount as number;

test("@nojs the hosted page pays a deposit and returns to the result page", async ({ page }) => {
  await registerByApi(page.request, unique("demo-pay"));
  const started = await startDeposit(page.request, "demo_card", 5000);
  await page.goto(started.redirect_url);
  await expect(page.getByRole("heading", { name: "Pay Playfront Casino" })).toBeVisible();
  await expect(page.getByTestId("demo-pay-amount")).toHaveText("$50");
  await page.getByRole("button", { name: "Pay now (success)" }).click();
  await expect(page).toHaveURL(absolute(`/cashier/paysuccess/${started.transaction_id}`));
  expect(await mainBalance(page.request)).toBe(5000);
});

test("@nojs cancel and fail return without money; the locale prefix is kept", async ({ page }) => {
  await registerByApi(page.request, unique("demo-pay"));
  const cancelled = await startDeposit(page.request, "demo_ewallet", 2000, {}, "?locale=es");
  await page.goto(cancelled.redirect_url);
  await page.getByRole("button", { name: "Cancel payment" }).click();
  await expect(page).toHaveURL(absolute("/es/cashier/paycancel"));
  // The es page left the locale cookie: a deposit made in English says so.
  const failed = await startDeposit(page.request, "demo_card", 2000, {}, "?locale=en");
  await page.goto(failed.redirect_url);
  await page.getByRole("button", { name: "Decline (fail)" }).click();
  await expect(page).toHaveURL(absolute(`/cashier/payfail/${failed.transaction_id}`));
  expect(await mainBalance(page.request)).toBe(0);
});

test("@nojs the mobile flow reads as the phone confirmation; a forged link shows nothing", async ({ page }) => {
  await registerByApi(page.request, unique("demo-pay"));
  const mobile = await startDeposit(page.request, "demo_mobile", 3000, { requisites: JSON.stringify({ phone: "2025550123" }) });
  expect(mobile.flow).toBe("mobile");
  await page.goto(mobile.redirect_url);
  await expect(page.getByRole("heading", { name: "Confirm on your phone" })).toBeVisible();
  await page.getByRole("button", { name: "Leave pending" }).click();
  await expect(page).toHaveURL(absolute(`/cashier/paypending/${mobile.transaction_id}`));
  const forged = await page.goto(`/platform/demo/pay/${mobile.transaction_id}?sig=forged`);
  expect(forged?.status()).toBe(404);
});

/** The icon a browser fetches for the page: its `<link rel=icon>`, else the implicit /favicon.ico. */
async function faviconStatus(page: Page): Promise<number> {
  const link = page.locator('link[rel="icon"]');
  const href = (await link.count()) ? await link.first().getAttribute("href") : "/favicon.ico";
  return (await page.request.get(new URL(href ?? "/favicon.ico", page.url()).href)).status();
}

test("@nojs the payment page and the demo mailbox have a favicon that answers 200", async ({ page }) => {
  await registerByApi(page.request, unique("demo-pay"));
  const started = await startDeposit(page.request, "demo_card", 1000);
  await page.goto(started.redirect_url);
  expect(await faviconStatus(page)).toBe(200);
  await page.goto("/platform/demo/mailbox?to=nobody%40example.com");
  expect(await faviconStatus(page)).toBe(200);
});
