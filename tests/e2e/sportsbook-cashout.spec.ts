import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, jsOn, test, tr } from "./fixtures";
import { balanceMain, fundedPlayer, home, money, newEvent, pick, step, stakeAndPlace, fitPhone } from "./sportsbook-fixtures";

/**
 * Cash out from the player's bets (issue 42, decision 0105): an open bet offers what it is worth now;
 * all of it, or a part typed in, is a plain form, so it works without JavaScript.
 */

/** Places a single of `stake` (in whole units) on the home side of a fresh event; answers its row on the bets page. */
async function openBet(page: Page, stake: string, own?: Awaited<ReturnType<typeof newEvent>>) {
  own ??= await newEvent(page.request);
  await pick(page, own.event_id, home(own).id);
  await stakeAndPlace(page, stake);
  await expect(page.getByTestId("bet-receipt")).toBeVisible();
  await page.goto("/profile/bets/history?tab=sports");
  return page.locator("tr[data-status=open]").first();
}

const amountOf = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

test.describe("cash out @nojs", () => {
  test("an open bet is cashed out in full at the value offered: the bet shows cashed out, the money is on the balance", async ({ page }) => {
    await fundedPlayer(page, "sb-cashout");
    const row = await openBet(page, "5");
    // The first button is all of it: "Cash out $4.63".
    const full = row.getByTestId("cashout").getByRole("button").first();
    const value = amountOf(await full.textContent());
    expect(value).toBeGreaterThan(0);
    await full.click();
    const done = page.locator("tr[data-status=cashed_out]");
    await expect(done).toHaveCount(1);
    await expect(done).toContainText(tr("profileGames.sportsBets.statuses.cashed_out"));
    await expect(done).toContainText(tr("profileGames.sportsBets.cashOut.paid", { amount: money(value) }));
    expect(await balanceMain(page.request)).toBe(10_000 - 500 + value);
  });

  test("a part is cashed out and the rest rides; a part out of range is refused with the range", async ({ page }) => {
    await fundedPlayer(page, "sb-cashout-part");
    const row = await openBet(page, "10");
    const form = row.getByTestId("cashout");
    await form.getByRole("textbox").fill("100000");
    await form.getByRole("button", { name: tr("profileGames.sportsBets.cashOut.part") }).click();
    const refused = page.getByTestId("cashout-error");
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(money(10));
    await page.locator("tr[data-status=open]").first().getByTestId("cashout").getByRole("textbox").fill("2");
    await page
      .locator("tr[data-status=open]")
      .first()
      .getByTestId("cashout")
      .getByRole("button", { name: tr("profileGames.sportsBets.cashOut.part") })
      .click();
    const still = page.locator("tr[data-status=open]").first();
    await expect(still).toContainText(tr("profileGames.sportsBets.cashOut.paid", { amount: money(200) }));
    await expect(still.getByTestId("cashout")).toBeVisible();
    expect(await balanceMain(page.request)).toBe(10_000 - 1_000 + 200);
  });

  test("an auto cash-out is refused out of range, set, and cashes the bet out by itself when the odds get there", async ({ page }) => {
    await fundedPlayer(page, "sb-cashout-auto");
    const own = await newEvent(page.request);
    const row = await openBet(page, "10", own);
    const value = amountOf(await row.getByTestId("cashout").getByRole("button").first().textContent());
    const auto = row.getByTestId("cashout-auto");
    await auto.getByRole("textbox").fill("100000");
    await auto.getByRole("button", { name: tr("profileGames.sportsBets.cashOut.autoSet") }).click();
    const refused = page.getByTestId("cashout-error");
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(money(value + 1));
    // Just above the value now: the threshold shows on the bet.
    const threshold = value + 1;
    const open = page.locator("tr[data-status=open]").first();
    await open
      .getByTestId("cashout-auto")
      .getByRole("textbox")
      .fill((threshold / 100).toFixed(2));
    await open
      .getByTestId("cashout-auto")
      .getByRole("button", { name: tr("profileGames.sportsBets.cashOut.autoSet") })
      .click();
    await expect(page.getByTestId("cashout-auto-at")).toHaveText(tr("profileGames.sportsBets.cashOut.autoAt", { amount: money(threshold) }));
    // The home side shortens in the feed: the bet is worth more than the threshold, and is cashed out.
    await step(page.request, own.event_id, { type: "odds", selection_id: home(own).id, odds: 120 });
    await page.reload();
    const done = page.locator("tr[data-status=cashed_out]");
    await expect(done).toHaveCount(1);
    await expect(done.getByTestId("cashout-auto-done")).toHaveText(tr("profileGames.sportsBets.cashOut.autoDone"));
    const paid = amountOf(await done.locator(".profile-games__cashed").textContent());
    expect(paid).toBeGreaterThanOrEqual(threshold);
    expect(await balanceMain(page.request)).toBe(10_000 - 1_000 + paid);
  });

  test("on a 320 px phone each bet is a card: the cash-out, its part and the auto cash-out fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await fundedPlayer(page, "sb-cashout-phone");
    const row = await openBet(page, "5");
    const parts = [
      row.getByTestId("cashout").getByRole("button").first(),
      row.getByTestId("cashout").getByRole("textbox"),
      row.getByTestId("cashout-auto").getByRole("textbox"),
      row.getByTestId("cashout-auto").getByRole("button"),
    ];
    await fitPhone(320, ...parts);
    // Each line says what it is: the column's header beside the value.
    await expect(row.locator("td[data-label]").first()).toHaveAttribute("data-label", tr("profileGames.sportsBets.placed"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Still a table to assistive technology (its roles kept where CSS stacks it); axe runs in the page's JavaScript.
    if (jsOn()) expect((await new AxeBuilder({ page }).include("table").analyze()).violations.map((v) => v.id)).toEqual([]);
    await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(7);
  });
});
