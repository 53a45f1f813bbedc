import type { Page } from "@playwright/test";
import { systemReturn } from "../../core/system-bets";
import { expect, jsOn, test, tr } from "./fixtures";
import { balanceMain, fundedPlayer, home, money, newEvent, type OwnEvent, pick, slip, step } from "./sportsbook-fixtures";

/**
 * System bets on the slip (issue 42, decision 0106): three to eight picks of different matches can
 * be placed as a system — every combination of a chosen size a line of its own at one stake per
 * line, the named ones (Trixie, Yankee…) by name — and each line is paid on its own. Plain forms:
 * the same without JavaScript.
 */

async function threePicks(page: Page): Promise<OwnEvent[]> {
  const events = [await newEvent(page.request), await newEvent(page.request), await newEvent(page.request)];
  for (const e of events) await pick(page, e.event_id, home(e).id);
  return events;
}

const systemKind = (page: Page) => slip(page).getByRole("radio", { name: tr("betting.system.title") });
const lineStake = (page: Page) => slip(page).getByLabel(tr("betting.system.lineStake"));

test.describe("system bets @nojs", () => {
  test("three picks placed as a Trixie: four lines at the stake per line, and only the lines that won pay", async ({ page }) => {
    await fundedPlayer(page, "sb-system");
    const events = await threePicks(page);
    await systemKind(page).check();
    // (A select inside its label takes its chosen option into its name: matched by the label's start.)
    const choose = slip(page).getByRole("combobox", { name: tr("betting.system.choose") });
    // The named full covers first, then the doubles.
    await expect(choose.locator("option")).toHaveText([
      tr("betting.system.option", { name: tr("betting.system.names.trixie"), lines: "4" }),
      tr("betting.system.option", { name: tr("betting.system.names.patent"), lines: "7" }),
      tr("betting.system.option", { name: tr("betting.system.names.doubles"), lines: "3" }),
    ]);
    await choose.selectOption("2-3");
    await lineStake(page).fill("1");
    const legs = events.map((e) => ({ odds: home(e).odds, result: null }));
    if (jsOn()) {
      await expect(slip(page).getByTestId("slip-total-stake")).toHaveText(money(400));
      await expect(slip(page).getByTestId("slip-return")).toHaveText(money(systemReturn(100, legs, 2, 3).total));
    }
    await slip(page)
      .getByRole("button", { name: tr("betting.slip.place") })
      .click();
    const receipt = page.getByTestId("bet-receipt");
    await expect(receipt).toContainText(tr("betting.system.names.trixie"));
    await expect(receipt.getByTestId("receipt-system")).toHaveText(tr("betting.system.lines", { lines: "4", stake: money(100) }));
    await expect(receipt.getByTestId("receipt-return")).toHaveText(money(systemReturn(100, legs, 2, 3).total));
    await expect(slip(page)).toContainText(tr("betting.slip.empty"));
    expect(await balanceMain(page.request)).toBe(10_000 - 400);

    // The first two home sides win, the third loses: of the four lines only the first double pays.
    await step(page.request, events[0]!.event_id, { type: "finish", home: 2, away: 0 });
    await step(page.request, events[1]!.event_id, { type: "finish", home: 1, away: 0 });
    await page.goto("/profile/bets/history?tab=sports");
    await expect(page.getByTestId("bet-system").first()).toContainText(tr("betting.system.alive", { alive: "4", lines: "4" }));
    // It can be cashed out, all of it: a system's lines are not cashed out in part (decision 0110).
    const open = page.locator("tr[data-status=open]").first();
    await expect(open.getByTestId("cashout").getByRole("button")).toHaveCount(1);
    await expect(open.getByTestId("cashout").getByRole("textbox")).toHaveCount(0);
    await step(page.request, events[2]!.event_id, { type: "finish", home: 0, away: 1 });
    const paid = Math.floor((100 * home(events[0]!).odds * home(events[1]!).odds) / 10_000);
    expect(await balanceMain(page.request)).toBe(10_000 - 400 + paid);
    await page.reload();
    const row = page.locator("[data-status=won]").filter({ hasText: tr("betting.system.names.trixie") });
    await expect(row).toContainText(money(paid));
    await expect(row.getByTestId("bet-system")).toHaveText(tr("betting.system.lines", { lines: "4", stake: money(100) }));
  });

  test("a stake per line that is not an amount, or under the minimum, is refused and places nothing", async ({ page }) => {
    await fundedPlayer(page, "sb-system-bad");
    await threePicks(page);
    await systemKind(page).check();
    await lineStake(page).fill("abc");
    await slip(page)
      .getByRole("button", { name: tr("betting.slip.place") })
      .click();
    await expect(slip(page).getByRole("alert")).toHaveText(tr("betting.errors.stake_invalid"));
    await systemKind(page).check();
    await lineStake(page).fill("0.05");
    await slip(page)
      .getByRole("button", { name: tr("betting.slip.place") })
      .click();
    await expect(slip(page).getByRole("alert")).toHaveText(tr("betting.errors.below_min_stake", { min: money(10), max: money(100_000) }));
    expect(await balanceMain(page.request)).toBe(10_000);
    await expect(slip(page).locator("[data-slip-selection]")).toHaveCount(3);
  });

  test("on a 320 px phone the system's choice and its stake per line fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await threePicks(page);
    await systemKind(page).check();
    for (const part of [slip(page).getByTestId("slip-system"), slip(page).locator(".bet-slip__kind")]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320);
    }
  });
});
