import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { origin, registerByApi, unique } from "./accounts-fixtures";

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

test.describe("the unsubscribe link every mail carries @nojs", () => {
  test("a player asks for a password reset, opens the mail and unsubscribes from its footer", async ({ page, request }) => {
    const email = unique("footer");
    // Its own request context: the page's browser stays a visitor, as a reader of a mail may be.
    await registerByApi(request, email);
    const asked = await request.post("/api/auth/restore", { multipart: { login: email }, headers: { origin: origin() } });
    expect(asked.status()).toBe(200);
    await page.goto(`/platform/demo/mailbox?to=${encodeURIComponent(email)}`);
    const mail = page.getByRole("article").filter({ hasText: "Reset your" });
    await expect(mail).toContainText(`You get mail from Playfront Casino at ${email}`);
    await mail.getByRole("link", { name: /\/unsubscribe\?/ }).click();
    await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.locator('[data-toast="success"]')).toContainText(email);
  });
});
