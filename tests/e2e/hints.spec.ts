import type { Locator, Page } from "@playwright/test";
import { mailedCode, registerByApi, unique } from "./accounts-fixtures";
import { outcomeText } from "../../workers/platform/demo/game-page";
import { absolute, expect, sidebar, siteHeader, slotOutsideJackpots, test, tr } from "./fixtures";

/**
 * A new player's hints (make a first deposit, confirm your email): one at a time, placed where
 * they cover neither the header nor the menu, and compact on a phone.
 */

const hints = (page: Page) => page.locator("[data-hint]");

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, "laid out").not.toBeNull();
  return b!;
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("hints after registration", () => {
  test("desktop: one hint at a time, clear of the header and the menu", async ({ page }) => {
    await registerByApi(page.request, unique("hints-desk"));
    await page.goto("/");
    await expect(page.locator("[data-hint=registration]")).toBeVisible();
    await expect(hints(page)).toHaveCount(1);
    const hint = await box(page.locator(".player-hints"));
    expect(overlap(hint, await box(siteHeader(page))), "covers the header").toBe(false);
    expect(overlap(hint, await box(sidebar(page))), "covers the menu").toBe(false);
    // Dismissed, the next hint takes its place.
    await page.locator("[data-hint=registration]").getByRole("button", { name: "Close notice" }).click();
    await expect(page.locator("[data-hint=confirm-contact]")).toBeVisible();
    await expect(hints(page)).toHaveCount(1);
  });

  test("phone: the hint is compact and clear of the header", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await registerByApi(page.request, unique("hints-phone"));
    await page.goto("/");
    await expect(page.locator("[data-hint=registration]")).toBeVisible();
    await expect(hints(page)).toHaveCount(1);
    const hint = await box(page.locator(".player-hints"));
    expect(hint.height, "height of a 844 px screen").toBeLessThanOrEqual(0.2 * 844);
    expect(hint.x).toBeGreaterThanOrEqual(0);
    expect(hint.x + hint.width).toBeLessThanOrEqual(390);
    expect(overlap(hint, await box(siteHeader(page))), "covers the header").toBe(false);
  });
});

test.describe("the confirm-contact hint", () => {
  test("leads to the profile, where the mailed code confirms the email", async ({ page }) => {
    const email = unique("hints-code");
    await registerByApi(page.request, email);
    await page.goto("/");
    await page.locator("[data-hint=registration]").getByRole("button", { name: "Close notice" }).click();
    const hint = page.locator("[data-hint=confirm-contact]");
    await hint.getByRole("button", { name: tr("hints.confirm.action") }).click();
    // Sent, or asked too soon after registration's own code: either way the code is entered in the profile.
    await hint.getByRole("link", { name: tr("hints.confirm.enterCode") }).click();
    await expect(page).toHaveURL(absolute("/profile/settings"));
    const card = page.getByTestId("contact-email");
    await card.locator("#contact-email-code").fill(await mailedCode(page.request, email));
    await card.getByRole("button", { name: tr("profile.contacts.confirm") }).click();
    await expect(card.locator("[data-confirmed]")).toHaveText(tr("profile.contacts.confirmedBadge"));
  });
});

test.describe("hints and games", () => {
  test("no hint floats over a game: it covered the studio's Spin button; it shows again off the game", async ({ page }) => {
    await registerByApi(page.request, unique("hints-game"));
    const game = await slotOutsideJackpots(page.request);
    await page.goto(`/game/${game.sysname}?mode=demo`);
    // The player's page extras are live (the realtime channel is open): a hint would be up by now,
    // over the Spin button of a 1280 px desktop, and the click below would be intercepted.
    await expect(page.locator("html")).toHaveAttribute("data-realtime", "open", { timeout: 10_000 });
    const studio = page.frameLocator("iframe.game-frame__iframe");
    // The round the studio plays, as the platform answered it: the page must show that result.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `/platform/game/${game.sysname}/round` && r.request().method() === "POST"),
      studio.getByRole("button", { name: "Spin" }).click(),
    ]);
    const round = (await answer.json()).data as { win: number; bet: number; currency: string };
    // In the studio's own words (a return of the stake or less is no win: outcomeText).
    await expect(studio.locator("[data-result]")).toHaveText(outcomeText(round.win, round.bet, round.currency).text);
    await expect(hints(page)).toHaveCount(0);
    // In place, to a page that is not a game: the hint is back.
    await sidebar(page).getByRole("link", { name: "Home" }).click();
    await expect(page.locator("[data-hint=registration]")).toBeVisible();
  });
});
