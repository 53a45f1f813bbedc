import type { Page } from "@playwright/test";
import { origin, payDemoDeposit, registerByApi, unique } from "./accounts-fixtures";
import { expect, jsOn, slotOutsideJackpots, test, tr } from "./fixtures";

/**
 * The wheel of fortune from the player's side (issue 21, decision 0047): spins earned by a quest
 * (3 real-money slot rounds) and by the first deposit, a spin and its reward, spins bought on the
 * premium wheel (not enough money first), the seed rotated and the spin verified in the browser —
 * and without JavaScript, the spin as a form post and every popup by its URL. The draw is random:
 * every assertion holds for any sector.
 */

type Campaign = { id: number; sysname: string; spin_balance: number };
type Spin = { id: string; reward: { type: string; amount: { amount: number } | null; units: number | null } };

const api = async <T>(page: Page, path: string, params: Record<string, string> = {}): Promise<T> => {
  const res = await page.request.get(`/api/${path}`, { params });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
};
const campaigns = (page: Page) => api<{ items: Campaign[] }>(page, "FortuneWheels/campaignsGet").then((r) => r.items);
const campaign = async (page: Page, sysname: string) => (await campaigns(page)).find((c) => c.sysname === sysname)!;
const balances = (page: Page) => api<{ balance_main: { amount: number }; balance_bonus: { amount: number } }>(page, "account/getBalance");
const points = (page: Page) => api<{ points: number }>(page, "loyalty/getinfo").then((i) => i.points);
const mySpins = (page: Page, id: number) =>
  api<{ items: Spin[] }>(page, "FortuneWheels/wheelSpinResults", { campaign_id: String(id), scope: "mine" }).then((r) => r.items);

const spinBalance = (page: Page) => page.getByTestId("wheel-spin-balance");

/** `n` real-money rounds of the smallest bet on a slot outside the jackpots (the daily quest counts slot rounds with real money). */
async function playRounds(page: Page, n: number) {
  const game = await slotOutsideJackpots(page.request);
  for (let i = 0; i < n; i++) {
    const res = await page.request.post(`/platform/game/${game.sysname}/round`, {
      multipart: { bet: String(game.min_bet.amount), mode: "real", round_id: `e2e-wheel-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      headers: { origin: origin(), accept: "application/json" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** Real-money slot rounds of up to 50.00 (topped up by demo deposits) until the player holds `target` loyalty points (a slot earns 1 point per 10.00). */
async function earnPoints(page: Page, target: number) {
  const game = await slotOutsideJackpots(page.request);
  for (let i = 0; i < 40 && (await points(page)) < target; i++) {
    if ((await balances(page)).balance_main.amount < 5000) await payDemoDeposit(page.request, 20_000);
    const res = await page.request.post(`/platform/game/${game.sysname}/round`, {
      multipart: { bet: "5000", mode: "real", round_id: `e2e-wheel-pts-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      headers: { origin: origin(), accept: "application/json" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  expect(await points(page)).toBeGreaterThanOrEqual(target);
}

/** What a spin's reward changed, checked for whichever sector it drew. */
async function expectPaid(page: Page, spin: Spin, before: { main: number; bonus: number; points: number }) {
  const after = await balances(page);
  if (spin.reward.type === "money") expect(after.balance_main.amount).toBe(before.main + spin.reward.amount!.amount);
  else expect(after.balance_main.amount).toBe(before.main);
  if (spin.reward.type === "points") expect(await points(page)).toBe(before.points + spin.reward.units!);
  if (spin.reward.type === "bonus") {
    await page.goto("/profile/bonuses");
    await expect(page.locator("main")).toContainText(/Wheel bonus/);
  }
}

test.describe("wheel of fortune", () => {
  test.skip(() => !jsOn(), "JavaScript on");

  test("a quest earns a spin; the wheel spins in the page, pays, and the spin verifies once the seed is revealed", async ({ page }) => {
    test.setTimeout(120_000);
    await registerByApi(page.request, unique("wheel-js"));
    await payDemoDeposit(page.request, 20_000);
    const daily = await campaign(page, "daily-wheel");
    // The first deposit's quest: 2 spins.
    expect(daily.spin_balance).toBe(2);
    await page.goto("/wheel-of-fortune?popup=quests");
    const quest = page.getByRole("dialog").locator('[data-quest="daily-slots-3"]');
    await expect(quest.getByTestId("wheel-quest-progress")).toContainText(tr("wheel.quests.progress", { progress: "0", target: "3" }));

    await playRounds(page, 3);
    await page.goto("/wheel-of-fortune?popup=quests");
    await expect(quest.getByTestId("wheel-quest-progress")).toContainText(tr("wheel.quests.completed"));
    // The quest history: both quests done, with the spins each gave.
    await expect(page.getByTestId("wheel-quest-history").getByRole("listitem")).toHaveCount(2);
    await expect(page.getByTestId("wheel-quest-history")).toContainText(/\+1/);
    await expect(page.getByTestId("wheel-quest-history")).toContainText(/\+2/);
    await page.goto("/wheel-of-fortune");
    await expect(spinBalance(page)).toHaveAttribute("data-spins", "3");

    const b = await balances(page);
    const before = { main: b.balance_main.amount, bonus: b.balance_bonus.amount, points: await points(page) };
    await expect(page.locator("form.wheel__spin-form[data-enhanced]")).toBeAttached();
    await page.getByRole("button", { name: tr("wheel.spin") }).click();
    const result = page.getByTestId("wheel-result");
    await expect(result).toBeVisible({ timeout: 20_000 });
    // In the page: no navigation to the no-JavaScript result.
    expect(page.url()).not.toContain("spin=");
    const [spin] = await mySpins(page, daily.id);
    expect(spin).toBeDefined();
    await expect(result.locator("[data-reward]")).toHaveAttribute("data-reward", spin!.reward.type);
    // One spin spent; an extra-spin prize gives it back.
    const extra = spin!.reward.type === "spins" ? spin!.reward.units! : 0;
    await expect(spinBalance(page)).toHaveAttribute("data-spins", String(3 - 1 + extra));
    await expectPaid(page, spin!, before);

    // The spin is in the player's list; before the seed is revealed it cannot be verified.
    await page.goto("/wheel-of-fortune");
    const hash = await page.getByTestId("wheel-server-hash").textContent();
    await page.getByTestId("wheel-my-spins").locator(`[data-spin="${spin!.id}"]`).getByRole("link").click();
    await expect(page.getByTestId("wheel-verify-pending")).toBeVisible();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: tr("wheel.fair.rotate") })
      .click();
    await expect(page.getByTestId("wheel-verify-seed")).toHaveText(/^[0-9a-f]{64}$/);
    await expect(page.getByTestId("wheel-verify-result")).toHaveAttribute("data-matches", "true");
    await expect(page.getByTestId("wheel-verify-result")).toHaveText(tr("wheel.fair.matches"));
    // A new seed is committed for the next spins.
    await page.goto("/wheel-of-fortune");
    await expect(page.getByTestId("wheel-server-hash")).not.toHaveText(hash!);
  });

  test("premium wheel: not enough money, then spins bought after a deposit and spun", async ({ page }) => {
    test.setTimeout(90_000);
    await registerByApi(page.request, unique("wheel-buy"));
    const premium = await campaign(page, "premium-wheel");
    await page.goto(`/wheel-of-fortune?campaign=${premium.id}`);
    await expect(spinBalance(page)).toHaveAttribute("data-spins", "0");
    // Beside the odds, what a spin is expected to pay back: below its price (issue 35).
    await expect(page.getByTestId("wheel-expected-return")).toContainText(tr("wheel.odds.expectedReturn", { amount: "$0.88", percent: "87.5" }));
    // A cost campaign with no spins offers Buy instead of Spin.
    await expect(page.getByRole("button", { name: tr("wheel.spin") })).toHaveCount(0);
    await page
      .locator(".wheel__stage")
      .getByRole("link", { name: tr("wheel.buy.title") })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(tr("wheel.buy.amount")).fill("2");
    await dialog.getByRole("radio", { name: /money/ }).check();
    await dialog.getByRole("button", { name: tr("wheel.buy.next") }).click();
    await expect(page.getByTestId("wheel-buy-insufficient")).toContainText(
      tr("wheel.buy.insufficientText", { spins: "2", cost: "$2", have: "$0", missing: "$2" }),
    );
    await expect(page.getByTestId("wheel-buy-insufficient").getByRole("link", { name: tr("wheel.buy.deposit") })).toHaveAttribute("href", "/cashier/deposit");

    // Paying with loyalty points (100 a spin): a new player has none, and is sent to play for them.
    await page.goto(`/wheel-of-fortune?campaign=${premium.id}&popup=buy-confirm&amount=1&pay=points`);
    const short = page.getByTestId("wheel-buy-insufficient");
    await expect(short).toContainText(tr("wheel.buy.insufficientText", { spins: "1", cost: "100", have: "0", missing: "100" }));
    await expect(short.getByRole("link", { name: tr("wheel.buy.play") })).toHaveAttribute("href", "/gamehall");

    await payDemoDeposit(page.request, 1_000);
    await page.goto(`/wheel-of-fortune?campaign=${premium.id}&popup=buy-confirm&amount=2&pay=money`);
    const confirm = page.getByTestId("wheel-buy-confirm");
    await expect(confirm).toContainText(tr("wheel.buy.confirmText", { spins: "2", cost: "$2", have: "$10", left: "$8" }));
    await confirm.getByRole("button", { name: tr("wheel.buy.confirm") }).click();
    await expect(page.getByText(tr("wheel.buy.bought", { spins: "2", balance: "2" }))).toBeVisible();
    await expect(spinBalance(page)).toHaveAttribute("data-spins", "2");
    expect((await balances(page)).balance_main.amount).toBe(800);

    await expect(page.locator("form.wheel__spin-form[data-enhanced]")).toBeAttached();
    await page.getByRole("button", { name: tr("wheel.spin") }).click();
    await expect(page.getByTestId("wheel-result")).toBeVisible({ timeout: 20_000 });
    expect((await mySpins(page, premium.id)).length).toBe(1);
    await expect(spinBalance(page)).toHaveAttribute("data-spins", "1");
  });

  test("a spin the server refuses or fails opens the error confirm; Close leaves the spins as they were", async ({ page }) => {
    test.setTimeout(60_000);
    await registerByApi(page.request, unique("wheel-fail"));
    await payDemoDeposit(page.request, 1_000);
    await page.goto("/wheel-of-fortune");
    await expect(spinBalance(page)).toHaveAttribute("data-spins", "2");
    // The platform refuses (as if the spins were spent in another tab), then fails outright.
    const answers = [
      { status: 409, body: { error: { type: "InvalidRequestException", message: "no spins", params: { code: "no_spins" } } } },
      { status: 500, body: { error: { type: "InternalServerErrorException", message: "down" } } },
    ];
    await page.route("**/api/FortuneWheels/spinWheel**", (route) => {
      const a = answers.shift()!;
      return route.fulfill({ status: a.status, contentType: "application/json", body: JSON.stringify(a.body) });
    });
    await expect(page.locator("form.wheel__spin-form[data-enhanced]")).toBeAttached();
    const error = page.getByTestId("wheel-error");
    await page.getByRole("button", { name: tr("wheel.spin") }).click();
    await expect(error).toContainText(tr("wheel.somethingWentWrong"));
    await expect(error.getByTestId("wheel-error-reason")).toHaveText(tr("wheel.errors.no_spins"));
    await error.getByRole("button", { name: tr("wheel.close") }).click();
    await expect(error).toHaveCount(0);
    await page.getByRole("button", { name: tr("wheel.spin") }).click();
    await expect(error).toContainText(tr("wheel.somethingWentWrong"));
    await expect(error.getByTestId("wheel-error-reason")).toHaveText(tr("wheel.errors.failed"));
    await error.getByRole("button", { name: tr("wheel.close") }).click();
    await expect(spinBalance(page)).toHaveAttribute("data-spins", "2");
    expect(await mySpins(page, (await campaign(page, "daily-wheel")).id)).toEqual([]);
  });
});

test.describe("wheel of fortune, client navigation", () => {
  // The odds table and the menus are kept as the server sent them, their code loaded only when the
  // browser renders them itself: a menu link followed in the browser must show the published odds.
  test("the sidebar's link opens the wheel in the page with its odds", async ({ page }) => {
    await page.goto("/gamehall");
    await expect(page.locator("[data-search-button][data-enhanced]")).toBeVisible(); // hydrated
    await page.evaluate(() => ((window as unknown as { beforeNavigation: boolean }).beforeNavigation = true));
    await page.locator('#sidebar a[href$="/wheel-of-fortune"]').first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Daily Wheel");
    await expect(page.getByTestId("wheel-odds").locator("tbody tr")).toHaveCount(8);
    await expect(page.getByTestId("wheel-odds").locator("tbody tr").first()).toContainText("15%");
    // In the same document: a client navigation, not a reload.
    expect(await page.evaluate(() => (window as unknown as { beforeNavigation?: boolean }).beforeNavigation)).toBe(true);
  });
});

test.describe("wheel of fortune @nojs", () => {
  test("a visitor sees the wheel, the odds and the rules; Spin asks to sign in; an unknown campaign is a 404", async ({ page }) => {
    await page.goto("/wheel-of-fortune");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Daily Wheel");
    await expect(page.getByTestId("wheel-svg").locator("[data-sector]")).toHaveCount(8);
    await expect(page.getByTestId("wheel-odds").locator("tbody tr")).toHaveCount(8);
    // The published odds: 5.00 casino bonus, weight 150 of 1000.
    await expect(page.getByTestId("wheel-odds").locator("tbody tr").first()).toContainText("15%");
    await page.getByRole("link", { name: tr("wheel.signInToSpin") }).click();
    await expect(page).toHaveURL(/show_popup_auth=1&redirectUrl=%2Fwheel-of-fortune/);
    await page.goto("/wheel-of-fortune?popup=rules");
    await expect(page.getByTestId("wheel-rules")).toContainText("Each spin uses one spin from your balance.");
    const res = await page.goto("/wheel-of-fortune?campaign=999999");
    expect(res?.status()).toBe(404);
  });

  test("a spin is a form post that shows the result; the popups open by their URL; the spin verifies after rotation", async ({ page }) => {
    test.setTimeout(90_000);
    await registerByApi(page.request, unique("wheel-nojs"));
    // No spins yet (free wheel): Spin is disabled and the quests are offered.
    await page.goto("/wheel-of-fortune");
    await expect(page.getByRole("button", { name: tr("wheel.spin") })).toBeDisabled();
    await expect(page.getByRole("link", { name: tr("wheel.earnSpins") })).toBeVisible();
    // A form the page never sends is a 400, not a spin.
    const bad = await page.request.post("/wheel-of-fortune", { form: { intent: "spin", campaign_id: "1" }, headers: { origin: origin() }, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
    await payDemoDeposit(page.request, 20_000);
    const daily = await campaign(page, "daily-wheel");
    await page.goto("/wheel-of-fortune");
    await expect(spinBalance(page)).toHaveAttribute("data-spins", "2");
    // With JavaScript (the js project runs this too) the same button spins in the page once hydrated.
    if (jsOn()) await expect(page.locator("form.wheel__spin-form[data-enhanced]")).toBeAttached();
    await page.getByRole("button", { name: tr("wheel.spin") }).click();
    if (!jsOn()) await expect(page).toHaveURL(/[?&]spin=/);
    const result = page.getByTestId("wheel-result");
    await expect(result).toBeVisible({ timeout: 20_000 });
    const [spin] = await mySpins(page, daily.id);
    if (!jsOn()) expect(page.url()).toContain(`spin=${spin!.id}`);
    await expect(result.locator("[data-reward]")).toHaveAttribute("data-reward", spin!.reward.type);
    const extra = spin!.reward.type === "spins" ? spin!.reward.units! : 0;
    await expect(spinBalance(page)).toHaveAttribute("data-spins", String(2 - 1 + extra));

    // Popups by URL.
    await page.goto("/wheel-of-fortune?popup=gifts");
    await expect(page.getByTestId("wheel-gifts").locator("tbody tr")).toHaveCount(8);
    await page.goto("/wheel-of-fortune?popup=received");
    // Gifts received and winners list the spins that paid something ("No luck" is not a gift).
    const paid = spin!.reward.type === "nothing" ? 0 : 1;
    await expect(page.getByTestId("wheel-received").locator(`[data-spin="${spin!.id}"]`)).toHaveCount(paid);
    if (!paid) await expect(page.getByTestId("wheel-received")).toContainText(tr("wheel.popups.receivedEmpty"));
    await page.goto("/wheel-of-fortune?popup=winners");
    await expect(page.getByTestId("wheel-winners").locator(`[data-spin="${spin!.id}"]`)).toHaveCount(paid);
    await page.goto("/wheel-of-fortune?popup=quests");
    await page.getByTestId("wheel-quests").locator('[data-quest="first-deposit"]').getByRole("link").click();
    await expect(page.getByTestId("wheel-quest")).toContainText(tr("wheel.quests.completed"));
    await page.goto("/wheel-of-fortune?popup=error&code=no_spins");
    await expect(page.getByTestId("wheel-error")).toContainText(tr("wheel.errors.no_spins"));
    await page
      .getByTestId("wheel-error")
      .getByRole("link", { name: tr("wheel.close") })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The client seed: a bad one is refused beside the field, a good one is used from the next spin.
    await page.goto("/wheel-of-fortune");
    const seed = page.getByLabel(tr("wheel.fair.newClientSeed"));
    await seed.fill("two words");
    await page.getByRole("button", { name: tr("wheel.fair.saveSeed") }).click();
    await expect(page.getByText(tr("wheel.fair.seedInvalid"))).toBeVisible();
    // The refused text stays in the field to be corrected (without JavaScript the page is the action's answer).
    await expect(seed).toHaveValue("two words");
    await seed.fill("my-lucky-seed");
    await page.getByRole("button", { name: tr("wheel.fair.saveSeed") }).click();
    await expect(page.getByText(tr("wheel.fair.seedSaved"))).toBeVisible();
    await expect(page.getByTestId("wheel-client-seed")).toHaveText("my-lucky-seed");

    // Verify: not revealed yet → rotate → the revealed seed, and the note that checking runs in the browser.
    await page.goto(`/wheel-of-fortune?verify=${spin!.id}`);
    await expect(page.getByTestId("wheel-verify-pending")).toBeVisible();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: tr("wheel.fair.rotate") })
      .click();
    await expect(page.getByTestId("wheel-verify-seed")).toHaveText(/^[0-9a-f]{64}$/);
    if (jsOn()) await expect(page.getByTestId("wheel-verify-result")).toHaveAttribute("data-matches", "true");
    else await expect(page.getByTestId("wheel-verify-nojs")).toContainText(tr("wheel.fair.inBrowser"));
    // Rotating from the panel shows the seed it revealed (the one committed after the first rotation).
    await page.goto("/wheel-of-fortune");
    const committed = await page.getByTestId("wheel-server-hash").textContent();
    await page
      .getByTestId("wheel-fairness")
      .getByRole("button", { name: tr("wheel.fair.rotate") })
      .click();
    await expect(page.getByTestId("wheel-revealed")).toContainText(/[0-9a-f]{64}/);
    await expect(page.getByTestId("wheel-server-hash")).not.toHaveText(committed!);
  });

  test("spins are bought by form: with money (the balance pays) and with loyalty points", async ({ page }) => {
    test.setTimeout(90_000);
    await registerByApi(page.request, unique("wheel-buy-form"));
    const premium = await campaign(page, "premium-wheel");
    await payDemoDeposit(page.request, 1_000);
    /** The buy popup by its URL: the amount and the way to pay, then the confirm, then Buy. */
    const buy = async (spins: string, pay: RegExp) => {
      await page.goto(`/wheel-of-fortune?campaign=${premium.id}&popup=buy`);
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(tr("wheel.buy.amount")).fill(spins);
      await dialog.getByRole("radio", { name: pay }).check();
      await dialog.getByRole("button", { name: tr("wheel.buy.next") }).click();
      return page.getByTestId("wheel-buy-confirm");
    };
    const withMoney = await buy("2", /money/);
    await expect(withMoney).toContainText(tr("wheel.buy.confirmText", { spins: "2", cost: "$2", have: "$10", left: "$8" }));
    await withMoney.getByRole("button", { name: tr("wheel.buy.confirm") }).click();
    await expect(page.getByText(tr("wheel.buy.bought", { spins: "2", balance: "2" }))).toBeVisible();
    await expect(spinBalance(page)).toHaveAttribute("data-spins", "2");
    expect((await balances(page)).balance_main.amount).toBe(800);

    await earnPoints(page, 100);
    const before = { points: await points(page), main: (await balances(page)).balance_main.amount };
    const withPoints = await buy("1", /loyalty points/);
    await expect(withPoints).toContainText(
      tr("wheel.buy.confirmText", { spins: "1", cost: "100", have: String(before.points), left: String(before.points - 100) }),
    );
    await withPoints.getByRole("button", { name: tr("wheel.buy.confirm") }).click();
    await expect(page.getByText(tr("wheel.buy.bought", { spins: "1", balance: "3" }))).toBeVisible();
    await expect(spinBalance(page)).toHaveAttribute("data-spins", "3");
    expect(await points(page)).toBe(before.points - 100);
    expect((await balances(page)).balance_main.amount).toBe(before.main);
  });
});
