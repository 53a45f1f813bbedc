import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { closeLoginCampaignPopup, origin, PASSWORD } from "./accounts-fixtures";
import { mainBalance, playerWithCashback } from "./cashback-fixtures";
import { expect, jsOn, popupEnhanced, siteHeader, test, tr } from "./fixtures";

/**
 * Cashback (issue 18, decision 0040): a player who lost this week has the week "closed" by the
 * demo hook (the cron's computation, on demand); signed in on another browser they see the
 * unseen-cashback popup once (not after Close, nor on a reload), claim it on /profile/cashback or
 * from the popup (the balance grows by it), and remove one — with and without JavaScript.
 */

const CASHBACK = "/profile/cashback";
const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });
const cashbackPopup = (page: Page) => page.getByTestId("cashback-popup");
async function signIn(page: Page, email: string) {
  const res = await page.request.post("/api/auth/login", { multipart: { login: email, password: PASSWORD }, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBe(200);
  // The campaign popup that follows the cashback one after login is promotions.spec.ts's.
  await closeLoginCampaignPopup(page.request);
}

/** axe's violations of the page as it is (rule ids and the first node of each); axe runs in the page, so only with JavaScript. */
const axe = async (page: Page) => (jsOn() ? (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`) : []);

const money = (minor: number) => `$${(minor / 100).toLocaleString("en-US", { minimumFractionDigits: minor % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

test.describe("cashback @nojs", () => {
  test("the popup shows once after login; Close keeps it closed; the page pays it out", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const { email, amount } = await playerWithCashback(browser);
    await signIn(page, email);
    await page.goto("/");
    await expect(cashbackPopup(page)).toBeVisible();
    await expect(cashbackPopup(page)).toContainText(money(amount));
    expect(await axe(page)).toEqual([]);
    await cashbackPopup(page)
      .getByRole("button", { name: tr("profile.cashback.close") })
      .click();
    await expect(cashbackPopup(page)).toHaveCount(0);
    await page.reload();
    await expect(siteHeader(page)).toBeVisible();
    await expect(cashbackPopup(page)).toHaveCount(0);
    await page.goto("/gamehall");
    await expect(cashbackPopup(page)).toHaveCount(0);

    await page.goto(CASHBACK);
    const item = page.getByTestId("cashback-list").locator("article");
    await expect(item).toHaveCount(1);
    await expect(item.locator("[data-amount]")).toHaveText(money(amount));
    await expect(item).toContainText(tr("profile.cashback.status.active"));
    expect(await axe(page)).toEqual([]);
    const before = await mainBalance(page);
    await item.getByRole("button", { name: tr("profile.cashback.payout") }).click();
    await expect(toast(page, tr("profile.cashback.paid"))).toBeVisible();
    await expect(item).toContainText(tr("profile.cashback.status.paid_out"));
    await expect(item.getByRole("button", { name: tr("profile.cashback.payout") })).toHaveCount(0);
    expect(await mainBalance(page)).toBe(before + amount);
    await expect(siteHeader(page).locator("[data-balance]")).toHaveText(money(before + amount));
  });

  test("the popup's Get cashback pays it at once; Remove takes a cashback off the page", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const { email, amount } = await playerWithCashback(browser);
    await signIn(page, email);
    await page.goto("/gamehall");
    const before = await mainBalance(page);
    await cashbackPopup(page)
      .getByRole("button", { name: tr("profile.cashback.payout") })
      .click();
    await expect(toast(page, tr("profile.cashback.paid"))).toBeVisible();
    await expect(cashbackPopup(page)).toHaveCount(0);
    expect(await mainBalance(page)).toBe(before + amount);
    await expect(page).toHaveURL(/\/gamehall$/);

    await page.goto(CASHBACK);
    await page
      .getByTestId("cashback-list")
      .getByRole("button", { name: tr("profile.cashback.remove") })
      .click();
    await expect(toast(page, tr("profile.cashback.removed"))).toBeVisible();
    await expect(page.getByTestId("cashback-list")).toContainText(tr("profile.cashback.none"));
  });
});

test.describe("cashback popup with JavaScript", () => {
  test("after signing in through the popup it shows; Escape stores it as seen for every later page", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const { email, amount } = await playerWithCashback(browser);
    await page.goto("/gamehall?show_popup_auth=1");
    await popupEnhanced(page);
    await page.getByRole("dialog").getByLabel("Email or login").fill(email);
    await page.getByRole("dialog").getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("dialog").getByRole("button", { name: "Sign in" }).click();
    await expect(cashbackPopup(page)).toBeVisible();
    await expect(cashbackPopup(page)).toContainText(money(amount));
    const stored = page.waitForResponse((r) => r.url().includes("/api/storage/set") && r.status() === 200);
    await page.keyboard.press("Escape");
    await stored;
    await expect(cashbackPopup(page)).toHaveCount(0);
    await page.goto("/");
    await expect(siteHeader(page)).toBeVisible();
    await expect(cashbackPopup(page)).toHaveCount(0);
  });
});
