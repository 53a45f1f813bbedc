import { expect, test, tr } from "./fixtures";
import { fitPhone, home, newEvent, pick, slip, step } from "./sportsbook-fixtures";

/**
 * Issue 42's features on a 320 px phone (the builder's, the system's and cash out's are beside their
 * own tests): the match tracker and early payout on the event's page, the slip's live score, early
 * payout hint and share link, and a shared slip's notice, each on screen, the page never wider.
 */

test.describe("sportsbook on a phone @nojs", () => {
  test("the tracker, early payout, the slip's live score and share link, and a shared slip fit a 320 px screen", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const own = await newEvent(page.request);
    await step(page.request, own.event_id, { type: "score", home: 1, away: 0, minute: 12 });
    await pick(page, own.event_id, home(own).id);
    await fitPhone(
      320,
      page.getByTestId("match-tracker").locator("li").first(),
      page.locator("[data-market] >> [data-testid=early-payout]").first(),
      slip(page).getByTestId("slip-live-score"),
      slip(page).getByTestId("slip-early-payout"),
      slip(page).getByTestId("slip-share-url"),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    const link = new URL(await slip(page).getByTestId("slip-share-url").inputValue());
    await page.context().clearCookies();
    await page.goto(link.pathname + link.search);
    await expect(slip(page).getByTestId("slip-shared")).toContainText(tr("betting.share.opened"));
    await fitPhone(320, slip(page).getByTestId("slip-shared"), slip(page).locator(`[data-slip-selection="${home(own).id}"]`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
