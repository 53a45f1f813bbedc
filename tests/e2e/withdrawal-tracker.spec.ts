import AxeBuilder from "@axe-core/playwright";
import { payDemoDeposit, readyToWithdraw, registerByApi, submitWithdrawal, unique } from "./accounts-fixtures";
import { expect, jsOn, test, tr } from "./fixtures";

/**
 * The withdrawal tracker (issue 43, decision 0112): a requested withdrawal shows its stages —
 * requested (done, with its time), approved (the current step), sent, paid — what it waits for and
 * when it is expected paid, on the withdraw page and on its receipt; the withdraw page publishes the
 * site's own approval times. With and without JavaScript.
 */

test.describe("withdrawal tracker @nojs", () => {
  test("a requested withdrawal shows its stages, what it waits for and when it is expected paid; the site's approval times are published", async ({ page }) => {
    const email = unique("tracker");
    await registerByApi(page.request, email);
    await payDemoDeposit(page.request, 10000);
    await readyToWithdraw(page.request, email);

    await page.goto("/cashier/withdraw");
    // The site's own approval times over the last 7 days, from every approval it recorded (the demo's seeded week included).
    const times = page.getByTestId("payout-times");
    await expect(times.getByRole("heading", { name: tr("cashier.payoutTimes.title") })).toBeVisible();
    const count = Number(await times.locator("[data-count]").getAttribute("data-count"));
    expect(count).toBeGreaterThanOrEqual(20);
    await expect(times.locator("p")).toContainText(`(${count} `);
    const median = Number(await times.locator("[data-median]").getAttribute("data-median"));
    const p95 = Number(await times.locator("[data-p95]").getAttribute("data-p95"));
    expect(median).toBeGreaterThan(0);
    expect(p95).toBeGreaterThanOrEqual(median);

    await submitWithdrawal(page);
    await expect(page.getByText(tr("cashier.withdraw.requested"))).toBeVisible();
    const item = page.locator(".cashier__pending-item");
    await expect(item).toHaveCount(1);
    const progress = item.getByTestId("withdrawal-progress");
    const stages = progress.getByRole("list", { name: tr("cashier.tracker.label") }).getByRole("listitem");
    await expect(stages).toHaveCount(4);
    await expect(stages.nth(0)).toHaveAttribute("data-state", "done");
    await expect(stages.nth(0)).toContainText(tr("cashier.tracker.stages.requested"));
    await expect(stages.nth(0).locator("time")).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{1,2}:\d{2}$/);
    await expect(stages.nth(1)).toHaveAttribute("aria-current", "step");
    await expect(stages.nth(2)).toHaveAttribute("data-state", "upcoming");
    await expect(stages.nth(3)).toHaveAttribute("data-state", "upcoming");
    // What it waits for now (the automatic checks) and by when, and when it is expected paid.
    const wait = progress.locator("[data-waiting]");
    await expect(wait).toHaveAttribute("data-waiting", "checks");
    await expect(wait).toHaveText(new RegExp(`^${tr("cashier.tracker.waiting.checks", { time: "XX" }).replace("XX", ".+")}$`));
    await expect(progress.locator("[data-expected]")).toBeVisible();
    if (jsOn()) expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

    // The receipt shows the same progress, and the history's Cancel is still offered (it is not sent yet).
    await page.goto("/cashier/history?type=withdrawal");
    const row = page.locator("tbody tr").first();
    await expect(row.getByRole("button", { name: tr("cashier.withdraw.cancelOf", { amount: "$20" }) })).toBeVisible();
    await row.getByRole("link", { name: tr("cashier.history.details") }).click();
    await expect(page).toHaveURL(/\/cashier\/receipt\?transaction=/);
    const receipt = page.getByTestId("withdrawal-progress");
    await expect(receipt.locator("[data-stage=approved]")).toHaveAttribute("data-state", "current");
    await expect(receipt.locator("[data-waiting]")).toHaveAttribute("data-waiting", "checks");

    // On a 320 px phone the four stages fit beside each other, nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto("/cashier/withdraw");
    const box = await progress.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    for (const stage of await stages.all()) {
      const b = (await stage.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(320);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
