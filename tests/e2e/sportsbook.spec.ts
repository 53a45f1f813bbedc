import { readFile } from "node:fs/promises";
import { SWEDE } from "./market-players";
import { origin, PASSWORD, registerByApi, unique } from "./accounts-fixtures";
import { absolute, expect, jsOn, test, tr } from "./fixtures";
import { newEvent, step, home, odds, slip, oddsButton, balanceMain, money, fundedPlayer, pick, stakeAndPlace } from "./sportsbook-fixtures";

/**
 * The sportsbook from the player's side (issue 23, decision 0073-sportsbook-page): /betting's
 * events with odds, the bet slip (a cookie the server reads, so it works without JavaScript),
 * singles and accumulators placed by the slip's form, live odds over /realtime/sports, odds that
 * moved before placing, settlement paying the win, the bets history and its export.
 *
 * Every test makes its OWN event through the feed's demo hook (POST /platform/demo/sportsbook/events,
 * autoplay off), so no two tests (or the two projects) share an event or see each other's odds move.
 */

test.describe("sportsbook @nojs", () => {
  test("lists sports and events on the server; an event's page has all its markets", async ({ page }) => {
    const own = await newEvent(page.request);
    await page.goto("/betting");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("betting.title"));
    await expect(page.getByRole("navigation", { name: tr("betting.sports") }).getByRole("link", { name: /Football/ })).toBeVisible();
    await page.goto(`/betting?event=${own.event_id}`);
    const detail = page.locator(`article[data-event="${own.event_id}"]`);
    await expect(detail.locator("[data-market]")).toHaveCount(own.markets.length);
    await expect(oddsButton(page, home(own).id).first()).toContainText(odds(home(own).odds));
  });

  test("places a single from the slip; the slip clears, the balance drops by the stake, a receipt shows", async ({ page }) => {
    await fundedPlayer(page, "sb-single");
    const own = await newEvent(page.request);
    const sel = home(own);
    await pick(page, own.event_id, sel.id);
    await page.reload(); // the slip survives a reload: the server renders it from its cookie
    await expect(slip(page).getByTestId("slip-odds")).toHaveText(odds(sel.odds));
    await stakeAndPlace(page, "5");
    const receipt = page.getByTestId("bet-receipt");
    await expect(receipt).toContainText(tr("betting.receipt.title"));
    await expect(receipt.getByTestId("receipt-return")).toHaveText(money(Math.floor((500 * sel.odds) / 100)));
    await expect(slip(page)).toContainText(tr("betting.slip.empty"));
    expect(await balanceMain(page.request)).toBe(10_000 - 500);
  });

  test("a Swedish player's bet waits for a deposit limit, as a round does; the slip says why and keeps the pick", async ({ page }) => {
    await registerByApi(page.request, unique("sb-se"), SWEDE);
    const own = await newEvent(page.request);
    const sel = home(own);
    await pick(page, own.event_id, sel.id);
    await stakeAndPlace(page, "5");
    await expect(slip(page)).toContainText(tr("betting.errors.limit_required"));
    await expect(slip(page).locator(`[data-slip-selection="${sel.id}"]`)).toBeVisible();
    await expect(page.getByTestId("bet-receipt")).toHaveCount(0);
  });

  test("places an accumulator of two own events at the product of their odds", async ({ page }) => {
    await fundedPlayer(page, "sb-acc");
    const [a, b] = [await newEvent(page.request), await newEvent(page.request)];
    await pick(page, a.event_id, home(a).id);
    await pick(page, b.event_id, home(b).id);
    await slip(page).getByLabel(tr("betting.slip.accumulator")).check();
    const combined = Math.floor((home(a).odds * home(b).odds) / 100);
    await expect(slip(page).getByTestId("slip-combined")).toHaveText(odds(combined));
    await slip(page).getByLabel(tr("betting.slip.stake"), { exact: true }).fill("2");
    await slip(page)
      .getByRole("button", { name: tr("betting.slip.place") })
      .click();
    const receipt = page.getByTestId("bet-receipt");
    await expect(receipt).toContainText(tr("betting.receipt.kinds.accumulator"));
    await expect(receipt.getByTestId("receipt-return")).toHaveText(money(Math.floor((200 * home(a).odds * home(b).odds) / 10_000)));
    expect(await balanceMain(page.request)).toBe(10_000 - 200);
  });

  test("odds that moved are refused under 'always ask', shown with the new odds, and placed once accepted", async ({ page }) => {
    await fundedPlayer(page, "sb-ask");
    const own = await newEvent(page.request);
    const sel = home(own);
    await pick(page, own.event_id, sel.id);
    const settings = page.locator("form.bet-slip__settings");
    await settings.getByLabel(tr("betting.slip.oddsChange")).selectOption("ask");
    await settings.getByRole("button", { name: tr("betting.slip.save") }).click();
    await expect(settings.getByLabel(tr("betting.slip.oddsChange"))).toHaveValue("ask");
    const moved = sel.odds + 35;
    if (jsOn()) await expect(page.locator('section.betting[data-live="open"]')).toBeVisible(); // the move comes over the socket
    await step(page.request, own.event_id, { type: "odds", selection_id: sel.id, odds: moved });
    if (!jsOn()) await page.reload();
    await expect(slip(page).getByTestId("slip-odds-changed")).toContainText(odds(moved));
    await stakeAndPlace(page, "3");
    await expect(slip(page).getByRole("alert")).toHaveText(tr("betting.errors.odds_changed"));
    expect(await balanceMain(page.request)).toBe(10_000);
    await slip(page)
      .getByRole("button", { name: tr("betting.slip.accept") })
      .click();
    await expect(slip(page).getByTestId("slip-odds")).toHaveText(odds(moved));
    await expect(slip(page).getByTestId("slip-odds-changed")).toHaveCount(0);
    await stakeAndPlace(page, "3");
    await expect(page.getByTestId("bet-receipt").getByTestId("receipt-return")).toHaveText(money(Math.floor((300 * moved) / 100)));
  });

  test("a free bet from the slip: staked from the betting bonus, its win pays the winnings without the stake", async ({ page }) => {
    await registerByApi(page.request, unique("sb-freebet"));
    const bonuses = (await (await page.request.get("/api/BettingBonuses/get")).json()).data;
    const freeBet = bonuses.available.find((b: { title: string }) => b.title === "Welcome free bet");
    const on = await page.request.post("/api/BettingBonuses/activate", { multipart: { bonus_id: freeBet.id }, headers: { origin: origin() } });
    expect(on.status(), await on.text()).toBe(200);
    const own = await newEvent(page.request);
    const sel = home(own);
    await pick(page, own.event_id, sel.id);
    await slip(page)
      .getByLabel(tr("betting.slip.useFreeBet", { amount: "$5" }))
      .check();
    await expect(slip(page)).toContainText(tr("betting.slip.freeBetSnr"));
    await stakeAndPlace(page, "5");
    // Stake not returned: a win pays stake × odds less the stake.
    const winnings = Math.floor((500 * sel.odds) / 100) - 500;
    await expect(page.getByTestId("bet-receipt").getByTestId("receipt-return")).toHaveText(money(winnings));
    const balance = async () => (await (await page.request.get("/api/account/getBalance")).json()).data;
    expect((await balance()).balance_betting_bonus.amount).toBe(0);
    expect(await balanceMain(page.request)).toBe(0);
    // Spent, the free bet is no longer offered on the slip.
    await pick(page, own.event_id, sel.id);
    await expect(slip(page).getByLabel(tr("betting.slip.useFreeBet", { amount: "$5" }))).toHaveCount(0);
    await step(page.request, own.event_id, { type: "finish", home: 1, away: 0 });
    expect(await balanceMain(page.request)).toBe(winnings);
  });

  test("a player who registers for sports betting lands on the sportsbook", async ({ page }) => {
    await page.goto("/about?show_popup_reg=1");
    const form = page.locator('[data-auth-mode="registration"]');
    await form.getByLabel("Email").fill(unique("sb-bettor"));
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByLabel(tr("auth.fields.bettingSport")).check();
    await form.getByLabel(/accept the terms/).check();
    await form.getByRole("button", { name: tr("auth.registration.submit") }).click();
    await expect(page).toHaveURL(absolute("/betting?register=success"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("betting.title"));
  });

  test("on a phone a bar at the foot of the screen counts the slip's picks and leads to it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const [a, b] = [await newEvent(page.request), await newEvent(page.request)];
    await page.goto("/betting");
    await expect(page.getByTestId("slip-bar")).toHaveCount(0);
    await pick(page, a.event_id, home(a).id);
    await pick(page, b.event_id, home(b).id);
    const bar = page.getByTestId("slip-bar");
    await expect(bar).toHaveText(`${tr("betting.slip.show", { count: "2" })} ↓`);
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.width).toBeLessThanOrEqual(390);
    await expect(slip(page)).not.toBeInViewport();
    await bar.click();
    await expect(slip(page).getByRole("heading", { name: tr("betting.slip.title"), exact: false })).toBeInViewport();
  });

  test("a visitor placing a bet is asked to sign in", async ({ page }) => {
    const own = await newEvent(page.request);
    await pick(page, own.event_id, home(own).id);
    await stakeAndPlace(page, "5");
    await expect(page).toHaveURL(/show_popup_auth=1&redirectUrl=%2Fbetting/);
  });

  test("bad filters are the 404; the bets roots go to the bet history", async ({ page }) => {
    for (const q of ["sport=Not%20a%20sport", "sport=curling", "sport=football&league=999999", "league=1", "event=abc", "event=999999999"]) {
      expect((await page.goto(`/betting?${q}`))?.status(), q).toBe(404);
    }
    expect((await page.goto("/betting?sport=football"))?.status()).toBe(200);
    await registerByApi(page.request, unique("sb-roots"));
    await page.goto("/profile/bets");
    await expect(page).toHaveURL(absolute("/profile/bets/history"));
    await page.goto("/bets/anything/else");
    await expect(page).toHaveURL(absolute("/profile/bets/history"));
  });
});

test.describe("sportsbook, live", () => {
  test("odds move on the open page without a reload, a suspended market takes no picks", async ({ page }) => {
    test.skip(!jsOn(), "live odds need JavaScript");
    const own = await newEvent(page.request);
    const sel = home(own);
    const market = own.markets.find((m) => m.kind === "match_result")!;
    await page.goto(`/betting?event=${own.event_id}`);
    // The socket opens after hydration: the page says when it is connected, then the feed moves.
    await expect(page.locator('section.betting[data-live="open"]')).toBeVisible();
    const moved = sel.odds + 50;
    await step(page.request, own.event_id, { type: "odds", selection_id: sel.id, odds: moved });
    await expect(oddsButton(page, sel.id).first()).toContainText(odds(moved));
    await expect(oddsButton(page, sel.id).first()).toHaveAttribute("data-moved", "up");
    await step(page.request, own.event_id, { type: "suspend", market_id: market.id });
    await expect(oddsButton(page, sel.id).first()).toBeDisabled();
  });

  test("a new player's notices cover neither the slip on a desktop nor the slip bar on a phone", async ({ page }) => {
    test.skip(!jsOn(), "the notices are worked out in the browser");
    await registerByApi(page.request, unique("sb-hints"));
    const own = await newEvent(page.request);
    await page.setViewportSize({ width: 1280, height: 720 });
    await pick(page, own.event_id, home(own).id);
    const notices = page.locator(".player-hints");
    await expect(notices.locator("[data-hint]").first()).toBeVisible();
    const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart((await notices.boundingBox())!, (await slip(page).boundingBox())!)).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId("slip-bar")).toBeVisible();
    expect(apart((await notices.boundingBox())!, (await page.getByTestId("slip-bar").boundingBox())!)).toBe(true);
  });

  test("finishing the event pays the win: balance, bet history and its export", async ({ page }) => {
    await fundedPlayer(page, "sb-settle");
    const own = await newEvent(page.request);
    const sel = home(own);
    await pick(page, own.event_id, sel.id);
    await stakeAndPlace(page, "10");
    const betId = await page.getByTestId("bet-receipt").locator("[data-bet]").getAttribute("data-bet");
    await step(page.request, own.event_id, { type: "finish", home: 2, away: 0 });
    const win = Math.floor((1000 * sel.odds) / 100);
    expect(await balanceMain(page.request)).toBe(10_000 - 1000 + win);
    await page.goto("/profile/bets/history?tab=sports");
    const row = page.locator(`tr[data-bet="${betId}"]`);
    await expect(row).toHaveAttribute("data-status", "won");
    await expect(row).toContainText(money(win));
    await page.goto("/profile/bets/exports");
    await page.locator("form.profile-export-form button[type=submit]").click();
    const ready = page.locator('tr[data-status="ready"]');
    await expect(ready).toHaveCount(1, { timeout: 15_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), ready.locator("a.profile-export__download").click()]);
    expect(await readFile((await download.path())!, "utf8")).toContain(betId!);
  });
});
