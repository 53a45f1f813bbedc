import type { Page } from "@playwright/test";
import { expect, test, tr } from "./fixtures";
import { registerByApi, unique } from "./accounts-fixtures";
import { BRITON, SWEDE } from "./market-players";

/**
 * The self-assessment test and the market's help organisations (issue 40, decision 0093): a player
 * answers the PGSI's nine questions on either responsible-gaming page and reads their score, its
 * band and where to go next; the help listed is their market's. The same with and without JavaScript.
 */

const question = (page: Page, i: number) => page.locator(".self-test__questions > li").nth(i);
const answer = (page: Page, i: number, value: "0" | "1" | "2" | "3") =>
  question(page, i)
    .getByRole("radio", { name: tr(`responsible.selfTest.answers.${value}`), exact: true })
    .check();

test.describe("the self-assessment test @nojs", () => {
  test("a UK player's unanswered question is pointed out with the answers kept; the result says the band and the way to help", async ({ page }) => {
    await registerByApi(page.request, unique("uk-pgsi"), BRITON);
    await page.goto("/responsible-game");
    const card = page.locator("#self-test");
    await expect(card.getByRole("heading", { name: tr("responsible.selfTest.title") })).toBeVisible();
    await expect(card.locator(".self-test__questions > li")).toHaveCount(9);
    for (let i = 0; i < 8; i++) await answer(page, i, "1");
    await card.getByRole("button", { name: tr("responsible.selfTest.submit") }).click();
    await expect(question(page, 8).locator(".field-error")).toHaveText(tr("validation.required"));
    await expect(question(page, 0).getByRole("radio", { name: tr("responsible.selfTest.answers.1"), exact: true })).toBeChecked();
    await expect(card.locator(".self-test__result")).toHaveCount(0);

    await answer(page, 8, "1");
    await card.getByRole("button", { name: tr("responsible.selfTest.submit") }).click();
    const result = card.locator(".self-test__result");
    await expect(result).toHaveAttribute("data-band", "high");
    await expect(result).toContainText(tr("responsible.selfTest.result", { score: "9" }));
    await expect(result).toContainText(tr("responsible.selfTest.bands.high"));
    await expect(result.getByRole("link", { name: tr("responsible.selfTest.tools") })).toHaveAttribute("href", "/profile/responsible-game");

    // The UK's help: the National Gambling Helpline with its number, and GAMSTOP.
    const help = page.locator(".help-orgs");
    await expect(help).toHaveAttribute("data-help-market", "uk");
    await expect(help.locator("[data-org=gamcare] a[href^='tel:']")).toHaveAttribute("href", "tel:08088020133");
    await expect(help.locator("[data-org=gamstop] a")).toHaveAttribute("href", "https://www.gamstop.co.uk");
  });

  test("a Swedish player takes it on the profile page, reads a low score, and is pointed to Stödlinjen and Spelpaus", async ({ page }) => {
    await registerByApi(page.request, unique("se-pgsi"), SWEDE);
    await page.goto("/profile/responsible-game");
    for (let i = 0; i < 9; i++) await answer(page, i, i === 2 ? "2" : "0");
    await page
      .locator("#self-test")
      .getByRole("button", { name: tr("responsible.selfTest.submit") })
      .click();
    const result = page.locator(".self-test__result");
    await expect(result).toHaveAttribute("data-band", "low");
    await expect(result).toContainText(tr("responsible.selfTest.bands.low"));
    await expect(page.locator(".help-orgs li")).toHaveText([/Stödlinjen/, /Spelpaus/, /Gambling Therapy/]);
  });
});
