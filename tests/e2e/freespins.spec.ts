import type { Page } from "@playwright/test";
import { registerByApi, unique } from "./accounts-fixtures";
import { absolute, expect, jsOn, test, tr } from "./fixtures";

/**
 * Free-spin packs (issue 18, decision 0041): a new player finds the 20 registration spins on
 * /profile/bonuses, follows Play to the game, plays the pack to zero in the studio — the balance
 * never charged — and finds what it won as a bonus to activate (or learns that nothing was won).
 * All of it also works with JavaScript off, each spin a form post.
 */

const BONUSES = "/profile/bonuses";
const studio = (page: Page) => page.frameLocator("iframe.game-frame__iframe");
const packCard = (page: Page) => page.getByTestId("bonuses-freespins").locator("article", { hasText: "20 free spins on Fortune Panda" });

test.describe("free spins @nojs", () => {
  test("the pack is listed with a Play link to its game, and a free spin takes one from it", async ({ page }) => {
    await registerByApi(page.request, unique("spins-list"));
    await page.goto(BONUSES);
    const card = packCard(page);
    await expect(card).toContainText(tr("freespins.left", { left: "20", count: "20", bet: "$0.20" }));
    await card.getByRole("link", { name: tr("freespins.playGame", { game: "Fortune Panda" }) }).click();
    await expect(page).toHaveURL(absolute("/game/fortune_panda"));
    await expect(page.locator("[data-freespins]")).toContainText(tr("freespins.gameLeft", { left: "20", bet: "$0.20" }));
    const frame = studio(page);
    await expect(frame.locator(".free")).toHaveText("Free spins: 20 of 20 left at $0.20");
    await frame.getByRole("button", { name: "Free spin" }).click();
    await expect(frame.locator("[data-freespins-left]")).toHaveText("19");
    await expect(frame.locator("[data-balance]")).toHaveText("$0");
    await page.goto(BONUSES);
    await expect(packCard(page)).toContainText(tr("freespins.left", { left: "19", count: "20", bet: "$0.20" }));
  });

  test("a pack played to zero in the studio: the balance untouched, the winnings waiting in /profile/bonuses", async ({ page }) => {
    // Without JavaScript each free spin is the studio's form post and its redirect: twenty of them.
    test.setTimeout(150_000);
    await registerByApi(page.request, unique("spins-play"));
    await page.goto(BONUSES);
    await packCard(page)
      .getByRole("link", { name: tr("freespins.playGame", { game: "Fortune Panda" }) })
      .click();
    await expect(page).toHaveURL(absolute("/game/fortune_panda"));
    const frame = studio(page);
    const spin = frame.getByRole("button", { name: "Free spin" });
    for (let left = 19; left >= 1; left--) {
      await spin.click();
      await expect(frame.locator("[data-freespins-left]")).toHaveText(String(left));
      await expect(spin).toBeEnabled();
    }
    await spin.click();
    const ended = frame.locator("[data-freespins-ended]");
    await expect(ended).toBeVisible();
    await expect(frame.locator("[data-balance]")).toHaveText("$0");
    // The studio's bet choice is back: no free spins are left on this game.
    await expect(frame.getByRole("button", { name: "Spin", exact: true })).toBeVisible();
    const text = (await ended.textContent()) ?? "";
    const won = /won (\$[\d,]+(?:\.\d\d)?)/.exec(text)?.[1];
    if (jsOn()) {
      // The game page follows the studio's rounds: what the pack won and where it waits.
      await expect(page.locator("[data-freespins-done]")).toContainText(won ? tr("freespins.gameWon", { won }) : tr("freespins.gameNothing"));
    } else {
      // Without JavaScript the page shows the pack as it was loaded; loaded again, the pack is gone.
      await page.reload();
      await expect(page.locator("[data-freespins]")).toHaveCount(0);
    }

    await page.goto(BONUSES);
    await expect(page.getByTestId("bonuses-freespins")).toContainText(tr("freespins.none"));
    const winnings = page.getByTestId("bonuses-available").locator("article", { hasText: "Free spins winnings: Fortune Panda" });
    if (won) {
      await expect(winnings).toContainText(won);
      await winnings.getByRole("button", { name: tr("profile.bonuses.activate") }).click();
      // The activate confirm (decision 0042): the X-ray, then Activate.
      await page
        .getByRole("dialog")
        .getByRole("button", { name: tr("profile.bonuses.confirm.activate") })
        .click();
      await expect(page.getByTestId("bonuses-active").locator("article")).toContainText("Free spins winnings: Fortune Panda");
    } else {
      expect(text).toContain("nothing won this time");
      await expect(winnings).toHaveCount(0);
    }
  });
});
