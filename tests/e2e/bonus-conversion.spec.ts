import type { APIRequestContext, Page } from "@playwright/test";
import { formatMoney } from "../../core/money";
import { origin } from "./accounts-fixtures";
import { playerWith } from "./player-fixtures";
import { expect, jsOn, siteHeader, test, tr } from "./fixtures";

/**
 * The welcome bonus from registration to real money (issue 18, decision 0039), certain by the
 * rules rather than by luck: a first deposit of 20.00 earns 20.00 (100 %), to wager 10 × = 200.00
 * at most 5.00 a bet. A second deposit of 200.00 covers that whole turnover with real money, which
 * is spent first; with bonus isolation off (the seeded site) every win under the bonus goes to the
 * bonus balance — so 40 rounds of 5.00 on a slot (100 % counted) wager it exactly, whatever they
 * win, and the bonus balance converts into the main balance. The bonus is activated on
 * /profile/bonuses, 39 rounds are played through the studio's real-money endpoint, the last one
 * in the game page's studio; with and without JavaScript.
 */

const BONUSES = "/profile/bonuses";
const MAX_BET = 500;
const FIRST = 2000;
const SECOND = 20_000;
const TURNOVER = 10 * FIRST;
const usd = (amount: number) => formatMoney({ amount, currency: "USD" });
const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });

/** The studio's bet options (workers/platform/demo/game-page.ts betSteps): min × 1, 2, 5, 10… up to the max. */
function betSteps(min: number, max: number): number[] {
  const steps = new Set<number>([max]);
  for (let scale = 1; min * scale <= max; scale *= 10) for (const f of [1, 2, 5]) if (min * scale * f <= max) steps.add(min * scale * f);
  return [...steps];
}

/** A slot outside the jackpots (fixtures.ts says why) whose studio offers a bet of exactly the max bet. */
async function slotForMaxBet(request: APIRequestContext): Promise<{ sysname: string; title: string }> {
  const res = await request.get("/api/games/get", { params: { options: JSON.stringify({ category: "slots", count: 48 }) } });
  expect(res.status()).toBe(200);
  type Item = { sysname: string; title: string; categories: string[]; min_bet: { amount: number }; max_bet: { amount: number } };
  const slot = ((await res.json()).data.items as Item[]).find(
    (g) => !g.categories.includes("jackpot") && betSteps(g.min_bet.amount, g.max_bet.amount).includes(MAX_BET),
  );
  expect(slot, "a slot outside the jackpots offering a 5.00 bet").toBeTruthy();
  return slot!;
}

async function balances(request: APIRequestContext): Promise<{ main: number; bonus: number }> {
  const body = await (await request.get("/api/account/getBalance")).json();
  return { main: body.data.balance_main.amount, bonus: body.data.balance_bonus.amount };
}

/** A real-money round of `bet` through the studio's endpoint, as its page's script sends it. */
async function playByApi(request: APIRequestContext, sysname: string, bet: number): Promise<void> {
  const res = await request.post(`/platform/game/${sysname}/round`, {
    multipart: { mode: "real", bet: String(bet), round_id: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    headers: { origin: origin(), accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

// Not @nojs: a long money flow whose forms (deposit, activate, the studio's spin) are each proved without JavaScript in their own specs.
test.describe("welcome bonus played down to conversion", () => {
  test("register → first deposit's welcome bonus → activated → wagered in the studio → converted into real money", async ({ page }) => {
    test.setTimeout(240_000);
    await playerWith(page.request, { tag: "bonus-conversion", deposited: [FIRST, SECOND] });
    const slot = await slotForMaxBet(page.request);

    await page.goto(BONUSES);
    await expect(siteHeader(page).locator("[data-balance]")).toHaveText(usd(FIRST + SECOND));
    const welcome = page.getByTestId("bonuses-available").locator("article", { hasText: "Welcome bonus: first deposit" });
    await expect(welcome).toContainText(usd(TURNOVER));
    await expect(welcome).toContainText(usd(MAX_BET));
    await welcome.getByRole("button", { name: tr("profile.bonuses.activate") }).click();
    // The activate confirm (decision 0042): the X-ray, then Activate.
    await page
      .getByRole("dialog")
      .getByRole("button", { name: tr("profile.bonuses.confirm.activate") })
      .click();
    await expect(toast(page, tr("profile.bonuses.activated"))).toBeVisible();
    const active = page.getByTestId("bonuses-active").locator("article");
    await expect(active).toContainText("Welcome bonus: first deposit");
    await expect(active).toContainText(tr("profile.bonuses.wagered", { done: usd(0), of: usd(TURNOVER), percent: "0" }));
    await expect(siteHeader(page).locator("[data-balance]")).toHaveText(usd(2 * FIRST + SECOND));
    expect(await balances(page.request)).toEqual({ main: FIRST + SECOND, bonus: FIRST });

    // All but the last round through the endpoint: real money pays every bet, the bonus balance only grows.
    const rounds = TURNOVER / MAX_BET;
    for (let i = 0; i < rounds - 1; i++) await playByApi(page.request, slot.sysname, MAX_BET);
    const before = await balances(page.request);
    expect(before.main).toBe(FIRST + SECOND - (rounds - 1) * MAX_BET);
    expect(before.bonus).toBeGreaterThanOrEqual(FIRST);
    await page.goto(BONUSES);
    await expect(active).toContainText(
      tr("profile.bonuses.wagered", { done: usd(TURNOVER - MAX_BET), of: usd(TURNOVER), percent: String(Math.floor(((TURNOVER - MAX_BET) * 100) / TURNOVER)) }),
    );

    // The last round in the game page's studio, at the max bet.
    await page.goto(`/game/${slot.sysname}?mode=real`);
    const frame = page.frameLocator("iframe.game-frame__iframe");
    await frame.getByLabel("Bet").selectOption(String(MAX_BET));
    await frame.getByRole("button", { name: "Spin" }).click();
    const result = frame.locator("[data-result]");
    // The studio tells a win above the stake, a part of it back ("$5 back of your $5 stake.") or nothing.
    await expect(result).toHaveText(/^(You win \$[\d,.]+!|\$[\d,.]+ back of your \$[\d,.]+ stake\.|No win this time\.)$/);
    const won = /^(?:You win \$([\d,.]+)!|\$([\d,.]+) back of your)/.exec((await result.textContent()) ?? "");
    const amount = won?.[1] ?? won?.[2];
    const win = amount ? Math.round(Number(amount.replace(/,/g, "")) * 100) : 0;

    // Converted: the bonus balance (with the last win) is now real money; nothing is left on the bonus balance.
    const converted = before.bonus + win;
    const main = before.main - MAX_BET + converted;
    await page.goto(BONUSES);
    await expect(page.getByTestId("bonuses-active")).toContainText(tr("profile.bonuses.noneActive"));
    const done = page.getByTestId("bonuses-history").locator("li", { hasText: "Welcome bonus: first deposit" });
    await expect(done).toHaveAttribute("data-status", "wagered");
    await expect(done).toContainText(tr("profile.bonuses.status.wagered"));
    await expect(siteHeader(page).locator("[data-balance]")).toHaveText(usd(main));
    expect(await balances(page.request)).toEqual({ main, bonus: 0 });
    await page.goto("/cashier/wallet");
    await expect(page.locator("[data-balance-kind=main] dd")).toHaveText(usd(main));
    await expect(page.locator("[data-balance-kind=bonus] dd")).toHaveText(usd(0));
    if (jsOn()) await expect(siteHeader(page).locator("[data-balance]")).toHaveText(usd(main));
  });
});
