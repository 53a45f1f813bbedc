import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { origin, PASSWORD, popup, registerByApi, unique } from "./accounts-fixtures";
import { absolute, expect, popupEnhanced, test, tr } from "./fixtures";

/**
 * Promo codes (issue 19, decision 0044): a promo link fills the registration's promo field and the
 * code's bonus is granted with the account; the bonuses page activates a code (the
 * promo-code-activated popup) and marks a refused one with its message; registration and deposit
 * forms take a code without JavaScript too.
 */

const BONUSES = "/profile/bonuses";
const available = (page: Page) => page.getByTestId("bonuses-available");
const regPromo = (page: Page) => popup(page).getByLabel("Promo code", { exact: true });

async function fillRegistration(page: Page, email: string) {
  await popup(page).getByLabel("Email").fill(email);
  await popup(page).getByLabel("Password (6–20 characters)").fill(PASSWORD);
  await popup(page)
    .getByLabel(/accept the terms/)
    .check();
}

test.describe("promo codes with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "checked as the player types: JavaScript only");

  test("a promo link → registration with the code filled and checked → the code's bonus on /profile/bonuses", async ({ page }) => {
    await page.goto("/?promo_code=WELCOME50");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("promo_code"))).toBe("WELCOME50");
    await page.goto("/?show_popup_reg=1");
    await popupEnhanced(page);
    await expect(regPromo(page)).toHaveValue("WELCOME50");
    await expect(popup(page).getByText(tr("common.promoCode.valid", { title: "Promo code WELCOME50" }))).toBeVisible();
    await fillRegistration(page, unique("promo-link"));
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(absolute("/cashier/deposit?register=success"));
    // Registration used the stored code up.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("promo_code"))).toBeNull();
    await page.goto(BONUSES);
    await expect(available(page).locator("article", { hasText: "Promo code WELCOME50" })).toContainText("$50");
  });

  test("the bonuses page marks a refused code with its message and activates a good one with the popup", async ({ page }) => {
    await registerByApi(page.request, unique("promo-activate"));
    await page.goto(BONUSES);
    const field = page.getByTestId("promo-activate").getByLabel(tr("common.promoCode.label"));
    await field.fill("SPRING10");
    await expect(page.getByTestId("promo-activate")).toContainText(tr("common.promoCodeErrors.EXPIRED"));
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // The marked field and its message pass axe.
    expect((await new AxeBuilder({ page }).include("[data-testid=promo-activate]").analyze()).violations.map((v) => v.id)).toEqual([]);
    // Clearing the field clears the mark.
    await field.fill("");
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    await field.fill("spins20");
    await expect(page.getByTestId("promo-activate")).toContainText(tr("common.promoCode.valid", { title: "20 free spins: promo code SPINS20" }));
    await page
      .getByTestId("promo-activate")
      .getByRole("button", { name: tr("common.promoCode.activate") })
      .click();
    await expect(page.getByRole("dialog")).toContainText(tr("common.promoCode.activatedTitle"));
    await page
      .getByRole("dialog")
      .getByRole("link", { name: tr("common.promoCode.ok") })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("20 free spins: promo code SPINS20").first()).toBeVisible();
    // The same code again: USED, marked on the field once the activation is refused.
    await field.fill("SPINS20");
    await expect(page.getByTestId("promo-activate")).toContainText(tr("common.promoCodeErrors.USED"));
    await expect(field).toHaveAttribute("aria-invalid", "true");
  });

  test("deposit: the code is checked against the amount as it is typed, and again when the amount changes", async ({ page }) => {
    await registerByApi(page.request, unique("promo-live"));
    await page.goto("/cashier/deposit/demo_card");
    const amount = page.getByLabel(tr("cashier.amount.label", { currency: "USD" }));
    const promo = page.getByLabel(tr("common.promoCode.label"));
    // Hydrated: the form says it has JavaScript.
    await expect(page.locator("input[name=js]")).toHaveCount(1);
    await amount.fill("10");
    await promo.fill("RELOAD25");
    await expect(page.getByText(tr("common.promoCodeErrors.DEPOSIT_TOO_SMALL"))).toBeVisible();
    await expect(promo).toHaveAttribute("aria-invalid", "true");
    await amount.fill("80");
    await expect(page.locator(".promo-field")).toHaveAttribute("data-promo-status", "valid");
    await expect(promo).not.toHaveAttribute("aria-invalid");
    await expect(page.getByText(tr("common.promoCodeErrors.DEPOSIT_TOO_SMALL"))).toHaveCount(0);
  });
});

test.describe("promo codes in forms @nojs", () => {
  test("registration: a refused code comes back on its field with the values kept; a good one is granted", async ({ page, javaScriptEnabled }) => {
    const email = unique("promo-reg");
    await page.goto("/?show_popup_reg=1");
    await popupEnhanced(page, javaScriptEnabled);
    await popup(page).getByLabel(tr("auth.fields.hasPromocode")).check();
    await regPromo(page).fill("SPRING10");
    await fillRegistration(page, email);
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(regPromo(page)).toHaveAttribute("aria-invalid", "true");
    await expect(popup(page)).toContainText(tr("common.promoCodeErrors.EXPIRED"));
    await expect(popup(page).getByLabel("Email")).toHaveValue(email);
    await regPromo(page).fill("WELCOME50");
    await popup(page).getByLabel("Password (6–20 characters)").fill(PASSWORD);
    const terms = popup(page).getByLabel(/accept the terms/);
    if (!(await terms.isChecked())) await terms.check();
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(absolute("/cashier/deposit?register=success"));
    await page.goto(BONUSES);
    await expect(available(page).locator("article", { hasText: "Promo code WELCOME50" })).toBeVisible();
  });

  test("the bonuses page's promo form: a refusal on its field, a good code with the activated popup; a made-up ?promo_activated shows none", async ({
    page,
  }) => {
    await registerByApi(page.request, unique("promo-form"));
    await page.goto(`${BONUSES}?promo_activated=FREE-MONEY`);
    await expect(page.getByTestId("promo-activate")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const card = page.getByTestId("promo-activate");
    await card.getByLabel(tr("common.promoCode.label")).fill("SPRING10");
    await card.getByRole("button", { name: tr("common.promoCode.activate") }).click();
    await expect(card).toContainText(tr("common.promoCodeErrors.EXPIRED"));
    await expect(card.getByLabel(tr("common.promoCode.label"))).toHaveAttribute("aria-invalid", "true");
    await expect(card.getByLabel(tr("common.promoCode.label"))).toHaveValue("SPRING10");
    await card.getByLabel(tr("common.promoCode.label")).fill("spins20");
    await card.getByRole("button", { name: tr("common.promoCode.activate") }).click();
    await expect(page).toHaveURL(absolute(`${BONUSES}?promo_activated=SPINS20`));
    await expect(page.getByRole("dialog")).toContainText(tr("common.promoCode.activatedTitle"));
    await page
      .getByRole("dialog")
      .getByRole("link", { name: tr("common.promoCode.ok") })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("20 free spins: promo code SPINS20").first()).toBeVisible();
    // A code that exists but this player has not redeemed shows no popup either.
    await page.goto(`${BONUSES}?promo_activated=WELCOME50`);
    await expect(page.getByTestId("promo-activate")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("after ten unknown codes the bonuses page's form says how long to wait, even for a good code", async ({ page }) => {
    await registerByApi(page.request, unique("promo-guesser"));
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post("/api/campaigns/checkPromocode", {
        multipart: { promo_code: unique("NOPE").slice(0, 40) },
        headers: { origin: origin() },
      });
      expect(res.status(), await res.text()).toBe(400);
    }
    await page.goto(BONUSES);
    const card = page.getByTestId("promo-activate");
    await card.getByLabel(tr("common.promoCode.label")).fill("SPINS20");
    await card.getByRole("button", { name: tr("common.promoCode.activate") }).click();
    await expect(card).toContainText(/Too many attempts\. Try again in \d+ seconds\./);
    await expect(card).not.toContainText(tr("common.promoCodeErrors.INVALID"));
    await expect(card.getByLabel(tr("common.promoCode.label"))).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a promo link: the registration popup comes with the code filled in, and the account gets its bonus", async ({ page, javaScriptEnabled }) => {
    // The last promo_code of the link is the one (SPEC §4).
    await page.goto("/?show_popup_reg=1&promo_code=SPRING10&promo_code=WELCOME50");
    await popupEnhanced(page, javaScriptEnabled);
    await expect(regPromo(page)).toHaveValue("WELCOME50");
    await fillRegistration(page, unique("promo-url"));
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(absolute("/cashier/deposit?register=success"));
    await page.goto(BONUSES);
    await expect(available(page).locator("article", { hasText: "Promo code WELCOME50" })).toContainText("$50");
  });

  test("deposit: the code's minimum is refused on the field; with enough, the code's bonus comes with the deposit", async ({ page }) => {
    await registerByApi(page.request, unique("promo-dep"));
    // A promo link fills the deposit form's field on the server.
    await page.goto("/cashier/deposit/demo_card?promo_code=RELOAD25");
    const amount = page.getByLabel(tr("cashier.amount.label", { currency: "USD" }));
    const promo = page.getByLabel(tr("common.promoCode.label"));
    await expect(promo).toHaveValue("RELOAD25");
    await amount.fill("10");
    await page.getByRole("button", { name: tr("cashier.deposit.submit"), exact: true }).click();
    await expect(page.getByText(tr("common.promoCodeErrors.DEPOSIT_TOO_SMALL"))).toBeVisible();
    await expect(promo).toHaveAttribute("aria-invalid", "true");
    await amount.fill("80");
    await promo.fill("RELOAD25");
    await page.getByRole("button", { name: tr("cashier.deposit.submit"), exact: true }).click();
    await page.getByRole("button", { name: "Pay now (success)" }).click();
    await expect(page).toHaveURL(/\/cashier\/paysuccess\/[0-9a-f]+$/);
    await page.goto(BONUSES);
    await expect(available(page).locator("article", { hasText: "Promo code RELOAD25" })).toContainText("$20");
  });
});
