import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { registerByApi, unique } from "./accounts-fixtures";
import { expect, test, tr } from "./fixtures";

/**
 * The support page (issue 24, decision 0052): a visitor and a player send feedback, which reaches
 * the demo operator's inbox; bad input shows errors under its fields and keeps what was typed —
 * with and without JavaScript.
 */

const INBOX = "/platform/demo/support";
const field = (page: Page, key: string) => page.getByLabel(tr(`support.${key}`), { exact: true });

/** A message no other run sends, so the inbox item is this test's. */
const uniqueMessage = (who: string) => `Hello from ${who} ${Date.now()}-${Math.floor(Math.random() * 1e6)}: my withdrawal is late.`;

/** Opens /support; with JavaScript, waits until Conform owns the form (before that, typing reaches the plain form). */
async function openSupport(page: Page, js: boolean) {
  await page.goto("/support");
  if (js) await expect(page.locator("form#support-feedback[novalidate]")).toBeAttached();
}

async function inboxItem(page: Page, message: string) {
  await page.goto(INBOX);
  return page.getByTestId("support-item").filter({ hasText: message });
}

test.describe("support @nojs", () => {
  test("a visitor sends feedback; the operator reads it in the inbox and marks it answered", async ({ page, javaScriptEnabled }) => {
    const message = uniqueMessage("a visitor");
    const email = unique("support-visitor");
    // From the lobby by the footer's link: the operator sees which page the visitor wrote from.
    await page.goto("/gamehall");
    await page.locator("footer").getByRole("link", { name: "Support", exact: true }).click();
    await expect(page).toHaveURL(/\/support$/);
    if (javaScriptEnabled) await expect(page.locator("form#support-feedback[novalidate]")).toBeAttached();
    await expect(page.getByRole("heading", { level: 1, name: tr("support.title") })).toBeVisible();
    await expect(page.getByRole("link", { name: "support@playfront.example" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: tr("support.faqLink") })).toHaveAttribute("href", "/faq");
    await field(page, "topic").selectOption({ label: "Deposits and withdrawals" });
    await field(page, "name").fill("Vera Visitor");
    await field(page, "email").fill(email);
    await field(page, "message").fill(message);
    await page.getByRole("button", { name: tr("support.submit") }).click();
    await expect(page.getByTestId("support-sent")).toHaveText(tr("support.sent"));
    await expect(page.locator("[data-toast]").filter({ hasText: tr("support.sentToast") })).toBeVisible();
    // The form is empty again: nothing is sent twice by accident.
    await expect(field(page, "message")).toHaveValue("");

    const item = await inboxItem(page, message);
    await expect(item).toContainText("Vera Visitor");
    await expect(item).toContainText(email);
    await expect(item).toContainText("visitor");
    await expect(item).toContainText("Deposits and withdrawals");
    await expect(item).toContainText("page /gamehall");
    await expect(item).toHaveAttribute("data-status", "new");
    await item.getByRole("button", { name: "Mark answered" }).click();
    await expect(page.getByTestId("support-item").filter({ hasText: message })).toHaveAttribute("data-status", "answered");
  });

  test("a player's email is filled from the account; the inbox names the player", async ({ page, javaScriptEnabled }) => {
    const email = unique("support-player");
    await registerByApi(page.request, email);
    const message = uniqueMessage("a player");
    await openSupport(page, javaScriptEnabled);
    await expect(field(page, "email")).toHaveValue(email);
    await field(page, "topic").selectOption({ label: "Bonuses and promotions" });
    await field(page, "message").fill(message);
    await page.getByRole("button", { name: tr("support.submit") }).click();
    await expect(page.getByTestId("support-sent")).toBeVisible();

    const item = await inboxItem(page, message);
    await expect(item).toContainText(email);
    await expect(item).toContainText(/player #\d+/);
    await expect(item).toContainText("Bonuses and promotions");
  });

  test("bad input shows errors under each field and keeps what was typed", async ({ page, javaScriptEnabled }) => {
    await openSupport(page, javaScriptEnabled);
    await field(page, "email").fill("not-an-email");
    await field(page, "message").fill("Too short");
    await page.getByRole("button", { name: tr("support.submit") }).click();
    await expect(field(page, "topic")).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, "name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(tr("validation.email"))).toBeVisible();
    await expect(page.getByText("Min length is 10")).toBeVisible();
    await expect(field(page, "email")).toHaveValue("not-an-email");
    await expect(field(page, "message")).toHaveValue("Too short");
    await expect(page.getByTestId("support-sent")).toHaveCount(0);
    // The errors are announced and tied to their fields (axe runs in the page: with JavaScript only).
    if (javaScriptEnabled) expect((await new AxeBuilder({ page }).include("main").analyze()).violations.map((v) => v.id)).toEqual([]);

    // Corrected, the same form goes through.
    const message = uniqueMessage("a corrected visitor");
    await field(page, "topic").selectOption({ label: "Technical problem" });
    await field(page, "name").fill("Carl Corrected");
    await field(page, "email").fill(unique("support-fixed"));
    await field(page, "message").fill(message);
    await page.getByRole("button", { name: tr("support.submit") }).click();
    await expect(page.getByTestId("support-sent")).toBeVisible();
    await expect(await inboxItem(page, message)).toContainText("Carl Corrected");
  });

  test("Support is in the footer", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("footer").getByRole("link", { name: "Support", exact: true })).toHaveAttribute("href", "/support");
  });
});
