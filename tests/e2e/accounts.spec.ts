import { createHmac } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { absolute, expect, popupEnhanced, siteHeader, test, tr } from "./fixtures";
import { origin, PASSWORD, popup, registerByApi, unique, US_PLAYER } from "./accounts-fixtures";
import { totp } from "./totp";

/** Registration types, restore by mail, social and messenger sign-in, forced logout, embedded forms. */

/** A US mobile number no other test uses (the platform refuses a number another account holds). */
const mobile = () => `202${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

/** What the demo mail provider delivered to `to`, newest first. */
async function mailbox(request: APIRequestContext, to: string): Promise<{ subject: string; text: string; link: string | null }[]> {
  const res = await request.get(`/platform/demo/mailbox?format=json&to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).items;
}

/** The full registration form of the default country (US), every field filled. */
async function fillFullRegistration(page: Page, email: string, zip: string) {
  const fields: [string, string][] = [
    ["Email", email],
    ["Mobile phone", mobile()],
    ["Password (6–20 characters)", PASSWORD],
    ["First name", "Ana"],
    ["Last name", "Silva"],
    ["Date of birth", "1990-04-12"],
    ["City", "Springfield"],
    ["Address", "12 Main Street"],
    ["ZIP code", zip],
  ];
  for (const [label, value] of fields) await popup(page).getByLabel(label).fill(value);
  await popup(page)
    .getByLabel(/accept the terms/)
    .check();
}

test.describe("registration types @nojs", () => {
  test("full registration asks for the personal fields of the country and signs the player in", async ({ page, javaScriptEnabled }) => {
    const email = unique("full");
    await page.goto("/?show_popup_reg=1");
    await popup(page).getByRole("link", { name: "Full" }).click();
    await expect(popup(page).getByLabel("First name")).toBeVisible();
    await popupEnhanced(page, javaScriptEnabled);
    await fillFullRegistration(page, email, "62704");
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/cashier\/deposit\?register=success$/);
    await expect(siteHeader(page).getByText(email)).toBeVisible();
  });

  test("a phone of another country: its country is chosen beside the number and the account keeps it", async ({ page, javaScriptEnabled }) => {
    await page.goto("/?show_popup_reg=1&reg_type=full");
    await popupEnhanced(page, javaScriptEnabled);
    const email = unique("abroad");
    await fillFullRegistration(page, email, "62704");
    // A British number for a US player: the number of the country chosen beside it, not the form's.
    const gb = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
    await popup(page).getByLabel("Phone country code").selectOption("GB");
    if (javaScriptEnabled) await expect(popup(page).locator(".field__prefix")).toHaveText("+44");
    await popup(page).getByLabel("Mobile phone").fill(gb);
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/cashier\/deposit\?register=success$/);
    await page.goto("/profile/settings");
    await expect(page.getByTestId("contact-phone").locator(".profile__contact")).toContainText(`+44 ${gb}`);
  });

  test("a field the country's rule refuses comes back with its error and the values kept", async ({ page, javaScriptEnabled }) => {
    await page.goto("/?show_popup_reg=1&reg_type=full");
    await popupEnhanced(page, javaScriptEnabled);
    const email = unique("zip");
    await fillFullRegistration(page, email, "ABC");
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(popup(page).getByLabel("ZIP code")).toHaveAttribute("aria-invalid", "true");
    await expect(popup(page).getByLabel("Email")).toHaveValue(email);
    await expect(siteHeader(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("an address that opened five accounts this hour is told how long to wait", async ({ page, javaScriptEnabled }) => {
    // Five accounts from this test's own address (fixtures.ts) fill its hour (decision 0061);
    // each registration signs its account in, so the next one starts signed out.
    for (let i = 0; i < 5; i++) {
      await page.context().clearCookies();
      const res = await page.request.post("/api/auth/register", {
        multipart: { email: unique("many"), password: PASSWORD, terms: "1", ...US_PLAYER },
        headers: { origin: origin() },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.context().clearCookies();
    await page.goto("/?show_popup_reg=1");
    await popupEnhanced(page, javaScriptEnabled);
    const email = unique("sixth");
    await popup(page).getByLabel("Email").fill(email);
    await popup(page).getByLabel("Password (6–20 characters)").fill(PASSWORD);
    await popup(page)
      .getByLabel(/accept the terms/)
      .check();
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(popup(page).getByText(/Too many attempts\. Try again in \d+ seconds\./)).toBeVisible();
    await expect(popup(page).getByLabel("Email")).toHaveValue(email);
    await expect(siteHeader(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("choosing another country changes the fields to that country's", async ({ page, javaScriptEnabled }) => {
    await page.goto("/?show_popup_reg=1&reg_type=full");
    await expect(popup(page).getByLabel("ZIP code")).toBeVisible();
    await popupEnhanced(page, javaScriptEnabled);
    await popup(page).getByLabel("Country", { exact: true }).selectOption("GB");
    if (!javaScriptEnabled) await popup(page).getByRole("button", { name: "Update the form for this country" }).click();
    await expect(popup(page).getByLabel("Postcode")).toBeVisible();
    await expect(popup(page).getByLabel("ZIP code")).toHaveCount(0);
    await expect(popup(page).getByLabel("Country", { exact: true })).toHaveValue("GB");
  });

  test("a required, unticked terms box blocks social registration", async ({ page }) => {
    await page.goto("/?show_popup_reg=1&reg_type=social");
    await popup(page).getByRole("button", { name: "Playfront ID" }).click();
    await expect(page).toHaveURL(/show_popup_reg=1/);
    await expect(siteHeader(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  });
});

test.describe("registration with JavaScript", () => {
  test("checks the fields in the browser and scrolls to the first error", async ({ page }) => {
    await page.goto("/?show_popup_reg=1&reg_type=full");
    await popupEnhanced(page);
    await popup(page).getByLabel("Email").fill("not-an-email");
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(popup(page).getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(popup(page).getByText("Wrong email address")).toBeVisible();
    await expect(popup(page).getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/show_popup_reg=1/);
  });

  test("keeps a draft of the form across visits and fills the promo code from the URL", async ({ page }) => {
    await page.goto("/?promo_code=OLD&promo_code=SPRING50");
    // Any page keeps the URL's promo code (the last one) for the registration form.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("promo_code"))).toBe("SPRING50");
    await page.goto("/?show_popup_reg=1");
    await popupEnhanced(page);
    await expect(popup(page).getByLabel("Promo code", { exact: true })).toHaveValue("SPRING50");
    await popup(page).getByLabel("Email").fill("draft@example.com");
    await page.reload();
    await popupEnhanced(page);
    await expect(popup(page).getByLabel("Email")).toHaveValue("draft@example.com");
    await expect(popup(page).getByLabel("Password (6–20 characters)")).toHaveValue("");
  });

  test("two-factor step: an authenticator's code has no resend countdown", async ({ page, request }) => {
    const email = unique("tfa-js");
    await registerByApi(request, email);
    const setup = await (await request.post("/api/account/changeTwoFactorAuth", { multipart: { enable: "1" }, headers: { origin: origin() } })).json();
    await request.post("/api/account/confirmTwoFactorAuth", { multipart: { code: totp(setup.data.secret) }, headers: { origin: origin() } });
    await page.goto("/?show_popup_auth=1");
    await popupEnhanced(page);
    await popup(page).getByLabel("Email or login").fill(email);
    await popup(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
    await popup(page).getByRole("button", { name: "Sign in" }).click();
    await expect(popup(page).getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
    // Nothing was sent (the code is the authenticator app's): nothing to count down or resend.
    await expect(popup(page).getByLabel("Code")).toBeVisible();
    await expect(popup(page).getByRole("button", { name: /try again/i })).toHaveCount(0);
    await popup(page).getByRole("button", { name: "← Back to sign in" }).click();
    await expect(popup(page).getByLabel("Email or login")).toBeVisible();
  });
});

test.describe("after registration", () => {
  test("the confirm-email popup takes the mailed code, then the welcome popup and the hints show", async ({ page, request }) => {
    const email = unique("queue");
    await page.goto("/?show_popup_reg=1");
    await popupEnhanced(page);
    await popup(page).getByLabel("Email").fill(email);
    await popup(page).getByLabel("Password (6–20 characters)").fill(PASSWORD);
    await popup(page)
      .getByLabel(/accept the terms/)
      .check();
    await popup(page).getByRole("button", { name: "Create account" }).click();
    await expect(popup(page).getByRole("heading", { name: "Confirm your email" })).toBeVisible();
    await expect(page.getByText("Welcome aboard! Make your first deposit")).toBeVisible();
    await popup(page).getByLabel("Code").fill("000000");
    await popup(page).getByRole("button", { name: "Confirm" }).click();
    await expect(popup(page).getByText("Wrong code")).toBeVisible();
    const [mail] = await mailbox(request, email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    await popup(page).getByLabel("Code").fill(code);
    await popup(page).getByRole("button", { name: "Confirm" }).click();
    await expect(popup(page).getByRole("heading", { name: "Welcome to Playfront" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup(page)).toHaveCount(0);
  });
});

test.describe("password reset by mail @nojs", () => {
  test("the mailed link opens the new-password form; the new password signs in", async ({ page, request }) => {
    const email = unique("reset");
    await registerByApi(request, email);
    await page.goto("/?show_popup_auth=1&auth_mode=restore");
    await popup(page).getByLabel("Email or login").fill(email);
    await popup(page).getByRole("button", { name: "Send the link" }).click();
    await expect(popup(page).getByRole("status")).toContainText("If an account exists");
    const [mail] = await mailbox(request, email);
    expect(mail!.link).toContain("reset_token=");
    const link = new URL(mail!.link!);
    await page.goto(link.pathname + link.search);
    await popup(page).getByLabel("Password (6–20 characters)").fill("N3w-password");
    await popup(page).getByRole("button", { name: "Save the new password" }).click();
    await expect(popup(page).getByRole("status")).toContainText("Your password has been changed");
    await popup(page).getByLabel("Email or login").fill(email);
    await popup(page).getByLabel("Password", { exact: true }).fill("N3w-password");
    await popup(page).getByRole("button", { name: "Sign in" }).click();
    await expect(siteHeader(page).getByText(email)).toBeVisible();
  });
});

/** The demo provider's consent page: who the person is, then Allow. */
async function consent(page: Page, email: string) {
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/name/i).first().fill("Demo Player");
  await page.getByRole("button", { name: /allow/i }).click();
}

test.describe("social sign-in through the demo provider", () => {
  test("a popup signs the player in; the non-dismissible popup completes the registration", async ({ page }) => {
    const email = unique("social");
    await page.goto("/about?show_popup_auth=1");
    await popupEnhanced(page);
    const [provider] = await Promise.all([page.waitForEvent("popup"), popup(page).getByRole("button", { name: "Playfront ID" }).click()]);
    const closed = provider.waitForEvent("close");
    await consent(provider, email);
    await closed;
    await expect(popup(page).getByRole("heading", { name: "Complete your registration" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popup(page)).toBeVisible();
    await popup(page)
      .getByLabel(/accept the terms/)
      .check();
    await popup(page).getByRole("button", { name: "Complete registration" }).click();
    await expect(page).toHaveURL(/register=success/);
    await expect(siteHeader(page).getByText(email)).toBeVisible();
    // The provider vouched for the email: no confirm-email popup, straight to the welcome popup.
    await expect(popup(page).getByRole("heading", { name: "Welcome to Playfront" })).toBeVisible();
    await expect(popup(page).getByRole("heading", { name: "Confirm your email" })).toHaveCount(0);
  });
});

test.describe("social sign-in without JavaScript @nojs", () => {
  test("the same flow runs in the window and comes back with a notice", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the JS flow opens a popup (above)");
    const email = unique("social-nojs");
    await page.goto("/about?show_popup_auth=1");
    await popup(page).getByRole("button", { name: "Playfront ID" }).click();
    await consent(page, email);
    await expect(page).toHaveURL(/\/about/);
    await expect(page.getByText("You are signed in.")).toBeVisible();
    await expect(popup(page).getByRole("heading", { name: "Complete your registration" })).toBeVisible();
  });
});

test.describe("messenger mini-app sign-in", () => {
  test("Telegram launch data in the URL signs the player in", async ({ page }) => {
    const id = 700000000 + Math.floor(Math.random() * 1e6);
    const fields = new URLSearchParams({
      query_id: "AAHdF6IQAAAAAN0XohDhrOrc",
      user: JSON.stringify({ id, first_name: "Tg", username: `tg${id}`, language_code: "en" }),
      auth_date: String(Math.floor(Date.now() / 1000)),
    });
    const check = [...fields.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join("\n");
    const secret = createHmac("sha256", "WebAppData").update("123456:local-development-bot-token").digest();
    fields.append("hash", createHmac("sha256", secret).update(check).digest("hex"));
    await page.goto(`/#tgWebAppData=${encodeURIComponent(fields.toString())}&tgWebAppVersion=7.0`);
    await expect(siteHeader(page).getByText(`tg_${id}`)).toBeVisible();
  });
});

test.describe("forced logout", () => {
  test("warns at 80% of the time with a countdown, activity keeps the session, 100% signs out", async ({ page }) => {
    await page.clock.install();
    const email = unique("idle");
    await registerByApi(page.request, email);
    await page.goto("/about");
    await expect(siteHeader(page).getByText(email)).toBeVisible();
    await expect(page.locator("[data-forced-logout=armed]")).toBeAttached();
    await page.clock.fastForward(1800 * 0.8 * 1000 + 1000);
    const warning = page.getByRole("alertdialog");
    await expect(warning).toContainText("Are you still there?");
    await warning.getByRole("button", { name: "Stay signed in" }).click();
    await expect(warning).toHaveCount(0);
    await page.clock.runFor(1800 * 1000 + 2000);
    await expect(siteHeader(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(page).toHaveURL(absolute("/"));
  });
});

test.describe("embedded forms", () => {
  test("/forms/sign_in signs in inside the frame", { tag: "@nojs" }, async ({ page, request }) => {
    const email = unique("embed");
    await registerByApi(request, email);
    await page.goto("/forms/sign_in");
    await page.getByLabel("Email or login").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "You are signed in" })).toBeVisible();
    // Inside another site's frame the site's own campaign popup does not cover it (issue 41).
    await expect(page.getByTestId("campaign-popup")).toHaveCount(0);
    await expect(page).toHaveTitle(/^Sign in to Playfront \| /);
  });

  test("/forms/sign_in says a wrong password in itself, with no popup of the site over it", { tag: "@nojs" }, async ({ page, request }) => {
    const email = unique("embed-wrong");
    await registerByApi(request, email);
    await page.goto("/forms/sign_in");
    await page.getByLabel("Email or login").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toContainText(tr("auth.errors.wrongEntryTitle"));
    await expect(page).toHaveURL(absolute("/forms/sign_in"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByLabel("Email or login")).toHaveValue(email);
    // And the right one then signs in, in the same frame.
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "You are signed in" })).toBeVisible();
  });

  test("/forms/sign_up registers inside the frame", { tag: "@nojs" }, async ({ page }) => {
    await page.goto("/forms/sign_up");
    await page.getByLabel("Email").fill(unique("embed-up"));
    await page.getByLabel("Password (6–20 characters)").fill(PASSWORD);
    await page.getByLabel(/accept the terms/).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Your account is ready" })).toBeVisible();
  });

  test("in a frame, success posts refresh_user to the parent", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "messages need JavaScript");
    const email = unique("frame");
    await registerByApi(request, email);
    await page.goto("/about");
    await page.evaluate(() => {
      (window as unknown as { messages: unknown[] }).messages = [];
      window.addEventListener("message", (e) => (window as unknown as { messages: unknown[] }).messages.push(e.data));
      const frame = document.createElement("iframe");
      frame.src = "/forms/sign_in";
      frame.width = "400";
      frame.height = "600";
      document.body.appendChild(frame);
    });
    const frame = page.frameLocator("iframe");
    await expect(frame.locator("section[data-hydrated]")).toBeAttached();
    await frame.getByLabel("Email or login").fill(email);
    await frame.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await frame.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { messages: { type: string }[] }).messages.map((m) => m.type))).toContain("refresh_user");
  });
});
