import type { Browser, Page } from "@playwright/test";
import { origin, payDemoDeposit, registerByApi, unique } from "./accounts-fixtures";
import { expect, slotOutsideJackpots } from "./fixtures";

/** The signed-in player's main balance, in minor units. */
export const mainBalance = async (page: Page) => (await (await page.request.get("/api/account/getBalance")).json()).data.balance_main.amount as number;

/**
 * A player who deposited 100.00 and lost at least 25.00 of it at a slot, with this week's cashback
 * computed (the demo hook closes the week: decision 0040). Rounds are random: each bets what the
 * balance holds (at most 100.00) until it is 75.00 or less — one losing round does it. Answers the
 * login and the cashback's amount.
 */
export async function playerWithCashback(browser: Browser, prefix = "cashback"): Promise<{ email: string; amount: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // A player whose week ends in profit (a rare big win early on) earns no cashback — by the rule
  // under test — so another player plays, up to five: the fixture needs a losing week, not luck.
  let email = "";
  for (let player = 0; player < 5; player++) {
    await context.clearCookies();
    email = unique(prefix);
    await registerByApi(page.request, email);
    if ((await loseAtLeast(page, 2500)) >= 2500) break;
  }
  expect(10_000 - (await mainBalance(page))).toBeGreaterThanOrEqual(2500);
  const closed = await page.request.post("/platform/demo/cashback/close-week", { headers: { origin: origin() } });
  expect(closed.status(), await closed.text()).toBe(200);
  const list = (await (await page.request.get("/api/cashbacks/get")).json()).data;
  expect(list.count).toBe(1);
  await context.close();
  return { email, amount: list.items[0].amount.amount };
}

/** Deposits 100.00 and bets what the balance holds (at most 100.00) until it is 100.00 − `loss` or less, or 50 rounds: answers the loss. */
async function loseAtLeast(page: Page, loss: number): Promise<number> {
  await payDemoDeposit(page.request, 10_000);
  const game = await slotOutsideJackpots(page.request);
  for (let i = 0, balance = await mainBalance(page); i < 50 && balance > 10_000 - loss; i++, balance = await mainBalance(page)) {
    const res = await page.request.post(`/platform/game/${game.sysname}/round`, {
      multipart: { bet: String(Math.min(balance, 10_000)), mode: "real", round_id: `e2e-cb-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      headers: { origin: origin(), accept: "application/json" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  return 10_000 - (await mainBalance(page));
}
