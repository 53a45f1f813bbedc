import { expect, jsOn, test, tr } from "./fixtures";
import { home, newEvent, pick, slip, step } from "./sportsbook-fixtures";

/**
 * The match tracker (issue 42, decision 0109): the event's page lists what happened, newest first —
 * each goal with its minute, its team and the score after it — and a live pick in the slip shows its
 * score and minute. With JavaScript a goal from the feed's socket brings its moment without a reload.
 */

test.describe("match tracker @nojs", () => {
  test("the event's page keeps the goals with their minute and team; the slip shows the live score", async ({ page }) => {
    const own = await newEvent(page.request);
    const teams = (await (await page.request.get("/api/sportsbook/getEvent", { params: { event_id: own.event_id } })).json()).data;
    await step(page.request, own.event_id, { type: "score", home: 1, away: 0, minute: 9 });
    await pick(page, own.event_id, home(own).id);
    const moments = page.getByTestId("match-tracker").locator("li");
    await expect(moments).toHaveCount(1);
    await expect(moments.first()).toHaveText(`9'${tr("betting.tracker.goals", { team: teams.home })}1 : 0`);
    await expect(slip(page).getByTestId("slip-live-score")).toContainText("1 : 0");
    await expect(slip(page).getByTestId("slip-live-score")).toContainText(tr("betting.minute", { minute: "9" }));

    await step(page.request, own.event_id, { type: "score", home: 1, away: 1, minute: 27 });
    // Without JavaScript the page shows it when read again; with it, the feed's socket brings it.
    if (!jsOn()) await page.reload();
    await expect(moments).toHaveCount(2);
    await expect(moments.first()).toHaveText(`27'${tr("betting.tracker.goals", { team: teams.away })}1 : 1`);
    await expect(slip(page).getByTestId("slip-live-score")).toContainText("1 : 1");
  });
});
