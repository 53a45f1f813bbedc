import type { Page } from "@playwright/test";
import { demoDeposit, origin, registerByApi, unique } from "./accounts-fixtures";
import { expect, getNoFollow, SEED, siteHeader, test } from "./fixtures";

/**
 * Jackpots (issue 5, decision 0017): /jackpots server-rendered with formatted pools, a jackpot's
 * page with its games and the CMS meta template, growth from a real round, /winners, the 404s.
 */

/** The seeded pools (migrations/0011_jackpots.sql) and their opening amounts in cents. */
const SEEDED = [
  { sysname: "mini", name: "Mini", opening: 18250 },
  { sysname: "major", name: "Major", opening: 342075 },
  { sysname: "mega", name: "Mega", opening: 4718930 },
];

/** SPEC §9 dollars: "$47,189.30", "$1,000". */
const usd = (cents: number) => {
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  return `$${whole}${cents % 100 ? `.${String(cents % 100).padStart(2, "0")}` : ""}`;
};

const card = (page: Page, sysname: string) => page.locator(`.jackpot-card[data-jackpot="${sysname}"]`);
const amountOf = async (page: Page, sysname: string) => Number(await card(page, sysname).locator("[data-amount]").getAttribute("data-amount"));

/** Funds the signed-in player with $50 through the demo payment page, as game-page.spec.ts does. */
async function deposit(page: Page) {
  await demoDeposit(page, 5000);
  await expect(siteHeader(page).locator("[data-balance]")).toHaveText("$50");
}

/** One real $10 round of a Mini game, as the game's own script posts it. */
async function playReal(page: Page) {
  const [mini] = (await (await page.request.get("/api/Jackpots/get?id=1")).json()).data;
  const sysname = mini.games[0] as string;
  const res = await page.request.post(`/platform/game/${sysname}/round`, {
    multipart: { bet: "1000", mode: "real", round_id: `e2e-jp-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    headers: { origin: origin(), accept: "application/json" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe("jackpots @nojs", () => {
  test("/jackpots lists the seeded jackpots with formatted amounts, each linking to its page", async ({ page }) => {
    await page.goto("/jackpots");
    await expect(page.locator(".jackpot-card")).toHaveCount(3);
    for (const j of SEEDED) {
      await expect(card(page, j.sysname).getByRole("heading", { name: j.name })).toBeVisible();
      await expect(card(page, j.sysname).locator(".jackpot-card__amount")).toHaveText(/^\$[\d,]+(\.\d\d)?$/);
    }
    // The text is the data-amount in SPEC §9 format (pools may have grown from other tests' rounds).
    for (const j of SEEDED) {
      const cents = await amountOf(page, j.sysname);
      expect(cents).toBeGreaterThanOrEqual(j.opening);
      await expect(card(page, j.sysname).locator(".jackpot-card__amount")).toHaveText(usd(cents));
    }
    await card(page, "major").getByRole("link").click();
    await expect(page).toHaveURL(/\/jackpots\/2$/);
  });

  test("a jackpot's page shows its pool, rules, games and the meta title from the template", async ({ page }) => {
    await page.goto("/jackpots/3");
    await expect(page.getByRole("heading", { level: 1, name: "Mega" })).toBeVisible();
    const amount = (await page.locator(".jackpot-page__amount").textContent())!;
    expect(amount).toMatch(/^\$[\d,]+(\.\d\d)?$/);
    await expect(page).toHaveTitle(`Mega jackpot: ${amount} | ${SEED.siteName}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      new RegExp(`^The Mega jackpot stands at ${amount.replace(/[$.]/g, "\\$&")}`),
    );
    await expect(page.locator(".jackpot-page__rules li")).toHaveCount(3);
    const tiles = page.locator(".game-tile");
    expect(await tiles.count()).toBeGreaterThan(0);
    await expect(tiles.first().getByRole("link")).toHaveAttribute("href", /^\/game\/[a-z0-9_-]+$/);
  });

  test("/winners shows the winners table or its empty state", async ({ page }) => {
    const res = await page.goto("/winners");
    expect(res!.status()).toBe(200);
    await expect(page.locator("table.winners, .winners__empty")).toHaveCount(1);
  });

  test("bad and unknown ids and winner pages past the end are 404s", async ({ page }) => {
    for (const path of ["/jackpots/abc", "/jackpots/0", "/jackpots/999", "/winners?offset=1000"]) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(404);
    }
  });
});

// Not @nojs: redirects read from the HTTP answer, which no browser setting changes.
test.describe("jackpot URLs", () => {
  test("a winners offset that is not a page start redirects to the page holding it, as in the lobby", async ({ request }) => {
    const cases: Array<[string, string]> = [
      ["/winners?offset=7", "/winners"],
      ["/winners?offset=abc", "/winners"],
      ["/winners?offset=0", "/winners"],
      ["/winners?offset=45", "/winners?offset=40"],
    ];
    for (const [path, to] of cases) {
      const res = await getNoFollow(request, path);
      expect(res.status(), path).toBe(302);
      const location = new URL(res.headers()["location"] ?? "", "http://x.test");
      expect(location.pathname + location.search, path).toBe(to);
    }
  });
});

test.describe("jackpots growing", () => {
  // Both tests play rounds that feed the Mini pool and watch it grow by their own round alone:
  // one at a time. (Other specs play real rounds on slots outside the jackpots: fixtures.ts.)
  test.describe.configure({ mode: "serial" });

  test("a real round grows the pool: seen on reload, and live on the open page", async ({ page }) => {
    await registerByApi(page.request, unique("jackpot"));
    await deposit(page);
    await page.goto("/jackpots");
    const before = await amountOf(page, "mini");
    await playReal(page);
    await page.reload();
    const after = await amountOf(page, "mini");
    // 0.5 % of $10 is 5 cents; a (very unlikely) win would have put the pool back near its seed.
    expect(after === before + 5 || after <= 5005).toBe(true);

    // With JavaScript the open page follows the server on its own (every ~10 s), counting up to
    // the new amount (issue 16): the text passes through amounts between the two, and the
    // counter's box keeps its width all along (tabular digits, the widest text reserved).
    // The suite runs with reduced motion (playwright.config.ts): this part asks for motion.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const amount = card(page, "mini").locator("[data-amount]");
    const box = await amount.locator(".count-up").boundingBox();
    await amount.evaluate((el) => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      const widths: number[] = ((window as unknown as { widths: number[] }).widths = []);
      const count = el.querySelector(".count-up")!;
      new MutationObserver(() => {
        seen.push(el.querySelector(".count-up__value")!.textContent!);
        widths.push(count.getBoundingClientRect().width);
      }).observe(el, { subtree: true, characterData: true, childList: true });
    });
    await playReal(page);
    await expect.poll(() => amountOf(page, "mini"), { timeout: 20_000 }).not.toBe(after);
    const now = await amountOf(page, "mini");
    await expect(amount.locator(".count-up__value")).toHaveText(usd(now));
    const { seen, widths } = await page.evaluate(() => {
      const w = window as unknown as { seen: string[]; widths: number[] };
      return { seen: w.seen, widths: w.widths };
    });
    if (now > after && now - after >= 3) expect(new Set(seen).size, JSON.stringify({ seen, after, now })).toBeGreaterThanOrEqual(3);
    expect(seen.at(-1)).toBe(usd(now));
    for (const w of widths) expect(Math.abs(w - box!.width)).toBeLessThan(1);
  });

  test("under prefers-reduced-motion the jackpot amount changes at once, without counting", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" }); // the suite's default, said outright
    await registerByApi(page.request, unique("jackpot-rm"));
    await deposit(page);
    await page.goto("/jackpots");
    const before = await amountOf(page, "mini");
    const amount = card(page, "mini").locator("[data-amount]");
    await amount.evaluate((el) => {
      const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
      new MutationObserver(() => seen.push(el.querySelector(".count-up__value")!.textContent!)).observe(el, {
        subtree: true,
        characterData: true,
        childList: true,
      });
    });
    await playReal(page);
    await expect.poll(() => amountOf(page, "mini"), { timeout: 20_000 }).not.toBe(before);
    const now = await amountOf(page, "mini");
    await expect(amount.locator(".count-up__value")).toHaveText(usd(now));
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([usd(now)]);
  });
});
