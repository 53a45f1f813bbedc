import { request as playwrightRequest } from "@playwright/test";
import { origin, PASSWORD, registerByApi, unique } from "./accounts-fixtures";
import { absolute, expect, siteHeader, test, tr } from "./fixtures";
import { totp } from "./totp";

/**
 * The profile's security page (issue 17, SPEC §2 /profile/security): the password change that signs
 * every other device out, and two-factor sign-in turned on with the QR code's secret and off again.
 * Both work with and without JavaScript.
 */

const SECURITY = "/profile/security";
const toast = (page: import("@playwright/test").Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

test.describe("profile security @nojs", () => {
  test("two-factor: set up with the secret beside the QR code, a wrong code refused, turned off with a code", async ({ page }) => {
    await registerByApi(page.request, unique("sec-2fa"));
    await page.goto(SECURITY);
    const card = page.getByTestId("twofa");
    await expect(card.locator("[data-twofa]")).toHaveAttribute("data-twofa", "off");
    await card.getByRole("button", { name: tr("profile.security.setUp") }).click();
    await expect(card.getByRole("img", { name: tr("profile.security.qrLabel") })).toBeVisible();
    const secret = (await card.getByTestId("twofa-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    // A wrong first code keeps the same QR code and secret on screen.
    await card.locator("#security-code").fill(totp(secret) === "000000" ? "111111" : "000000");
    await card.getByRole("button", { name: tr("profile.security.turnOn") }).click();
    await expect(card.locator("#security-code")).toHaveAttribute("aria-invalid", "true");
    await expect(card.getByTestId("twofa-secret")).toHaveText(secret);

    await card.locator("#security-code").fill(totp(secret));
    await card.getByRole("button", { name: tr("profile.security.turnOn") }).click();
    await expect(toast(page, tr("profile.security.twofaOn"))).toBeVisible();
    await expect(card.locator("[data-twofa]")).toHaveAttribute("data-twofa", "on");
    expect((await (await page.request.get("/api/account/getInfo")).json()).data.two_factor_auth).toBe(true);

    // Codes are single-use: the next step's code turns it off.
    await card.locator("#security-code").fill(totp(secret, 1));
    await card.getByRole("button", { name: tr("profile.security.turnOff") }).click();
    await expect(toast(page, tr("profile.security.twofaOff"))).toBeVisible();
    await expect(card.locator("[data-twofa]")).toHaveAttribute("data-twofa", "off");
  });

  test("password: refused when wrong or not repeated; changed, it signs every other device out", async ({ page }) => {
    const email = unique("sec-pass");
    await registerByApi(page.request, email);
    const other = await playwrightRequest.newContext({ baseURL: absolute("/") });
    const login = await other.post("/api/auth/login", { multipart: { login: email, password: PASSWORD }, headers: { origin: origin() } });
    expect(login.status()).toBe(200);

    await page.goto(SECURITY);
    const form = page.getByTestId("password-form");
    await form.locator("#security-old_password").fill("not-my-password");
    await form.locator("#security-new_password").fill("N3w-secret");
    await form.locator("#security-repeat_password").fill("N3w-secret");
    await form.getByRole("button", { name: tr("profile.security.changePassword") }).click();
    await expect(form.locator("#security-old_password")).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("#security-old_password-error")).toHaveText("Wrong password");

    await form.locator("#security-old_password").fill(PASSWORD);
    await form.locator("#security-new_password").fill("N3w-secret");
    await form.locator("#security-repeat_password").fill("N3w-secreT");
    await form.getByRole("button", { name: tr("profile.security.changePassword") }).click();
    await expect(form.locator("#security-repeat_password-error")).toHaveText(tr("profile.security.passwordsDiffer"));

    await form.locator("#security-old_password").fill(PASSWORD);
    await form.locator("#security-new_password").fill("N3w-secret");
    await form.locator("#security-repeat_password").fill("N3w-secret");
    await form.getByRole("button", { name: tr("profile.security.changePassword") }).click();
    await expect(toast(page, tr("profile.security.passwordChanged"))).toBeVisible();
    // This browser stays signed in (its session was renewed); the other device is signed out.
    await expect(siteHeader(page).getByText(email)).toBeVisible();
    expect((await (await other.get("/api/account/getInfo")).json()).data.uid).toBe(0);
    const again = await other.post("/api/auth/login", { multipart: { login: email, password: "N3w-secret" }, headers: { origin: origin() } });
    expect(again.status()).toBe(200);
    await other.dispose();
  });
});
