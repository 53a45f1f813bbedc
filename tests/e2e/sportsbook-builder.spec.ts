import type { Page } from "@playwright/test";
import { expect, jsOn, test, tr } from "./fixtures";
import { balanceMain, fundedPlayer, home, money, newEvent, type OwnEvent, odds, pick, slip, step } from "./sportsbook-fixtures";

/**
 * The bet builder on the slip (issue 42, decisions 0102–0104): picks of one match become one bet
 * priced together, the fair price beside the offered one; both teams to score and a correct score
 * are the builder's own legs on the event's page; legs that cannot win together are refused with
 * the reason. Plain forms: the same without JavaScript.
 */

/** The event's total-goals over on a half line: a leg a builder takes. */
const over = (e: OwnEvent) => e.markets.find((m) => m.kind === "total" && m.line !== null && m.line % 100 !== 0)!.selections.find((s) => s.outcome === "over")!;

/** Adds both teams to score (yes or no) from the event's page. */
async function btts(page: Page, answer: "yes" | "no") {
  const extras = page.getByTestId("builder-extras");
  await extras
    .getByRole("group", { name: tr("betting.builder.btts") })
    .getByRole("button", { name: tr(`betting.builder.${answer}`) })
    .click();
  await expect(slip(page).locator("[data-slip-leg$='btts:" + answer + "']")).toBeVisible();
}

test.describe("bet builder @nojs", () => {
  test("picks of one match are a bet builder: the offered price beside the fair one, placed at it", async ({ page }) => {
    await fundedPlayer(page, "sb-builder");
    const own = await newEvent(page.request);
    await pick(page, own.event_id, home(own).id);
    await pick(page, own.event_id, over(own).id);
    await btts(page, "yes");

    const builder = slip(page).getByTestId("slip-builder");
    // With a builder's own leg on it, the slip is one bet builder (no singles to choose).
    await expect(slip(page)).toContainText(tr("betting.builder.only"));
    await expect(slip(page).locator("[data-slip-leg]")).toContainText(tr("betting.builder.legBtts", { answer: tr("betting.builder.yes") }));
    const [offered, fair, independent] = await Promise.all(
      ["builder-odds", "builder-fair", "builder-independent"].map(async (id) => Number(await builder.getByTestId(id).textContent())),
    );
    // The platform's quote, shown as it is: the margin makes the offer lower than the fair price.
    const quote = (
      await (
        await page.request.get("/api/sportsbook/priceBuilder", {
          params: {
            event_id: own.event_id,
            legs: `result:home,total:over:${own.markets.find((m) => m.kind === "total" && m.line! % 100 !== 0)!.line},btts:yes`,
          },
        })
      ).json()
    ).data;
    expect([offered, fair, independent]).toEqual([quote.odds / 100, quote.fair_odds / 100, quote.independent_odds / 100]);
    expect(offered!).toBeLessThan(fair!);
    await expect(builder).toContainText(tr("betting.builder.explain"));

    await slip(page).getByLabel(tr("betting.slip.stake"), { exact: true }).fill("2");
    if (jsOn()) await expect(slip(page).getByTestId("slip-return")).toHaveText(money(Math.floor((200 * quote.odds) / 100)));
    await slip(page)
      .getByRole("button", { name: tr("betting.slip.place") })
      .click();
    const receipt = page.getByTestId("bet-receipt");
    await expect(receipt).toContainText(tr("betting.receipt.kinds.builder"));
    await expect(receipt.getByTestId("receipt-return")).toHaveText(money(Math.floor((200 * quote.odds) / 100)));
    await expect(slip(page)).toContainText(tr("betting.slip.empty"));
    expect(await balanceMain(page.request)).toBe(10_000 - 200);

    // 2–1: all three legs win; the bet pays its price.
    await step(page.request, own.event_id, { type: "finish", home: 2, away: 1 });
    expect(await balanceMain(page.request)).toBe(10_000 - 200 + Math.floor((200 * quote.odds) / 100));
  });

  test("a correct score is a leg of its own; legs that add nothing or cannot win together are refused with the reason", async ({ page }) => {
    const own = await newEvent(page.request);
    await pick(page, own.event_id, home(own).id);
    const extras = page.getByTestId("builder-extras");
    await extras.locator("input[name=home]").fill("2");
    await extras.locator("input[name=away]").fill("1");
    await extras.getByRole("button", { name: tr("betting.builder.addScore") }).click();
    const score = slip(page).locator("[data-slip-leg$='score:2-1']");
    await expect(score).toContainText(tr("betting.builder.legScore", { home: "2", away: "1" }));
    // A 2–1 is a home win already: the home pick adds nothing.
    await expect(slip(page).getByTestId("slip-builder")).toHaveText(tr("betting.errors.leg_adds_nothing"));
    // Another score replaces the first (two scores cannot both win); 0–0 with a home win cannot win at all.
    await extras.locator("input[name=home]").fill("0");
    await extras.locator("input[name=away]").fill("0");
    await extras.getByRole("button", { name: tr("betting.builder.addScore") }).click();
    await expect(slip(page).locator("[data-slip-leg]")).toHaveCount(1);
    await expect(slip(page).getByTestId("slip-builder")).toHaveText(tr("betting.errors.contradictory"));
    // Taking the score off leaves the single.
    await slip(page)
      .getByRole("button", { name: tr("betting.builder.remove", { label: tr("betting.builder.legScore", { home: "0", away: "0" }) }) })
      .click();
    await expect(slip(page).locator("[data-slip-leg]")).toHaveCount(0);
    await expect(slip(page).getByTestId("slip-builder")).toHaveCount(0);
    await expect(slip(page).locator(`[data-slip-selection="${home(own).id}"]`)).toBeVisible();
  });

  test("two picks of one match offer singles or a bet builder, the builder first", async ({ page }) => {
    await fundedPlayer(page, "sb-builder-kinds");
    const own = await newEvent(page.request);
    await pick(page, own.event_id, home(own).id);
    await pick(page, own.event_id, over(own).id);
    await expect(slip(page).getByLabel(tr("betting.slip.builder"))).toBeChecked();
    await expect(slip(page).getByLabel(tr("betting.slip.accumulator"))).toHaveCount(0);
    await expect(slip(page).getByTestId("builder-odds")).toBeVisible();
    // Singles: the builder's price goes, each pick takes its own stake.
    await slip(page).getByText(tr("betting.slip.singles")).click();
    await expect(slip(page).getByTestId("slip-builder")).toBeHidden();
    const stakes = slip(page).getByLabel(tr("betting.slip.stakeFor", { label: "" }).trim());
    await expect(stakes).toHaveCount(2);
    await stakes.first().fill("1");
    await slip(page)
      .getByRole("button", { name: tr("betting.slip.place") })
      .click();
    await expect(page.getByTestId("bet-receipt")).toContainText(tr("betting.receipt.kinds.single"));
    expect(await balanceMain(page.request)).toBe(10_000 - 100);
  });

  test("on a 320 px phone the builder's legs, its prices and the correct-score form fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    const own = await newEvent(page.request);
    await pick(page, own.event_id, home(own).id);
    await btts(page, "yes");
    for (const part of [page.getByTestId("builder-extras"), slip(page).getByTestId("slip-builder"), slip(page).locator("[data-slip-leg]")]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
    await expect(slip(page).getByTestId("builder-margin")).toBeVisible();
  });

  test("builder legs go only with picks of their own match", async ({ page }) => {
    const [a, b] = [await newEvent(page.request), await newEvent(page.request)];
    await pick(page, a.event_id, home(a).id);
    await pick(page, b.event_id, home(b).id);
    await btts(page, "no");
    await expect(slip(page).getByTestId("slip-builder-one-event")).toHaveText(tr("betting.builder.oneEvent"));
    await expect(slip(page).locator(`[data-slip-selection="${home(a).id}"]`)).toContainText(odds(home(a).odds));
  });
});
