import type { APIRequestContext } from "@playwright/test";
import { origin, payDemoDeposit, registerByApi, unique } from "./accounts-fixtures";
import { expect, jsOn, test } from "./fixtures";

/**
 * First-to-hit challenges (issue 43, decision 0117) on /tournaments: the seeded "Limbo ×10 challenge"
 * (the first 100 players to hit ×10 on Limbo with a bet of at least $1 win $5 each) says what it takes;
 * a player whose real Limbo round reaches ×10 takes a place, sees it and is paid; with JavaScript an
 * open page shows a place another player takes.
 */

const card = (page: import("@playwright/test").Page) => page.locator('[data-challenge="limbo-x10"]');

/**
 * Real $1 Limbo rounds at a target of ×10 (9.9 % win) until one wins: the hit (300 tries all miss with
 * odds of 2 in 10^14). Answers what the rounds won less what they cost.
 */
async function hitLimbo(request: APIRequestContext, tag: string): Promise<number> {
  let net = 0;
  for (let i = 0; i < 300; i++) {
    const res = await request.post("/platform/game/pf-limbo/round", {
      multipart: { bet: "100", mode: "real", target: "10", round_id: `e2e-${tag}-${Date.now()}-${i}` },
      headers: { origin: origin(), accept: "application/json" },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { win } = (await res.json()).data as { win: number };
    net += win - 100;
    if (win >= 1000) return net;
  }
  throw new Error("no ×10 on Limbo in 300 rounds");
}

const balance = async (request: APIRequestContext) =>
  ((await (await request.get("/api/account/getBalance")).json()).data as { balance_main: { amount: number } }).balance_main.amount;

test.describe("challenges @nojs", () => {
  test("a visitor sees what it takes; a player who hits ×10 takes a place and is paid", async ({ page }) => {
    await page.goto("/tournaments");
    await expect(card(page).getByRole("heading", { name: "Limbo ×10 challenge" })).toBeVisible();
    await expect(card(page).getByTestId("challenge-takes")).toHaveText("Play Limbo with a bet of at least $1 and win at least ×10.00 your bet.");
    await expect(card(page).getByTestId("challenge-prize")).toHaveText("$5");
    await expect(card(page).getByTestId("challenge-places")).toHaveText(/^\d+ of 100 taken$/);
    await expect(card(page).getByRole("link", { name: "Play Limbo" })).toHaveAttribute("href", "/game/pf-limbo");
    await expect(card(page).getByTestId("challenge-me")).toHaveCount(0);
    // A visitor's demo game says nothing of it: only real-money rounds take part.
    await page.goto("/game/pf-limbo");
    await expect(page.getByTestId("challenge-notice")).toHaveCount(0);

    await registerByApi(page.request, unique("challenge"));
    await payDemoDeposit(page.request, 50_000);
    await page.goto("/tournaments");
    await expect(card(page).getByTestId("challenge-me")).toHaveText("No qualifying round of yours yet.");
    // Above the player's real-money game: the challenge running on it, what it takes and where they stand.
    await page.goto("/game/pf-limbo");
    const notice = page.getByRole("complementary", { name: "Challenge on this game" });
    await expect(notice.getByText("Limbo ×10 challenge")).toBeVisible();
    await expect(notice.getByTestId("challenge-takes")).toHaveText("Play Limbo with a bet of at least $1 and win at least ×10.00 your bet.");
    await expect(notice.getByTestId("challenge-places")).toHaveText(/^Prize for each: \$5 · \d+ of 100 taken$/);
    await expect(notice.getByTestId("challenge-me")).toHaveText("No qualifying round of yours yet.");
    await expect(notice.getByRole("link", { name: "All challenges" })).toHaveAttribute("href", "/tournaments");
    // Dice's ×50 challenge is not Limbo's: one notice, this game's.
    await expect(page.getByTestId("challenge-notice")).toHaveCount(1);
    const before = await balance(page.request);
    const net = await hitLimbo(page.request, "challenge");
    // Paid by the time the round answered: the rounds' result and the $5 prize.
    expect(await balance(page.request)).toBe(before + net + 500);

    await page.goto("/game/pf-limbo");
    await expect(page.getByTestId("challenge-notice").getByTestId("challenge-me")).toHaveText(/^You took place \d+: your prize is paid\.$/);
    await page.goto("/tournaments");
    await expect(card(page).getByTestId("challenge-me")).toHaveText(/^You took place \d+: your prize is paid\.$/);
    await expect(card(page).getByTestId("challenge-claims").locator("li[data-me]")).toHaveText(/^You · ×\d+\.\d\d$/);
    // No Play button once the player has a place.
    await expect(card(page).getByRole("link", { name: "Play Limbo" })).toHaveCount(0);
  });
});

test.describe("challenges", () => {
  test("an open page shows a place another player takes", async ({ page, browser }) => {
    test.skip(!jsOn(), "live progress needs JavaScript");
    await registerByApi(page.request, unique("watcher"));
    await page.goto("/tournaments");
    const places = card(page).getByTestId("challenge-places");
    const taken = Number((await places.textContent())!.split(" ")[0]);

    const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
    try {
      await registerByApi(other.request, unique("hitter"));
      await payDemoDeposit(other.request, 50_000);
      await hitLimbo(other.request, "hitter");
    } finally {
      await other.close();
    }
    // The page asks again every 15 s while it is visible.
    await expect(places).not.toHaveText(`${taken} of 100 taken`, { timeout: 40_000 });
    await expect(card(page).getByTestId("challenge-claims").locator("li")).toHaveCount(Number((await places.textContent())!.split(" ")[0]));
  });
});
