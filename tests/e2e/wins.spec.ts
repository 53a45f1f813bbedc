import type { Page } from "@playwright/test";
import { origin } from "./accounts-fixtures";
import { playerWith } from "./player-fixtures";
import { expect, slotOutsideJackpots, test } from "./fixtures";

/**
 * The home page's "Latest wins" ticker (decision 0034): real-money wins from real rounds,
 * server-rendered, and pushed live over /realtime/wins to every open page.
 */

const ticker = (page: Page) => page.locator("section.wins");
const winCard = (page: Page, id: string) => ticker(page).locator(`[data-win="${id}"]`);

/** A signed-in player in its own browser context, funded with $500 through the demo payment page. */
async function fundedPlayer(page: Page) {
  await playerWith(page.request, { tag: "winner", deposited: 50_000 });
}

/** Real rounds at the smallest bet of a slot outside the jackpots, as the game's own script posts them, until one wins. */
async function winRealRound(page: Page): Promise<{ id: string; win: number; sysname: string }> {
  const game = await slotOutsideJackpots(page.request);
  for (let i = 0; i < 100; i++) {
    const res = await page.request.post(`/platform/game/${game.sysname}/round`, {
      multipart: { bet: String(game.min_bet.amount), mode: "real", round_id: `e2e-win-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      headers: { origin: origin(), accept: "application/json" },
    });
    expect(res.status(), await res.text()).toBe(200);
    const round = (await res.json()).data;
    if (round.win > 0) return { id: round.id, win: round.win, sysname: game.sysname };
  }
  throw new Error("no round won in 100");
}

test.describe("latest wins @nojs", () => {
  test("a win is on the home page's server-rendered ticker, linking to its game, the player masked", async ({ page, browser }) => {
    const player = await browser.newContext();
    const playerPage = await player.newPage();
    await fundedPlayer(playerPage);
    const won = await winRealRound(playerPage);
    await player.close();
    // The server's list is kept for a few seconds per isolate: a reload shows the win soon after.
    await expect
      .poll(
        async () => {
          await page.goto("/");
          return winCard(page, won.id).count();
        },
        { timeout: 20_000, intervals: [1000] },
      )
      .toBe(1);
    const card = winCard(page, won.id);
    await expect(card.getByRole("link")).toHaveAttribute("href", `/game/${won.sysname}`);
    await expect(card).toContainText("$");
    await expect(card).not.toContainText("@");
  });
});

// Not @nojs: pushed wins need JavaScript.
test.describe("latest wins, live", () => {
  test("a win another player makes slides into the open ticker without a reload", async ({ page, browser }) => {
    await page.goto("/");
    await expect(ticker(page)).toHaveAttribute("data-live", "open");
    const shown = () =>
      ticker(page)
        .locator("[data-win]")
        .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-win")));
    const earlier = await shown();
    const player = await browser.newContext();
    const playerPage = await player.newPage();
    await fundedPlayer(playerPage);
    const won = await winRealRound(playerPage);
    await player.close();
    await expect(winCard(page, won.id)).toBeVisible();
    // In front of every win shown before it; other tests' real rounds (bonus-conversion.spec plays
    // 140) may slide newer wins in front of it meanwhile.
    const now = await shown();
    expect(now.slice(0, now.indexOf(won.id)).filter((id) => earlier.includes(id))).toEqual([]);
  });
});
