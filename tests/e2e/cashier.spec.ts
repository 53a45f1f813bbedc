import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { mailedCode, origin, registerByApi, submitWithdrawal, unique } from "./accounts-fixtures";
import { absolute, expect, getNoFollow, siteHeader, test, tr } from "./fixtures";

/**
 * The cashier (SPEC §2, §3 Deposit): deposits through the demo payment system with each outcome,
 * the amount rules, withdraw and cancel, history, and the cashier's redirects.
 */

const OUTCOME = { success: "Pay now (success)", pending: "Leave pending", fail: "Decline (fail)", cancel: "Cancel payment" } as const;
const amountInput = (page: Page) => page.getByLabel(tr("cashier.amount.label", { currency: "USD" }));
const payButton = (page: Page) => page.getByRole("button", { name: tr("cashier.deposit.submit"), exact: true });
const balance = (page: Page) => siteHeader(page).locator("[data-balance]");

async function signUp(request: APIRequestContext): Promise<string> {
  const email = unique("cashier");
  await registerByApi(request, email);
  return email;
}

/** Starts a deposit on a method's page and picks the demo payment system's outcome. */
async function depositThroughDemo(page: Page, method: string, amount: string, outcome: keyof typeof OUTCOME) {
  await page.goto(`/cashier/deposit/${method}`);
  await amountInput(page).fill(amount);
  await payButton(page).click();
  await page.getByRole("button", { name: OUTCOME[outcome] }).click();
}

test.describe("cashier access and redirects", () => {
  test("a visitor is sent to the index with the cashier path to come back to", async ({ request }) => {
    const res = await getNoFollow(request, "/cashier/deposit?amount=100");
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe(`/?show_popup_auth=1&redirectUrl=${encodeURIComponent("/cashier/deposit?amount=100")}`);
  });

  test("the cashier root, billing and unknown deposit methods go to the deposit pages", async ({ page }) => {
    await signUp(page.request);
    const location = async (path: string) => (await getNoFollow(page.request, path)).headers().location;
    expect(await location("/cashier")).toBe("/cashier/deposit");
    expect(await location("/es/cashier")).toBe("/es/cashier/deposit");
    expect(await location("/cashier/billing?method=demo_bank")).toBe("/cashier/deposit/demo_bank");
    expect(await location("/cashier/billing?method=nope")).toBe("/cashier/deposit");
    expect(await location("/cashier/billing")).toBe("/cashier/deposit");
    expect(await location("/cashier/deposit/nope")).toBe("/cashier/deposit");
    expect(await location("/es/cashier/deposit/nope")).toBe("/es/cashier/deposit");
    expect((await page.request.get("/cashier/receipt?transaction=0123456789abcdef")).status()).toBe(404);
  });
});

test.describe("deposits @nojs", () => {
  test("a successful payment lands on the success page and the balance grows", async ({ page, javaScriptEnabled }) => {
    await signUp(page.request);
    await page.goto("/cashier");
    await expect(page).toHaveURL(absolute("/cashier/deposit"));
    await expect(balance(page)).toHaveText("$0");
    // A preset fills the amount: with JavaScript in place, without it through a link.
    await page.getByRole("link", { name: "$50", exact: true }).click();
    await expect(amountInput(page)).toHaveValue("50");
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\?amount=50$/);
    await amountInput(page).fill("100");
    await payButton(page).click();
    await page.getByRole("button", { name: OUTCOME.success }).click();
    await expect(page).toHaveURL(/\/cashier\/paysuccess\/[0-9a-f]+$/);
    await expect(page.getByRole("heading", { name: tr("cashier.pay.paysuccess.title") })).toBeVisible();
    await expect(page.locator("[data-amount]")).toHaveText("$100");
    await expect(balance(page)).toHaveText("$100");
    await expect(page.getByRole("link", { name: tr("cashier.pay.toGamehall") })).toHaveAttribute("href", "/gamehall");
    await page.getByRole("link", { name: tr("cashier.pay.receipt") }).click();
    await expect(page.getByRole("heading", { name: tr("cashier.receipt.title") })).toBeVisible();
    await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "success");
  });

  test("the success page shows the bonus the deposit earned, with its terms, to activate from there", async ({ page }) => {
    await signUp(page.request);
    await depositThroughDemo(page, "demo_card", "50", "success");
    await expect(page).toHaveURL(/\/cashier\/paysuccess\/[0-9a-f]+$/);
    const successPage = page.url();
    const earned = page.getByTestId("earned-bonuses");
    await expect(earned.getByRole("heading", { name: tr("cashier.pay.earned.title") })).toBeVisible();
    // The first deposit's welcome bonus: 100 % of 50.00, 10 times to wager; the sign-up bonus is not the deposit's.
    const welcome = earned.locator("article", { hasText: "Welcome bonus: first deposit" });
    await expect(welcome.getByTestId("earned-amount")).toHaveText("$50");
    await expect(welcome).toContainText("$500");
    await expect(welcome.getByTestId("bonus-xray")).toContainText(/Left to wager: \$500\./);
    await expect(earned).not.toContainText("Sign-up bonus");
    // Activate leads to the bonuses page's own confirm, which activates it.
    await welcome.getByRole("button", { name: tr("profile.bonuses.activate") }).click();
    await expect(page).toHaveURL(absolute("/profile/bonuses"));
    const confirm = page.getByRole("dialog");
    await expect(confirm).toContainText(tr("profile.bonuses.confirm.activateTitle", { title: "Welcome bonus: first deposit" }));
    await confirm.getByRole("button", { name: tr("profile.bonuses.confirm.activate") }).click();
    await expect(page.getByTestId("bonuses-active")).toContainText("Welcome bonus: first deposit");
    // Once active, its success page says so instead of offering it again.
    await page.goto(successPage);
    await expect(welcome).toContainText(tr("cashier.pay.earned.active"));
    await expect(welcome.getByRole("button", { name: tr("profile.bonuses.activate") })).toHaveCount(0);
  });

  test("a failed and a cancelled payment offer the way back to the deposit page", async ({ page }) => {
    await signUp(page.request);
    await depositThroughDemo(page, "demo_card", "20", "fail");
    await expect(page).toHaveURL(/\/cashier\/payfail\/[0-9a-f]+$/);
    await expect(page.getByRole("heading", { name: tr("cashier.pay.payfail.title") })).toBeVisible();
    await depositThroughDemo(page, "demo_card", "20", "cancel");
    await expect(page).toHaveURL(absolute("/cashier/paycancel"));
    await page.getByRole("link", { name: tr("cashier.pay.toDeposit") }).click();
    await expect(page).toHaveURL(absolute("/cashier/deposit"));
    await expect(balance(page)).toHaveText("$0");
  });

  test("amount errors come back with the entered values kept", async ({ page }) => {
    await signUp(page.request);
    await page.goto("/cashier/deposit/demo_ewallet");
    // The site's deposit SEO template (SPEC §2) names the method and its range; never indexed.
    await expect(page).toHaveTitle(/^Deposit with E-wallet \| /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /from \$10 to \$5,000/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const cases: [string, string][] = [
      ["5", "Amount must be between 10 and 5,000"],
      ["12", "Value is not multiple of 5"],
      ["abc", "Wrong field value"],
    ];
    for (const [typed, message] of cases) {
      await amountInput(page).fill(typed);
      await payButton(page).click();
      await expect(page.getByText(message)).toBeVisible();
      await expect(amountInput(page)).toHaveValue(typed);
      await expect(amountInput(page)).toHaveAttribute("aria-invalid", "true");
    }
    await expect(page).toHaveURL(absolute("/cashier/deposit/demo_ewallet"));
  });

  test("a deposit over the deposit limit is refused with what the limit leaves", async ({ page }) => {
    await signUp(page.request);
    const res = await page.request.post("/api/account/setDepositLimit", {
      multipart: { period: "1", amount: "5000" },
      headers: { origin: origin() },
    });
    expect(res.status(), await res.text()).toBe(200);
    await page.goto("/cashier/deposit/demo_card");
    await expect(page.getByText(tr("cashier.deposit.limitLeft", { amount: "$50" }))).toBeVisible();
    await amountInput(page).fill("100");
    await payButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: tr("cashier.errors.depositLimitAvailable", { amount: "$50" }) })).toBeVisible();
    await expect(amountInput(page)).toHaveValue("100");
  });
});

test.describe("the deposit by keyboard", () => {
  test("from the top of the page to the amount in a few key presses: skip to content, then skip the methods", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "keyboard focus is the browser's own either way; one run is enough");
    await signUp(page.request);
    await page.goto("/cashier/deposit");
    await expect(amountInput(page)).toBeVisible();
    let presses = 0;
    const press = async (key: string) => {
      presses++;
      await page.keyboard.press(key);
    };
    await press("Tab");
    await expect(page.getByRole("link", { name: tr("a11y.skipToContent") })).toBeFocused();
    await press("Enter");
    const skip = page.getByRole("link", { name: tr("cashier.deposit.skipToAmount") });
    while (!(await skip.evaluate((e) => e === document.activeElement)) && presses < 20) await press("Tab");
    await press("Enter");
    while (!(await amountInput(page).evaluate((e) => e === document.activeElement)) && presses < 30) await press("Tab");
    await expect(amountInput(page)).toBeFocused();
    expect(presses, "key presses from the top of the page to the amount").toBeLessThanOrEqual(16);
  });
});

test.describe("waiting for a payment", () => {
  test("a pending payment shows the pending page, which turns into success when it settles", async ({ page }) => {
    test.setTimeout(60_000);
    await signUp(page.request);
    await depositThroughDemo(page, "demo_ewallet", "25", "pending");
    await expect(page).toHaveURL(/\/cashier\/paypending\/[0-9a-f]+$/);
    await expect(page.getByRole("heading", { name: tr("cashier.pay.paypending.title") })).toBeVisible();
    await expect(page.getByRole("link", { name: tr("cashier.pay.checkAgain") })).toBeVisible();
    // The demo payment system settles it after DEMO_PAYMENT_PENDING_SECONDS (5 s here); the page checks every 3 s.
    await expect(page).toHaveURL(/\/cashier\/paysuccess\/[0-9a-f]+$/, { timeout: 40_000 });
    await expect(balance(page)).toHaveText("$25");
  });

  test("mobile pay starts with the player's own phone, in international form", async ({ page }) => {
    const number = `202555${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
    await registerByApi(page.request, unique("cashier-phone"), { phone: number, phone_country_code: "US" });
    await page.goto("/cashier/deposit/demo_mobile");
    await expect(page.getByLabel(tr("cashier.fields.phone"))).toHaveValue(`+1 ${number}`);
    await amountInput(page).fill("30");
    await payButton(page).click();
    await expect(page).toHaveURL(/\/cashier\/paymobile\?transaction=/);
  });

  test("mobile pay asks to confirm on the phone and links to the payment page", async ({ page }) => {
    await signUp(page.request);
    await page.goto("/cashier/deposit/demo_mobile");
    await amountInput(page).fill("30");
    await page.getByLabel(tr("cashier.fields.phone")).fill("2025550123");
    await payButton(page).click();
    await expect(page).toHaveURL(/\/cashier\/paymobile\?transaction=/);
    await expect(page.getByRole("heading", { name: tr("cashier.pay.paymobile.title") })).toBeVisible();
    const href = await page.getByRole("link", { name: tr("cashier.pay.openPayment") }).getAttribute("href");
    await page.goto(href!);
    await page.getByRole("button", { name: OUTCOME.success }).click();
    await expect(page).toHaveURL(/\/cashier\/paysuccess\/[0-9a-f]+$/);
    await expect(balance(page)).toHaveText("$30");
  });

  test("a new-window method pays in its own window while this one waits", async ({ page }) => {
    await signUp(page.request);
    await page.goto("/cashier/deposit/demo_newwindow");
    await expect(page.locator("form[novalidate]")).toBeAttached(); // hydrated: the click opens the window
    await amountInput(page).fill("40");
    const [payment] = await Promise.all([page.waitForEvent("popup"), payButton(page).click()]);
    await expect(page).toHaveURL(/\/cashier\/paynewwindow\?transaction=/);
    await payment.getByRole("button", { name: OUTCOME.success }).click();
    await expect(page).toHaveURL(/\/cashier\/paysuccess\/[0-9a-f]+$/, { timeout: 15_000 });
    await expect(balance(page)).toHaveText("$40");
  });
});

test.describe("withdrawals @nojs", () => {
  test("a first withdrawal asks for the email's code above the form and the name in it, withdraws, shows in the history, cancels", async ({
    page,
    javaScriptEnabled,
  }) => {
    // The longest flow of the suite: a deposit, the first withdrawal's needs, four attempts.
    test.setTimeout(90_000);
    const email = await signUp(page.request);
    await depositThroughDemo(page, "demo_card", "100", "success");
    await expect(balance(page)).toHaveText("$100");

    await page.getByRole("link", { name: tr("cashier.tabs.withdraw") }).click();
    await expect(page.locator("[data-available]")).toHaveText("$100");
    const fill = () => submitWithdrawal(page);
    // What the first withdrawal needs is asked before any attempt: the email's code above the form…
    const first = page.getByTestId("withdraw-confirm-email");
    await expect(first.getByRole("heading", { name: tr("cashier.withdraw.firstEmail") })).toBeVisible();
    await first.getByRole("button", { name: tr("cashier.confirm.send") }).click();
    await page.getByLabel(tr("cashier.confirm.code")).fill(await mailedCode(page.request, email));
    await page.getByRole("button", { name: tr("cashier.confirm.submit") }).click();
    await expect(page.getByText(tr("cashier.confirm.done"))).toBeVisible();
    await expect(first).toHaveCount(0);

    // …and the name and date of birth in the form: left blank, they are refused there, the rest kept.
    const identity = page.getByTestId("withdraw-identity");
    await expect(identity).toBeVisible();
    await fill();
    await expect(identity.locator("#withdraw-first_name")).toHaveAttribute("aria-invalid", "true");
    await expect(identity.locator("#withdraw-first_name-error")).toHaveText(tr("validation.required"));
    await expect(page.getByLabel(tr("cashier.fields.card_holder"))).toHaveValue("Ana Silva");
    // axe runs in the page: with JavaScript only.
    if (javaScriptEnabled) expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await identity.getByLabel(tr("auth.fields.first_name")).fill("Ana");
    await identity.getByLabel(tr("auth.fields.last_name")).fill("Silva");
    await identity.getByLabel(tr("auth.fields.birth_date")).fill("1991-04-12");

    // Above the verification threshold an unverified player is told to verify their identity, with
    // the way to the profile's verification page; the name and birth date went with it, saved.
    await amountInput(page).fill("2500");
    await page.getByLabel(tr("cashier.fields.card_number")).fill("4111 1111 1111 1111");
    await page.getByLabel(tr("cashier.fields.card_holder")).fill("Ana Silva");
    await page.getByRole("button", { name: tr("cashier.withdraw.submit") }).click();
    await expect(page.getByText(tr("cashier.errors.KycWithdrawal"))).toBeVisible();
    await expect(page.getByRole("link", { name: tr("cashier.withdraw.verify") })).toHaveAttribute("href", "/profile/verification");
    const profile = (await (await page.request.get("/api/account/getprofileinfo")).json()).data;
    expect(profile).toMatchObject({ first_name: "Ana", last_name: "Silva", birth_date: "1991-04-12" });

    await page.goto("/cashier/withdraw");
    await expect(identity).toHaveCount(0);
    await fill();
    await expect(page.getByText(tr("cashier.withdraw.requested"))).toBeVisible();
    await expect(page.locator("[data-available]")).toHaveText("$80");
    await expect(page.locator(".cashier__pending-item")).toHaveCount(1);

    await page.getByRole("link", { name: tr("cashier.tabs.history") }).click();
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute("data-type", "withdrawal");
    await expect(rows.first().locator("[data-status]")).toHaveAttribute("data-status", "pending");
    await expect(rows.nth(1).locator("[data-status]")).toHaveAttribute("data-status", "success");
    await expect(rows.first().locator("td").first()).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{1,2}:\d{2}$/);
    await page.getByRole("link", { name: tr("cashier.history.withdrawal") }).click();
    await expect(page).toHaveURL(/\/cashier\/history\?type=withdrawal$/);
    await expect(rows).toHaveCount(1);

    await rows
      .first()
      .getByRole("button", { name: tr("cashier.withdraw.cancelOf", { amount: "$20" }) })
      .click();
    await expect(page.getByText(tr("cashier.withdraw.cancelled"))).toBeVisible();
    await expect(rows.first().locator("[data-status]")).toHaveAttribute("data-status", "cancel");
    await expect(balance(page)).toHaveText("$100");
  });
});
