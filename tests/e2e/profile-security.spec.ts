import { request as playwrightRequest } from "@playwright/test";
import { closeLoginCampaignPopup, origin, PASSWORD, registerByApi, unique } from "./accounts-fixtures";
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
    await expect(card.getByRole("status").getByText(tr("profile.security.twofaOn"))).toBeVisible();
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
    await closeLoginCampaignPopup(page.request);

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
  test("backup codes: ten shown once when two-factor is turned on; one signs in elsewhere; a new set with a code; one turns two-factor off", async ({
    page,
  }) => {
    const email = unique("sec-backup");
    await registerByApi(page.request, email);
    await page.goto(SECURITY);
    const card = page.getByTestId("twofa");
    await card.getByRole("button", { name: tr("profile.security.setUp") }).click();
    const secret = (await card.getByTestId("twofa-secret").textContent())!.trim();
    await card.locator("#security-code").fill(totp(secret));
    await card.getByRole("button", { name: tr("profile.security.turnOn") }).click();

    const shown = card.getByTestId("backup-codes");
    await expect(shown.getByText(tr("profile.security.twofaOn"))).toBeVisible();
    await expect(shown.getByText(tr("profile.security.backupShownOnce"))).toBeVisible();
    const codes = (await shown.locator("li code").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^\d{5}-\d{5}$/);
    expect(new Set(codes).size).toBe(10);

    // Shown once: the page read again says how many are left, not which.
    await page.goto(SECURITY);
    await expect(card.getByTestId("backup-codes")).toContainText(tr("profile.security.backupLeft", { left: "10", total: "10" }));
    expect(await card.getByTestId("backup-codes").locator("li code").count()).toBe(0);

    // Another browser passes the second factor with a backup code, once.
    const other = await playwrightRequest.newContext({ baseURL: absolute("/") });
    const signIn = (code?: string) =>
      other.post("/api/auth/login", { multipart: { login: email, password: PASSWORD, ...(code ? { code } : {}) }, headers: { origin: origin() } });
    expect((await signIn()).status()).toBe(401);
    expect((await signIn(codes[0])).status()).toBe(200);
    expect((await signIn(codes[0])).status()).toBe(400);
    await other.dispose();
    await closeLoginCampaignPopup(page.request);
    await page.goto(SECURITY);
    await expect(card.getByTestId("backup-codes")).toContainText(tr("profile.security.backupLeft", { left: "9", total: "10" }));

    // A new set needs the app's code; the old codes stop working.
    await card.locator("#security-backup-code").fill(totp(secret, 1));
    await card.getByRole("button", { name: tr("profile.security.newBackupCodes") }).click();
    await expect(card.getByTestId("backup-codes").getByText(tr("profile.security.backupShownOnce"))).toBeVisible();
    const fresh = (await card.getByTestId("backup-codes").locator("li code").allTextContents()).map((c) => c.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);

    // A lost phone: a backup code turns two-factor off.
    await card.locator("#security-code").fill(codes[1]!);
    await card.getByRole("button", { name: tr("profile.security.turnOff") }).click();
    await expect(card.locator("#security-code-error")).toHaveText(tr("auth.errors.codeInvalid"));
    await card.locator("#security-code").fill(fresh[0]!);
    await card.getByRole("button", { name: tr("profile.security.turnOff") }).click();
    await expect(toast(page, tr("profile.security.twofaOff"))).toBeVisible();
    await expect(card.locator("[data-twofa]")).toHaveAttribute("data-twofa", "off");
  });

  test("sessions: each signed-in device listed with its browser and system; one signed out, then all the others", async ({ page }) => {
    const email = unique("sec-sessions");
    await registerByApi(page.request, email);
    const device = (userAgent: string) => playwrightRequest.newContext({ baseURL: absolute("/"), userAgent });
    const signIn = async (ctx: import("@playwright/test").APIRequestContext) => {
      expect((await ctx.post("/api/auth/login", { multipart: { login: email, password: PASSWORD }, headers: { origin: origin() } })).status()).toBe(200);
      await closeLoginCampaignPopup(page.request);
    };
    const signedIn = async (ctx: import("@playwright/test").APIRequestContext) => (await (await ctx.get("/api/account/getInfo")).json()).data.uid > 0;
    const laptop = await device("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0");
    const phone = await device(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    );
    await signIn(laptop);
    await signIn(phone);

    await page.goto(SECURITY);
    const card = page.getByTestId("sessions");
    await expect(card.locator("li[data-session]")).toHaveCount(3);
    await expect(card.locator("li[data-current]")).toContainText(tr("profile.security.thisDevice"));
    const firefox = tr("profile.security.deviceOn", { browser: "Firefox", os: "Windows" });
    const safari = tr("profile.security.deviceOn", { browser: "Safari", os: "iPhone" });
    await expect(card.locator("li[data-session]", { hasText: firefox })).toHaveCount(1);

    await card.getByRole("button", { name: tr("profile.security.signOutDevice", { device: firefox }) }).click();
    await expect(toast(page, tr("profile.security.sessionEnded"))).toBeVisible();
    await expect(card.locator("li[data-session]")).toHaveCount(2);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(true);

    await signIn(laptop);
    await page.goto(SECURITY);
    await expect(card.locator("li[data-session]", { hasText: safari })).toHaveCount(1);
    await card.getByRole("button", { name: tr("profile.security.signOutOthers") }).click();
    await expect(toast(page, tr("profile.security.othersEnded"))).toBeVisible();
    await expect(card.locator("li[data-session]")).toHaveCount(1);
    await expect(card.getByRole("button", { name: tr("profile.security.signOutOthers") })).toHaveCount(0);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    await expect(siteHeader(page).getByText(email)).toBeVisible();
    await laptop.dispose();
    await phone.dispose();
  });
});
