import { expect, test, tr } from "./fixtures";
import { fundedPlayer, home, newEvent, pick, slip, step, stakeAndPlace } from "./sportsbook-fixtures";

/**
 * A race of sports bets (issue 42, decision 0111): the seeded Matchday Race scores its participants'
 * settled real-money sports bets by their stake. The player joins on the race's page (a plain form),
 * bets from the slip, the feed ends the match, and the race's page lists the bet among their scoring
 * receipts. Other runs' players share the seeded race: the test reads only its own player's rows.
 */

test.describe("races of sports bets @nojs", () => {
  test("a player joins the matchday race, and a settled sports bet scores its stake there", async ({ page }) => {
    await fundedPlayer(page, "sb-race");
    const listed = (await (await page.request.get("/api/tournaments/get", { params: { status: "active", fields: "user_info" } })).json()).data.items as {
      id: number;
      sysname: string;
    }[];
    const race = listed.find((t) => t.sysname === "matchday-race")!;
    await page.goto(`/tournaments/${race.id}`);
    await expect(page.getByTestId("scoring-sports")).toHaveText(tr("tournaments.scoring.sportsBets.bets"));
    await expect(page.getByTestId("betting-link")).toHaveText(tr("tournaments.betSports"));
    await expect(page.getByTestId("gamehall-link")).toHaveCount(0);
    await page
      .getByTestId("tournament-me")
      .getByRole("button", { name: tr("tournaments.participate") })
      .click();
    await expect(page.getByTestId("tournament-me")).toContainText(tr("tournaments.joined"));

    const own = await newEvent(page.request);
    await pick(page, own.event_id, home(own).id);
    await stakeAndPlace(page, "5");
    await expect(page.getByTestId("bet-receipt")).toBeVisible();
    await step(page.request, own.event_id, { type: "finish", home: 1, away: 0 });

    await page.goto(`/tournaments/${race.id}`);
    const receipt = page.getByTestId("receipts").locator("tbody tr");
    await expect(receipt).toHaveCount(1);
    await expect(receipt).toContainText(tr("tournaments.receipts.sportsBet"));
    await expect(receipt.locator("[data-points]")).toHaveAttribute("data-points", "500");
    await expect
      .poll(async () => (await (await page.request.get("/api/leaderboard/get", { params: { tournament_id: String(race.id) } })).json()).data.me?.points)
      .toBe(500);
  });
});
