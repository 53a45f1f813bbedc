import type { Page } from "@playwright/test";
import { mailedCode, origin, registerByApi, unique } from "./accounts-fixtures";
import { absolute, expect, jsOn, test, tr } from "./fixtures";

/**
 * The profile's settings and notification pages (issue 17, SPEC §2 /profile/settings and
 * /profile/notification): personal data by the country's form, contacts confirmed by code,
 * nickname and language, subscriptions per contact. Every form works with and without JavaScript.
 */

const SETTINGS = "/profile/settings";
const personal = (page: Page) => page.getByTestId("personal-form");
const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

/** Picks a country: with JavaScript the form refreshes by itself, without it the Update button does. */
async function chooseCountry(page: Page, code: string) {
  await personal(page).locator("#auth-country_code").selectOption(code);
  if (!jsOn())
    await personal(page)
      .getByRole("button", { name: tr("profile.settings.refreshCountry") })
      .click();
  await expect(personal(page).locator("#auth-country_code")).toHaveValue(code);
  // The form of that country has arrived (its regions and document types), not only the choice.
  await expect(personal(page)).toHaveAttribute("data-country", code);
}

/** A mobile number no other test run holds: GB's mask is #### ######. */
const randomGbMobile = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

test.describe("profile settings @nojs", () => {
  test("/profile opens the settings; the country's own fields are saved and shown again", async ({ page }) => {
    await registerByApi(page.request, unique("profile"));
    await page.goto("/profile");
    await expect(page).toHaveURL(absolute(SETTINGS));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("profile.settings.title"));

    await personal(page).locator("#auth-first_name").fill("Lucía");
    await personal(page).locator("#auth-last_name").fill("García");
    await personal(page).locator("#auth-birth_date").fill("1990-05-17");
    await chooseCountry(page, "ES");
    // Spain's regions and documents, which the default country (US) does not have; typed values stay.
    // (By name: the US list has an MD too, Maryland.)
    await expect(personal(page).locator("#auth-region option[value=MD]")).toHaveText("Comunidad de Madrid");
    await expect(personal(page).locator("#auth-first_name")).toHaveValue("Lucía");
    await personal(page).locator("#auth-region").selectOption("MD");
    await personal(page).locator("#auth-postcode").fill("28013");
    await personal(page).locator("#auth-document_type").selectOption("dni");
    await personal(page).locator("#auth-document_number").fill("12345678Z");
    await personal(page)
      .getByRole("button", { name: tr("profile.settings.save") })
      .click();

    await expect(toast(page, tr("profile.settings.saved"))).toBeVisible();
    await page.goto(SETTINGS);
    await expect(personal(page).locator("#auth-country_code")).toHaveValue("ES");
    await expect(personal(page).locator("#auth-region")).toHaveValue("MD");
    await expect(personal(page).locator("#auth-document_number")).toHaveValue("12345678Z");
    const profile = (await (await page.request.get("/api/account/getprofileinfo")).json()).data;
    expect(profile).toMatchObject({
      first_name: "Lucía",
      last_name: "García",
      birth_date: "1990-05-17",
      region: "MD",
      postcode: "28013",
      document: { type: "dni", number: "12345678Z" },
    });
  });

  test("a country the site's form does not list keeps its place; saving does not change it", async ({ page }) => {
    // Registration takes any real country; the personal-data form lists twelve.
    await registerByApi(page.request, unique("profile-it"), { country_code: "IT" });
    const res = await page.goto(SETTINGS);
    expect(res?.status()).toBe(200);
    await expect(personal(page).locator("#auth-country_code")).toHaveValue("IT");
    await personal(page).locator("#auth-first_name").fill("Giulia");
    await personal(page)
      .getByRole("button", { name: tr("profile.settings.save") })
      .click();
    await expect(toast(page, tr("profile.settings.saved"))).toBeVisible();
    const profile = (await (await page.request.get("/api/account/getprofileinfo")).json()).data;
    expect(profile).toMatchObject({ first_name: "Giulia", country_code: "IT" });
  });

  test("bad values are refused field by field and nothing typed is lost", async ({ page }) => {
    await registerByApi(page.request, unique("profile-bad"));
    await page.goto(SETTINGS);
    await chooseCountry(page, "ES");
    await personal(page).locator("#auth-first_name").fill("Pablo");
    await personal(page).locator("#auth-postcode").fill("ABC");
    await personal(page).locator("#auth-document_type").selectOption("dni");
    await personal(page).locator("#auth-document_number").fill("1234");
    await personal(page)
      .getByRole("button", { name: tr("profile.settings.save") })
      .click();

    // The country's patterns are the platform's: a Spanish postcode is five digits, a DNI 8 and a letter.
    await expect(personal(page).locator("#auth-postcode")).toHaveAttribute("aria-invalid", "true");
    await expect(personal(page).locator("#auth-postcode-error")).not.toBeEmpty();
    await expect(personal(page).locator("#auth-document_number")).toHaveAttribute("aria-invalid", "true");
    await expect(personal(page).locator("#auth-first_name")).toHaveValue("Pablo");
    await expect(personal(page).locator("#auth-postcode")).toHaveValue("ABC");
    const profile = (await (await page.request.get("/api/account/getprofileinfo")).json()).data;
    expect(profile.first_name).toBe("");
  });

  test("a phone is added, then confirmed with the code the demo mailbox shows", async ({ page }) => {
    await registerByApi(page.request, unique("profile-phone"));
    await page.goto(SETTINGS);
    const card = page.getByTestId("contact-phone");
    const mobile = randomGbMobile();
    await card.locator("#contact-phone-country").selectOption("GB");
    await card.locator("#contact-phone-value").fill(mobile);
    await card.getByRole("button", { name: tr("profile.contacts.phone.save") }).click();
    await expect(toast(page, tr("profile.contacts.phone.saved"))).toBeVisible();
    await expect(card).toContainText(mobile);
    await expect(card.locator("[data-confirmed]")).toHaveText(tr("profile.contacts.unconfirmedBadge"));

    await card.getByRole("button", { name: tr("profile.contacts.sendCode") }).click();
    await expect(toast(page, tr("profile.contacts.codeSent", { contact: mobile }))).toBeVisible();
    const code = await mailedCode(page.request, `44${mobile}`);
    // Pasted with a space, as some messages show it.
    await card.locator("#contact-phone-code").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await card.getByRole("button", { name: tr("profile.contacts.confirm") }).click();
    await expect(toast(page, tr("profile.contacts.confirmed", { contact: mobile }))).toBeVisible();
    await expect(card.locator("[data-confirmed]")).toHaveText(tr("profile.contacts.confirmedBadge"));
    await expect(card.getByTestId("contact-phone-confirm")).toHaveCount(0);
  });

  test("a wrong code and a malformed phone are refused with their message", async ({ page }) => {
    const email = unique("profile-code");
    await registerByApi(page.request, email);
    await page.goto(SETTINGS);
    const emailCard = page.getByTestId("contact-email");
    await emailCard.locator("#contact-email-code").fill("000000");
    await emailCard.getByRole("button", { name: tr("profile.contacts.confirm") }).click();
    await expect(emailCard.locator("#contact-email-code")).toHaveAttribute("aria-invalid", "true");
    await expect(emailCard.locator("#contact-email-code-error")).not.toBeEmpty();

    const phoneCard = page.getByTestId("contact-phone");
    await phoneCard.locator("#contact-phone-country").selectOption("GB");
    await phoneCard.locator("#contact-phone-value").fill("12");
    await phoneCard.getByRole("button", { name: tr("profile.contacts.phone.save") }).click();
    await expect(phoneCard.locator("#contact-phone-value")).toHaveAttribute("aria-invalid", "true");
    await expect(phoneCard.locator("#contact-phone-value-error")).toContainText("Wrong phone number");
    await expect(phoneCard.locator("#contact-phone-value")).toHaveValue("12");
  });

  test("the nickname and the language are saved; a bad nickname is refused", async ({ page }) => {
    await registerByApi(page.request, unique("profile-nick"));
    await page.goto(SETTINGS);
    const nick = `Ace${Math.floor(Math.random() * 1e8)}`;
    await page.locator("#profile-fakename").fill("ab");
    await page.getByRole("button", { name: tr("profile.nickname.save") }).click();
    await expect(page.locator("#profile-fakename")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#profile-fakename")).toHaveValue("ab");
    await page.locator("#profile-fakename").fill(nick);
    await page.getByRole("button", { name: tr("profile.nickname.save") }).click();
    await expect(toast(page, tr("profile.nickname.saved"))).toBeVisible();
    await page.locator("#profile-locale").selectOption("pt");
    await page.getByRole("button", { name: tr("profile.language.save") }).click();
    await expect(toast(page, tr("profile.language.saved"))).toBeVisible();
    const info = (await (await page.request.get("/api/account/getInfo")).json()).data;
    expect(info).toMatchObject({ fakename: nick, locale: "pt" });
  });
});

test.describe("profile pages on a phone", () => {
  for (const locale of ["en", "ar"]) {
    test(`fit a 320 px screen in ${locale}`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await registerByApi(page.request, unique("profile-narrow"));
      for (const path of [SETTINGS, "/profile/notification", "/profile/security"]) {
        await page.goto(locale === "en" ? path : `/${locale}${path}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        // Element boxes, not innerWidth: a page wider than the screen widens the layout viewport.
        // The profile menu scrolls sideways by design: its links are measured by the menu's own box.
        const overflow = await page.locator("main *").evaluateAll((els) =>
          els
            .filter((e) => !e.closest(".profile-nav ul") || e.matches(".profile-nav ul"))
            .map((e) => ({ tag: `${e.tagName}.${e.className}#${e.id}`, r: e.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0 && (r.right > 320.5 || r.left < -0.5))
            .map(({ tag, r }) => `${tag} ${Math.round(r.left)}..${Math.round(r.right)}`),
        );
        expect(overflow, path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
      }
    });
  }
});

test.describe("profile notification @nojs", () => {
  test("each contact is unsubscribed and subscribed again; the account follows", async ({ page }) => {
    const email = unique("profile-news");
    await registerByApi(page.request, email, { notify: "1" });
    await page.goto("/profile/notification");
    const card = page.getByTestId("subscription-email");
    await expect(card.locator("[data-subscribed]")).toHaveText(tr("profile.notification.subscribed"));
    await card.getByRole("button", { name: tr("profile.notification.unsubscribe") }).click();
    await expect(card.locator("[data-subscribed]")).toHaveText(tr("profile.notification.unsubscribed"));
    expect((await (await page.request.get("/api/account/getInfo")).json()).data.is_subscribed).toBe(false);
    await card.getByRole("button", { name: tr("profile.notification.subscribe") }).click();
    await expect(card.locator("[data-subscribed]")).toHaveText(tr("profile.notification.subscribed"));
    await page.getByRole("button", { name: tr("profile.notification.unsubscribeAll") }).click();
    await expect(toast(page, tr("profile.notification.allOff"))).toBeVisible();
    await expect(card.locator("[data-subscribed]")).toHaveText(tr("profile.notification.unsubscribed"));
  });

  test("a forged contact is refused with a message, not an error page", async ({ page }) => {
    await registerByApi(page.request, unique("profile-forged"));
    const res = await page.request.post("/profile/notification", {
      form: { contact: "someone@example.com", subscription: "0" },
      headers: { origin: origin() },
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("This is not one of your contacts");
  });
});

test.describe("the current section's tab is in sight", () => {
  const within = (inner: { x: number; width: number }, outer: { x: number; width: number }) =>
    inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5;

  test("desktop 1440 px: the profile's last page is shown in its strip, and so is every other", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await registerByApi(page.request, unique("tabs-desk"));
    await page.goto("/profile/responsible-game");
    const strip = page.getByRole("navigation", { name: tr("profileGames.nav.label") });
    const current = strip.locator('a[aria-current="page"]');
    await expect(current).toHaveAttribute("href", "/profile/responsible-game");
    const box = (await strip.boundingBox())!;
    for (const link of await strip.getByRole("link").all()) expect(within((await link.boundingBox())!, box), await link.innerText()).toBe(true);
  });

  test("phone: the profile strip scrolls to the page shown; the cashier's tabs, Wallet too, are all on the screen", async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerByApi(page.request, unique("tabs-phone"));
    if (javaScriptEnabled) {
      await page.goto("/profile/responsible-game");
      const strip = page.getByRole("navigation", { name: tr("profileGames.nav.label") });
      await expect.poll(async () => within((await strip.locator('a[aria-current="page"]').boundingBox())!, (await strip.boundingBox())!)).toBe(true);
    }
    await page.goto("/cashier/wallet");
    const tabs = page.getByRole("navigation", { name: tr("cashier.sections") });
    const screen = { x: 0, width: 390 };
    for (const tab of await tabs.getByRole("link").all()) expect(within((await tab.boundingBox())!, screen), await tab.innerText()).toBe(true);
    await expect(tabs.getByRole("link", { name: tr("cashier.tabs.wallet") })).toHaveAttribute("aria-current", "page");
  });
});
