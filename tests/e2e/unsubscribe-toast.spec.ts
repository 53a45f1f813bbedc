import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";

// The local SIGNING_SECRET of wrangler.toml: the e2e server runs the local configuration.
const SECRET = "local-development-secret-not-for-production";
const token = (contact: string) => createHmac("sha256", SECRET).update(`unsubscribe:${contact.toLowerCase()}`).digest("base64url");

test.describe("unsubscribe link @nojs", () => {
  test("a valid link unsubscribes and flashes a success toast across the redirect", async ({ page }) => {
    const contact = `player${Date.now()}@example.com`;
    await page.goto(`/unsubscribe?contact=${encodeURIComponent(contact)}&token=${token(contact)}`);
    await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
    await expect(page.getByText(contact)).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page).toHaveURL(/\/$/);
    const toast = page.locator('[data-toast="success"]');
    await expect(toast).toContainText(contact);
    // The flash is shown once: a reload does not bring it back.
    await page.reload();
    await expect(page.locator('[data-toast="success"]')).toHaveCount(0);
  });

  test("a tampered link is refused with a clear message and nothing changes", async ({ page }) => {
    const contact = "someone@example.com";
    const bad = token("other@example.com");
    await page.goto(`/unsubscribe?contact=${encodeURIComponent(contact)}&token=${bad}`);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("alert")).toContainText("not valid");
    await expect(page).toHaveURL(/\/unsubscribe\?/);
  });

  test("a link without its token explains it is invalid", async ({ page }) => {
    await page.goto("/unsubscribe?contact=a%40b.co");
    await expect(page.getByRole("alert")).toContainText("not valid");
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  });
});
