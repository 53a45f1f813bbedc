import type { Page } from "@playwright/test";
import { origin, payDemoDeposit, PASSWORD, popup, registerByApi, unique } from "./accounts-fixtures";
import { formatRate } from "../../app/features/loyalty/points";
import { formatMoney } from "../../core/money";
import { absolute, expect, popupEnhanced, slotOutsideJackpots, test, tr } from "./fixtures";

/**
 * The loyalty programme from the player's side (issue 20, decision 0046): real-money slot rounds
 * earn points and move the level's progress; the shop sells a bonus for points through a confirm
 * dialog (not enough points: its own dialog); the character is chosen and changed — with and
 * without JavaScript (the dialogs open from the URL).
 */

const STARTER = "starter-bonus";
/** Its price in points (a 2.00 bonus wagered 10 times is worth 1.40; 150 points are worth 1.50: decision 0058). */
const STARTER_PRICE = 150;
/** What a point is worth in the seed's programme for a USD player: 10.00 per 1,000 points (value_per_1000). */
const USD_VALUE_PER_1000 = 1000;
type Info = { points: number; experience: number; levels: { minValue: number }[] };
const info = async (page: Page) => (await (await page.request.get("/api/loyalty/getinfo")).json()).data as Info;
/** The level bar's percent for this much experience: the way from the level's floor to the next level's. */
function levelPercent({ experience, levels }: Info): number {
  const floors = levels.map((l) => l.minValue).sort((a, b) => a - b);
  const floor = floors.filter((m) => m <= experience).at(-1)!;
  const next = floors.find((m) => m > experience);
  return next === undefined ? 100 : Math.floor(((experience - floor) * 100) / (next - floor));
}
/** The loyalty notice of points credited by one round, as the seed's programme words it in English. */
const pointsNotice = (points: number) => `You earned ${points} club points.`;
const mainBalance = async (page: Page) => (await (await page.request.get("/api/account/getBalance")).json()).data.balance_main.amount as number;

/**
 * Real-money slot rounds of 50.00 until the player holds `points` points (a slot earns 1 point per
 * 10.00). Returns how many rounds it played and the money it bet, in cents.
 */
async function earn(page: Page, points: number): Promise<{ rounds: number; wagered: number }> {
  const game = await slotOutsideJackpots(page.request);
  let rounds = 0;
  let wagered = 0;
  for (let i = 0; i < 40 && (await info(page)).points < points; i++) {
    const bet = Math.min(5000, await mainBalance(page));
    if (bet < game.min_bet.amount) await payDemoDeposit(page.request, 20_000);
    const stake = Math.max(bet, game.min_bet.amount);
    const res = await page.request.post(`/platform/game/${game.sysname}/round`, {
      multipart: { bet: String(stake), mode: "real", round_id: `e2e-loyalty-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      headers: { origin: origin(), accept: "application/json" },
    });
    expect(res.status(), await res.text()).toBe(200);
    rounds += 1;
    wagered += stake;
  }
  expect((await info(page)).points).toBeGreaterThanOrEqual(points);
  return { rounds, wagered };
}

test.describe("loyalty @nojs", () => {
  test("a visitor sees the programme and the shop; Buy asks to sign in and comes back to that product's confirm", async ({
    page,
    request,
    javaScriptEnabled,
  }) => {
    // Casinos show their programme publicly (decision 0100): its levels, how points are earned, what the shop sells.
    await page.goto("/loyalty");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Playfront Club");
    await expect(page.getByTestId("loyalty-levels").locator("li")).not.toHaveCount(0);
    await expect(page.getByTestId("loyalty-levels").locator("li[aria-current]")).toHaveCount(0);
    await expect(page.getByTestId("loyalty-earn")).toBeVisible();
    await expect(page.getByTestId("loyalty-points")).toHaveCount(0);
    const join = page.getByTestId("loyalty-join");
    await expect(join.getByRole("heading", { name: tr("loyalty.join.title") })).toBeVisible();
    // The menu names it for visitors too.
    await expect(page.locator(`a[href="/loyalty"]`).first()).toBeAttached();
    await join.getByRole("link", { name: tr("loyalty.shop.title") }).click();
    await expect(page).toHaveURL(absolute("/loyalty/shop"));
    await expect(page.getByTestId("loyalty-visitor")).toHaveText(tr("loyalty.shop.visitor"));
    const product = page.locator(`[data-product="${STARTER}"]`);
    await expect(product).toContainText(tr("loyalty.shop.price", { price: String(STARTER_PRICE) }));

    // Buy: the sign-in popup over the shop, not a trip to the home page.
    const email = unique("loyal-visitor");
    await registerByApi(request, email);
    await product.getByRole("link", { name: new RegExp(tr("loyalty.shop.buy")) }).click();
    await expect(page).toHaveURL(/\/loyalty\/shop\?redirectUrl=%2Floyalty%2Fshop%3Fbuy%3D\d+&show_popup_auth=1$/);
    await expect(page.getByTestId("loyalty-visitor")).toBeVisible();
    await popupEnhanced(page, javaScriptEnabled);
    await popup(page).getByLabel(tr("auth.fields.login")).fill(email);
    await popup(page).getByLabel(tr("auth.fields.password"), { exact: true }).fill(PASSWORD);
    await popup(page)
      .getByRole("button", { name: tr("auth.authorization.submit") })
      .click();
    // Signed in: that product's dialog (a new player has no points: the not-enough-points one), and the balance.
    await expect(page).toHaveURL(/\/loyalty\/shop\?buy=\d+$/);
    await expect(page.getByTestId("loyalty-insufficient")).toBeVisible();
    await expect(page.getByTestId("loyalty-balance")).toBeVisible();
    await expect(page.getByTestId("loyalty-visitor")).toHaveCount(0);
  });

  test("a visitor's shared Buy link is the sign-in popup over the shop; buying without an account is refused", async ({ page }) => {
    await page.goto("/loyalty/shop?buy=1");
    await expect(page).toHaveURL(absolute(`/loyalty/shop?redirectUrl=${encodeURIComponent("/loyalty/shop?buy=1")}&show_popup_auth=1`));
    await expect(popup(page).getByRole("heading", { name: tr("auth.authorization.title") })).toBeVisible();
    const post = await page.request.post("/loyalty/shop", { form: { product_id: "1", key: "visitor-key-1" }, headers: { origin: origin() }, maxRedirects: 0 });
    expect(post.status()).toBe(302);
    expect(post.headers().location).toBe(`/?show_popup_auth=1&redirectUrl=${encodeURIComponent("/loyalty/shop")}`);
    // The programme of another locale is public too; an unknown locale prefix is no page.
    await page.goto("/es/loyalty");
    await expect(page.getByTestId("loyalty-join")).toBeVisible();
    expect((await page.request.get("/xx/loyalty")).status()).toBe(404);
  });

  test("a new player: the programme, no points yet, and the not-enough-points dialog in the shop", async ({ page }) => {
    await registerByApi(page.request, unique("loyal-new"));
    await page.goto("/loyalty");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Playfront Club");
    await expect(page.getByTestId("loyalty-points")).toHaveAttribute("data-points", "0");
    await expect(page.getByTestId("loyalty-return")).toHaveText(tr("loyalty.returnRateNone"));
    await expect(page.getByTestId("loyalty-levels").locator("li[aria-current]")).toHaveCount(1);
    await page
      .getByRole("link", { name: tr("loyalty.toShop") })
      .first()
      .click();
    await expect(page).toHaveURL(absolute("/loyalty/shop"));
    const product = page.locator(`[data-product="${STARTER}"]`);
    await product.getByRole("link", { name: new RegExp(tr("loyalty.shop.buy")) }).click();
    await expect(page.getByTestId("loyalty-insufficient")).toBeVisible();
    await expect(page.getByTestId("loyalty-confirm")).toHaveCount(0);
    await page
      .getByTestId("loyalty-insufficient")
      .getByRole("link", { name: tr("loyalty.shop.ok") })
      .click();
    await expect(page).toHaveURL(absolute("/loyalty/shop"));
    await expect(page.getByTestId("loyalty-insufficient")).toHaveCount(0);
  });

  test("rounds earn points and move the level; the shop's bonus is bought through its confirm and shows in the bonuses", async ({ page }) => {
    test.setTimeout(90_000);
    await registerByApi(page.request, unique("loyal-buy"));
    await payDemoDeposit(page.request, 20_000);
    await page.goto("/profile/loyalty");
    const level = page.getByTestId("loyalty-level");
    await expect(level).toHaveAttribute("data-percent", "0");
    const played = await earn(page, STARTER_PRICE);
    const before = await info(page);
    // Earning may have topped the balance up through the cashier's pages: back to the profile.
    await page.goto("/profile/loyalty");
    await expect(page.getByTestId("loyalty-points")).toHaveAttribute("data-points", String(before.points));
    // The bar: this experience's way through its level (150 points: a eighth of silver's 100–500).
    expect(levelPercent(before)).toBeGreaterThan(0);
    await expect(level).toHaveAttribute("data-percent", String(levelPercent(before)));
    // The honest figure: what the points earned are worth against the money the rounds above bet.
    const rateBp = Math.floor((before.experience * USD_VALUE_PER_1000 * 10) / played.wagered);
    await expect(page.getByTestId("loyalty-return")).toHaveText(
      tr("loyalty.returnRate", { rate: formatRate(rateBp), wagered: formatMoney({ amount: played.wagered, currency: "USD" }) }),
    );

    await page.goto("/loyalty/shop");
    const product = page.locator(`[data-product="${STARTER}"]`);
    await product.getByRole("link", { name: new RegExp(tr("loyalty.shop.buy")) }).click();
    const confirm = page.getByTestId("loyalty-confirm");
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: tr("loyalty.shop.confirm") }).click();
    await expect(page).toHaveURL(absolute("/loyalty/shop"));
    await expect(page.getByText(tr("loyalty.shop.bought", { title: "Starter bonus $2" }))).toBeVisible();
    expect((await info(page)).points).toBe(before.points - STARTER_PRICE);
    // Once per player: the product says so and has no Buy any more.
    await expect(product.getByRole("link", { name: new RegExp(tr("loyalty.shop.buy")) })).toHaveCount(0);
    await page.goto("/profile/bonuses");
    await expect(page.getByTestId("bonuses-available").locator("article", { hasText: "Starter bonus $2" })).toBeVisible();

    // The profile's history has the purchase on top; the slot quest counted the rounds, its popup says how far.
    await page.goto("/profile/loyalty");
    const history = page.getByTestId("loyalty-history");
    await expect(history.locator("li").first()).toHaveAttribute("data-reason", "purchase");
    await expect(history.locator("li").first()).toContainText(tr("loyalty.history.reason.purchase", { title: "Starter bonus $2" }));
    await expect(history.locator('li[data-reason="round"]').first()).toBeVisible();
    const quest = page.getByTestId("loyalty-quests").locator('[data-quest="slots-50"]');
    // Every round earn() played was a real-money slot round (fewer than the quest's 50).
    expect(played.rounds).toBeLessThan(50);
    await expect(quest).toHaveAttribute("data-progress", String(played.rounds));
    await quest.getByRole("link", { name: new RegExp(tr("loyalty.quests.details")) }).click();
    const popup = page.getByTestId("loyalty-quest");
    await expect(popup.getByRole("heading")).toHaveText("Play 50 slot rounds");
    await expect(popup).toContainText(tr("loyalty.quests.reward", { points: "50" }));
    await popup.getByRole("link", { name: tr("loyalty.quests.close") }).click();
    await expect(popup).toHaveCount(0);
  });

  test("the character is chosen and changed through its confirm", async ({ page }) => {
    await registerByApi(page.request, unique("loyal-char"));
    await page.goto("/profile/loyalty");
    const card = page.getByTestId("loyalty-character");
    await expect(card).toHaveAttribute("data-character", "");
    await expect(card).toContainText(tr("loyalty.character.none"));
    const change = page.getByTestId("loyalty-character-change");
    const openChange = async (label: "pick" | "change") => {
      await card.getByRole("link", { name: tr(`loyalty.character.${label}`) }).click();
      await expect(change.getByRole("heading", { name: tr("loyalty.character.pickTitle") })).toBeVisible();
    };
    const choose = async (title: string, label: "pick" | "change") => {
      await openChange(label);
      await change.getByRole("link", { name: tr("loyalty.character.choose", { title }) }).click();
      const dialog = page.getByTestId("loyalty-character-confirm");
      await expect(dialog).toContainText(tr("loyalty.character.confirmTitle", { title }));
      await dialog.getByRole("button", { name: tr("loyalty.character.confirm") }).click();
      await expect(page).toHaveURL(absolute("/profile/loyalty"));
      await expect(page.getByText(tr("loyalty.character.changed", { title }))).toBeVisible();
    };
    await choose("Fox", "pick");
    await expect(card).toHaveAttribute("data-character", "fox");
    // The change popup marks the chosen one and closes without a change.
    await openChange("change");
    await expect(change.locator('[data-character="fox"]')).toContainText(tr("loyalty.character.chosen"));
    await page.locator('[data-dialog="loyaltyCharacterChange"] .dialog__close').click();
    await expect(change).toHaveCount(0);
    // Cancel keeps the character.
    await openChange("change");
    await change.getByRole("link", { name: tr("loyalty.character.choose", { title: "Owl" }) }).click();
    await page
      .getByTestId("loyalty-character-confirm")
      .getByRole("link", { name: tr("loyalty.character.cancel") })
      .click();
    await expect(page.getByTestId("loyalty-character-confirm")).toHaveCount(0);
    await expect(card).toHaveAttribute("data-character", "fox");
    await choose("Owl", "change");
    await expect(card).toHaveAttribute("data-character", "owl");
    await expect(card).toContainText(tr("loyalty.character.current", { title: "Owl" }));
  });

  test("registration offers the characters (Later by default); the chosen one is the player's", async ({ page }) => {
    const email = unique("loyal-reg");
    await page.goto("/about?show_popup_reg=1");
    const form = popup(page);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password (6–20 characters)").fill(PASSWORD);
    await form.getByLabel(/accept the terms/).check();
    const characters = form.getByTestId("registration-characters");
    await expect(characters.getByRole("radio", { name: tr("auth.fields.characterLater") })).toBeChecked();
    await characters.getByRole("radio", { name: "Owl" }).check();
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(absolute("/cashier/deposit?register=success"));
    await page.goto("/profile/loyalty");
    await expect(page.getByTestId("loyalty-character")).toHaveAttribute("data-character", "owl");
  });

  test("bad input: an unknown programme is a 404; a forged purchase or character form is refused and changes nothing", async ({ page }) => {
    await registerByApi(page.request, unique("loyal-bad"));
    const missing = await page.goto("/loyalty/no-such-programme");
    expect(missing?.status()).toBe(404);
    const bad = await page.request.post("/loyalty/shop", { form: { product_id: "abc", key: "k" }, headers: { origin: origin() }, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
    const unknown = await page.request.post("/profile/loyalty", { form: { character_id: "999999" }, headers: { origin: origin() }, maxRedirects: 0 });
    expect(unknown.status()).toBe(404);
    expect((await info(page)).points).toBe(0);
  });
});

test.describe("loyalty notices with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "notices are fetched and shown by the browser");

  test("points earned by play show as a notice without a reload; the sound can be muted", async ({ page }) => {
    test.setTimeout(60_000);
    await registerByApi(page.request, unique("loyal-notice"));
    await payDemoDeposit(page.request, 20_000);
    await page.goto("/profile/loyalty");
    await expect(page.locator("html[data-realtime=open]")).toHaveCount(1);
    // The first interaction: notices are fetched from then on.
    await page.getByRole("heading", { level: 1 }).click();
    const sound = page.getByTestId("loyalty-sound").getByRole("checkbox");
    await expect(sound).toBeChecked();
    await sound.uncheck();
    expect(await page.evaluate(() => localStorage.getItem("loyalty_sound_muted"))).toBe("1");
    expect((await earn(page, 5)).rounds).toBe(1);
    const notice = page.getByTestId("loyalty-notice");
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute("data-trigger", "points");
    await expect(notice.locator("p")).toHaveText(pointsNotice((await info(page)).points));
    // Read: the platform has none left unread.
    await expect.poll(async () => (await (await page.request.get("/api/loyalty/getnotifications")).json()).data.items.length).toBe(0);
    await notice.getByRole("button", { name: tr("common.close") }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(sound).not.toBeChecked();
  });

  test("points earned with the page closed show on the first interaction, with the sound at half volume unless muted", async ({ page }) => {
    test.setTimeout(60_000);
    // Every play() is recorded with its volume instead of sounding (anew on each page load).
    await page.addInitScript(() => {
      const w = window as unknown as { __plays: number[] };
      w.__plays = [];
      HTMLMediaElement.prototype.play = function () {
        w.__plays.push(this.volume);
        return Promise.resolve();
      };
    });
    const plays = () => page.evaluate(() => (window as unknown as { __plays: number[] }).__plays);
    await registerByApi(page.request, unique("loyal-later"));
    await payDemoDeposit(page.request, 20_000);
    expect((await earn(page, 5)).rounds).toBe(1);
    const earned = (await info(page)).points;
    await page.goto("/profile/loyalty");
    // Hydrated, the notices' listeners in place (they mount with the realtime client).
    await expect(page.locator("html[data-realtime=open]")).toHaveCount(1);
    const notice = page.getByTestId("loyalty-notice");
    await expect(notice).toHaveCount(0);
    await page.getByRole("heading", { level: 1 }).click();
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute("data-trigger", "points");
    await expect(notice.locator("p")).toHaveText(pointsNotice(earned));
    await expect.poll(plays).toContainEqual(0.5);
    expect((await plays()).every((v) => v === 0.5)).toBe(true);

    // Muted: the next notice shows without a sound.
    await page.getByTestId("loyalty-sound").getByRole("checkbox").uncheck();
    await page.goto("about:blank");
    await earn(page, (await info(page)).points + 1);
    await page.goto("/profile/loyalty");
    await expect(page.locator("html[data-realtime=open]")).toHaveCount(1);
    await page.getByRole("heading", { level: 1 }).click();
    await expect(notice).toBeVisible();
    expect(await plays()).toEqual([]);
  });
});
