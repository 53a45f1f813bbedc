import type { Locator } from "@playwright/test";
import { popup, registerByApi, unique } from "./accounts-fixtures";
import { expect, popupEnhanced, test, tr } from "./fixtures";

/**
 * What inputs do to what is typed and pasted (SPEC §5, issue 41): a phone number takes its
 * country's mask as it is typed, a pasted international number picks its country, and inputs
 * that refuse emoji drop them. With JavaScript only: without it the platform takes a number masked
 * or not, with or without its code, and refuses emoji with the field's message (profile.spec.ts,
 * accounts.spec.ts).
 */

/** Pastes `text` into `input` as a player's clipboard would (a paste event carrying it). */
async function paste(input: Locator, text: string) {
  await input.focus();
  await input.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData("text/plain", t);
    const accepted = el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    // What the browser does with a paste nobody took over: the text goes in where the caret is.
    if (accepted) document.execCommand("insertText", false, t);
  }, text);
}

const gbMobile = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

test.describe("phone inputs", () => {
  test("the profile's phone takes the chosen country's mask, and a pasted international number picks its country and is saved as it", async ({ page }) => {
    await registerByApi(page.request, unique("phone-mask"));
    await page.goto("/profile/settings");
    await expect(page.locator("html[data-links]")).toBeAttached();
    const card = page.getByTestId("contact-phone");
    const country = card.locator("#contact-phone-country");
    const number = card.locator("#contact-phone-value");
    await country.selectOption("US");
    await number.pressSequentially("2025550");
    await expect(number).toHaveValue("(202) 555-0");
    await number.pressSequentially("1234");
    // No more than the mask holds.
    await expect(number).toHaveValue("(202) 555-0123");
    // Another country shows the same digits in its own mask.
    await country.selectOption("FR");
    await expect(number).toHaveValue("2 02 55 50 12");

    const mobile = gbMobile();
    await number.fill("");
    await paste(number, `+44 ${mobile.slice(0, 4)} ${mobile.slice(4)}`);
    await expect(country).toHaveValue("GB");
    await expect(number).toHaveValue(`${mobile.slice(0, 4)} ${mobile.slice(4)}`);
    await card.getByRole("button", { name: tr("profile.contacts.phone.save") }).click();
    await expect(card.locator(".profile__contact")).toContainText(`+44 ${mobile}`);

    // A national number of the chosen country stays that country's.
    await number.fill("");
    await paste(number, "7700900123");
    await expect(country).toHaveValue("GB");
    await expect(number).toHaveValue("7700 900123");
  });

  test("registration shows the phone country's code before the number and its mask as it is typed; a pasted number loses its code or picks its country", async ({
    page,
  }) => {
    await page.goto("/?show_popup_reg=1&reg_type=full");
    await popupEnhanced(page);
    const number = popup(page).getByLabel("Mobile phone");
    await expect(popup(page).locator(".field__prefix")).toHaveText("+1");
    await number.pressSequentially("2025550123");
    await expect(number).toHaveValue("(202) 555-0123");
    await number.fill("");
    await paste(number, "+1 202-555-0199");
    await expect(number).toHaveValue("(202) 555-0199");
    // Another phone country: its code before the number, its mask as typed.
    const country = popup(page).getByLabel(tr("auth.fields.phone_country_code"));
    await country.selectOption("GB");
    await expect(popup(page).locator(".field__prefix")).toHaveText("+44");
    await number.fill("");
    await number.pressSequentially("7700900123");
    await expect(number).toHaveValue("7700 900123");
    // A pasted number of a third country picks it.
    await number.fill("");
    await paste(number, "+33 6 12 34 56 78");
    await expect(country).toHaveValue("FR");
    await expect(popup(page).locator(".field__prefix")).toHaveText("+33");
    await expect(number).toHaveValue("6 12 34 56 78");
  });
});

test.describe("inputs that refuse emoji", () => {
  test("drop them as they are typed or pasted, in registration and the profile; a password keeps what is typed", async ({ page }) => {
    await page.goto("/?show_popup_reg=1&reg_type=full");
    await popupEnhanced(page);
    const first = popup(page).getByLabel("First name");
    await first.pressSequentially("An😀a");
    await expect(first).toHaveValue("Ana");
    await paste(popup(page).getByLabel("Last name"), "Sil👍🏽va");
    await expect(popup(page).getByLabel("Last name")).toHaveValue("Silva");
    await popup(page).getByLabel("Email").fill("ana🎰@example.com");
    await expect(popup(page).getByLabel("Email")).toHaveValue("ana@example.com");
    await popup(page).getByLabel("Password (6–20 characters)").fill("pa😀ss99");
    await expect(popup(page).getByLabel("Password (6–20 characters)")).toHaveValue("pa😀ss99");

    await registerByApi(page.request, unique("emoji"));
    await page.goto("/profile/settings");
    await expect(page.locator("html[data-links]")).toBeAttached();
    const email = page.getByTestId("contact-email").locator("#contact-email-value");
    await email.fill("new🚀@example.com");
    await expect(email).toHaveValue("new@example.com");
  });
});
