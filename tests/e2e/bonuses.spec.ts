import { demoDeposit, registerByApi, unique } from "./accounts-fixtures";
import { expect, siteHeader, test, tr } from "./fixtures";

/**
 * The bonuses page (issue 18, decision 0039): a new player is offered the sign-up bonus, the first
 * deposit brings the welcome bonus, one is activated (its money on the bonus balance, the header's
 * total with it), another is refused while it is active, the active one is exited, and one is
 * declined — each as a form, with and without JavaScript.
 */

const BONUSES = "/profile/bonuses";
const toast = (page: import("@playwright/test").Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test.describe("bonuses @nojs", () => {
  test("sign-up and first-deposit bonuses: activate one, the other refused meanwhile, exit, decline", async ({ page }) => {
    test.setTimeout(60_000);
    await registerByApi(page.request, unique("bonus"));
    await demoDeposit(page, 5000);
    await page.goto(BONUSES);
    const available = page.getByTestId("bonuses-available");
    const signUp = available.locator("article", { hasText: "Sign-up bonus" });
    const welcome = available.locator("article", { hasText: "Welcome bonus: first deposit" });
    await expect(signUp).toContainText("$10");
    await expect(signUp).toContainText("$400"); // 40 × 10.00 to wager
    await expect(welcome).toContainText("$50"); // 100 % of the 50.00 deposit
    await expect(welcome).toContainText("$1,750"); // 35 × 50.00

    await signUp.getByRole("button", { name: tr("profile.bonuses.activate") }).click();
    await expect(toast(page, tr("profile.bonuses.activated"))).toBeVisible();
    const active = page.getByTestId("bonuses-active").locator("article");
    await expect(active).toContainText("Sign-up bonus");
    await expect(active).toContainText(tr("profile.bonuses.wagered", { done: "$0", of: "$400", percent: "0" }));
    // The header's balance is the total: 50.00 real + 10.00 bonus.
    await expect(siteHeader(page).locator("[data-balance]")).toHaveText("$60");

    await page.getByTestId("bonuses-available").locator("article", { hasText: "Welcome bonus: first deposit" }).getByRole("button", { name: tr("profile.bonuses.activate") }).click();
    await expect(page.getByText(tr("profile.bonuses.anotherActive"))).toBeVisible();

    await page.getByTestId("bonuses-active").getByRole("button", { name: tr("profile.bonuses.exit") }).click();
    await expect(toast(page, tr("profile.bonuses.exited"))).toBeVisible();
    await expect(page.getByTestId("bonuses-active")).toContainText(tr("profile.bonuses.noneActive"));
    await expect(siteHeader(page).locator("[data-balance]")).toHaveText("$50");
    await expect(page.getByTestId("bonuses-history")).toContainText(tr("profile.bonuses.status.cancelled"));

    await page.getByTestId("bonuses-available").locator("article", { hasText: "Welcome bonus: first deposit" }).getByRole("button", { name: tr("profile.bonuses.decline") }).click();
    await expect(toast(page, tr("profile.bonuses.removed"))).toBeVisible();
    await expect(page.getByTestId("bonuses-available")).toContainText(tr("profile.bonuses.noneAvailable"));
  });
});
