import { expect, jsOn, test, tr } from "./fixtures";
import { home, newEvent, odds, pick, slip, step } from "./sportsbook-fixtures";

/**
 * Share-a-slip (issue 42, decision 0108): the slip gives its own link; opening it fills the
 * visitor's slip on the server (their own picks kept), with the odds it was shared at, so each price
 * that moved since is marked and can be accepted; a link that cannot be read changes nothing and
 * says so. Plain links and forms: the same without JavaScript.
 */

test.describe("share a slip @nojs", () => {
  test("a slip's link fills another visitor's slip, marks the price that moved since, and keeps their own pick", async ({ page }) => {
    const [a, b, c] = [await newEvent(page.request), await newEvent(page.request), await newEvent(page.request)];
    await pick(page, a.event_id, home(a).id);
    await pick(page, b.event_id, home(b).id);
    const link = await slip(page).getByTestId("slip-share-url").inputValue();
    expect(new URL(link).search).toBe(`?slip=${home(a).id}:${home(a).odds},${home(b).id}:${home(b).odds}`);
    await expect(slip(page).getByRole("button", { name: tr("betting.share.copy") })).toHaveCount(jsOn() ? 1 : 0);

    // Since it was shared, b's home price moved.
    const moved = home(b).odds + 25;
    await step(page.request, b.event_id, { type: "odds", selection_id: home(b).id, odds: moved });
    // Another visitor, with a pick of their own, opens the link.
    await page.context().clearCookies();
    await pick(page, c.event_id, home(c).id);
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    await expect(page).toHaveURL(/[?&]shared=1/);
    await expect(slip(page).getByTestId("slip-shared")).toHaveText(`${tr("betting.share.opened")} ${tr("betting.share.moved", { count: "1" })}`);
    await expect(slip(page).locator("[data-slip-selection]")).toHaveCount(3);
    const movedLine = slip(page).locator(`[data-slip-selection="${home(b).id}"]`);
    await expect(movedLine.getByTestId("slip-odds-changed")).toHaveText(tr("betting.slip.oddsChanged", { from: odds(home(b).odds), to: odds(moved) }));
    await expect(
      slip(page)
        .locator(`[data-slip-selection="${home(a).id}"]`)
        .getByTestId("slip-odds-changed"),
    ).toHaveCount(0);
    await expect(slip(page).locator(`[data-slip-selection="${home(c).id}"]`)).toBeVisible();
    // The notice is said once: the next change of the slip comes back without it.
    await slip(page)
      .getByRole("button", { name: tr("betting.slip.accept") })
      .click();
    await expect(movedLine.getByTestId("slip-odds-changed")).toHaveCount(0);
    await expect(slip(page).getByTestId("slip-shared")).toHaveCount(0);

    // A link that cannot be read: said, and the slip is as it was.
    await page.goto("/betting?slip=not-a-slip");
    await expect(slip(page).getByTestId("slip-shared-bad")).toHaveText(tr("betting.share.bad"));
    await expect(slip(page).locator("[data-slip-selection]")).toHaveCount(3);
  });
});
