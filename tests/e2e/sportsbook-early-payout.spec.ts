import { expect, test, tr } from "./fixtures";
import { balanceMain, fundedPlayer, home, money, newEvent, pick, slip, step, stakeAndPlace } from "./sportsbook-fixtures";

/**
 * Early payout (issue 42, decision 0107): the event's page and the slip say that a match-result pick
 * is paid as a winner at a two-goal lead; when the feed's score gives that lead the bet is paid then,
 * and stays paid when the match turns. Plain forms: the same without JavaScript.
 */

test.describe("early payout @nojs", () => {
  test("a home pick is paid at 2–0 and stays paid when the away side comes back", async ({ page }) => {
    await fundedPlayer(page, "sb-early");
    const own = await newEvent(page.request);
    await pick(page, own.event_id, home(own).id);
    const lead = tr("betting.early.goals", { n: "2" });
    await expect(page.locator(`[data-market] >> [data-testid=early-payout]`).first()).toHaveText(tr("betting.early.note", { lead }));
    await expect(slip(page).getByTestId("slip-early-payout")).toHaveText(tr("betting.early.slip", { lead }));
    await stakeAndPlace(page, "1");
    await expect(page.getByTestId("bet-receipt")).toBeVisible();
    expect(await balanceMain(page.request)).toBe(10_000 - 100);

    await step(page.request, own.event_id, { type: "score", home: 1, away: 0, minute: 20 });
    await step(page.request, own.event_id, { type: "score", home: 2, away: 0, minute: 35 });
    const paid = Math.floor((100 * home(own).odds) / 100);
    expect(await balanceMain(page.request)).toBe(10_000 - 100 + paid);
    await step(page.request, own.event_id, { type: "finish", home: 2, away: 3 });
    expect(await balanceMain(page.request)).toBe(10_000 - 100 + paid);

    await page.goto("/profile/bets/history?tab=sports");
    const row = page.locator(`[data-status=won]`).first();
    await expect(row).toContainText(tr("profileGames.sportsBets.legResults.early"));
    await expect(row).toContainText(money(paid));
  });
});
