import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { absolute, expect, SEED, test as base } from "./fixtures";
import { registerByApi, unique } from "./accounts-fixtures";

/**
 * Accessibility (issue 16): axe finds no violation of any impact — critical, serious, moderate
 * or minor — on any page of the site, in every seeded locale, as a visitor and (for the pages
 * behind sign-in, and the header a player sees) as a player. No rule is disabled.
 *
 * One axe pass per distinct page state and layout (issue 36, decision 0065): every page on a
 * desktop and on a 390 px phone in English and in Arabic (right to left: another layout); in
 * Spanish and Portuguese, whose layout is English's, on the desktop only: what differs there is
 * the text — the bundles' and the operator's own per-locale content (banners, promotions, pages) —
 * which the desktop shows in full. The player's session is registered once per worker and reused.
 *
 * Each test records the counts by impact as an annotation ("axe"), so the JSON report
 * (test-results/playwright.json) gives the per-page table.
 */

/** `scriptless`: a document without React (the offline page): nothing hydrates or streams, it is whole on load. */
type Target = { name: string; path: string; ready?: (page: Page) => Promise<void>; scriptless?: true };

const DESKTOP = { name: "desktop", width: 1280, height: 800 } as const;
const PHONE = { name: "phone", width: 390, height: 844 } as const;

type Locale = { code: string; dir: "ltr" | "rtl"; isDefault: boolean };
const LOCALES: Locale[] = JSON.parse(readFileSync("migrations/seed/locales.json", "utf8"));

/**
 * The layouts a locale has of its own: the default locale's and each direction's first (in the
 * seed: English and Arabic) on both; another locale of a direction already laid out lays out as
 * that one does, and its own text is read on the desktop.
 */
type Viewport = typeof DESKTOP | typeof PHONE;

function viewports(code: string): [Viewport, ...Viewport[]] {
  const locale = LOCALES.find((l) => l.code === code);
  if (!locale) throw new Error(`the seed lists no locale ${code}`);
  const firstOfDirection = LOCALES.find((l) => l.dir === locale.dir);
  return locale.isDefault || firstOfDirection?.code === code ? [DESKTOP, PHONE] : [DESKTOP];
}

const dialogOpen = async (page: Page) => {
  await expect(page.getByRole("dialog").locator("form[data-enhanced]").first()).toBeAttached();
};

const openChat = async (page: Page) => {
  // The chat loads with the first interaction; by class: the texts are the page locale's.
  await expect(page.locator("html")).toHaveAttribute("data-links", "");
  await page.keyboard.press("Shift");
  await page.locator(".chat__launcher").click();
  await expect(page.locator("#chat-panel")).toBeVisible();
};

/** What a visitor can open. `{game}`, `{jackpot}` and `{tournament}` (slots-sprint) are filled from the seeded catalogue. */
const VISITOR: Target[] = [
  { name: "home", path: "/" },
  { name: "game hall", path: "/gamehall" },
  { name: "a category", path: "/gamehall?category=slots" },
  { name: "a game", path: "/game/{game}" },
  { name: "providers", path: "/providers" },
  { name: "jackpots", path: "/jackpots" },
  { name: "a jackpot", path: "/jackpots/{jackpot}" },
  { name: "winners", path: "/winners" },
  { name: "tournaments", path: "/tournaments" },
  { name: "finished tournaments", path: "/tournaments?status=finished" },
  { name: "a tournament", path: "/tournaments/{tournament}" },
  { name: "a tournament's gamehall", path: "/tournaments/{tournament}/gamehall" },
  { name: "betting", path: "/betting" },
  { name: "betting, one sport", path: "/betting?sport=football" },
  { name: "promotions", path: "/promotions" },
  {
    name: "a promotion's detail popup",
    path: "/promotions?promotion={promotion}",
    ready: async (page) => expect(page.getByTestId("promotion-detail")).toBeVisible(),
  },
  { name: "content page", path: "/about" },
  { name: "faq", path: "/faq" },
  { name: "registration popup", path: "/?show_popup_reg=1", ready: dialogOpen },
  { name: "sign-in popup", path: "/?show_popup_auth=1", ready: dialogOpen },
  { name: "responsible gaming", path: "/responsible-game" },
  { name: "wheel of fortune", path: "/wheel-of-fortune" },
  // The wheel's popups open by the URL: the gifts (published odds), the rules, the winners, the quests.
  { name: "wheel gifts popup", path: "/wheel-of-fortune?popup=gifts" },
  { name: "wheel rules popup", path: "/wheel-of-fortune?popup=rules" },
  { name: "wheel winners popup", path: "/wheel-of-fortune?popup=winners" },
  { name: "wheel quests popup", path: "/wheel-of-fortune?popup=quests" },
  { name: "404 page", path: "/no-such-page" },
  { name: "vpn", path: "/vpn" },
  { name: "support", path: "/support" },
  // The live chat's open panel (decision 0055): its launcher loads after idle time.
  { name: "chat panel", path: "/support", ready: openChat },
  // What the service worker shows for an uncached page while offline (decision 0056): its own small document.
  { name: "offline page", path: "/offline", scriptless: true },
];

/** What a signed-in player opens: the cashier, the profile pages, and the player's header. */
const PLAYER: Target[] = [
  { name: "home (player)", path: "/" },
  { name: "a game (player)", path: "/game/{game}" },
  { name: "a game with free spins (player)", path: "/game/fortune_panda" },
  { name: "cashier deposit", path: "/cashier/deposit" },
  { name: "cashier deposit method", path: "/cashier/deposit/demo_card" },
  { name: "cashier wallet", path: "/cashier/wallet" },
  { name: "cashier billing", path: "/cashier/billing" },
  { name: "cashier history", path: "/cashier/history" },
  { name: "cashier withdraw", path: "/cashier/withdraw" },
  { name: "profile settings", path: "/profile/settings" },
  { name: "profile notification", path: "/profile/notification" },
  { name: "profile security", path: "/profile/security" },
  { name: "profile bonuses", path: "/profile/bonuses" },
  { name: "profile cashback", path: "/profile/cashback" },
  { name: "profile verification", path: "/profile/verification" },
  { name: "profile responsible gaming", path: "/profile/responsible-game" },
  { name: "profile favorites", path: "/profile/favorites" },
  { name: "profile bets history", path: "/profile/bets/history" },
  { name: "profile bets exports", path: "/profile/bets/exports" },
  { name: "offers", path: "/offers" },
  // Offer 1 is the seed's first (weekend-reload): for every player, taken only with a deposit.
  { name: "an offer", path: "/offers/1" },
  { name: "loyalty", path: "/loyalty" },
  { name: "loyalty shop", path: "/loyalty/shop" },
  // The not-enough-points dialog (a new player has no points): the shop's dialog, opened by the URL.
  { name: "loyalty shop dialog", path: "/loyalty/shop?buy=1" },
  { name: "profile loyalty", path: "/profile/loyalty" },
  { name: "profile loyalty character confirm", path: "/profile/loyalty?character=1" },
  { name: "profile loyalty quest", path: "/profile/loyalty?quest=1" },
  // The wheel as a player: the fairness panel and their spins; the gifts received and the error confirm.
  { name: "wheel of fortune (player)", path: "/wheel-of-fortune" },
  { name: "wheel gifts received (player)", path: "/wheel-of-fortune?popup=received" },
  { name: "wheel error confirm (player)", path: "/wheel-of-fortune?popup=error&code=no_spins" },
  // Campaign 2 is the seed's premium wheel (spins cost): buy, and a new player's not-enough-money confirm.
  { name: "wheel buy spins (player)", path: "/wheel-of-fortune?campaign=2&popup=buy" },
  // A tournament as a player: Participate, the pinned row once joined, the receipts.
  { name: "tournaments (player)", path: "/tournaments" },
  { name: "a tournament (player)", path: "/tournaments/{tournament}" },
  // The sportsbook as a player (the slip's odds-change setting) and the sports tab of the bet history.
  { name: "betting (player)", path: "/betting" },
  { name: "sports bet history (player)", path: "/profile/bets/history?tab=sports" },
  { name: "wheel buy spins insufficient (player)", path: "/wheel-of-fortune?campaign=2&popup=buy-confirm&amount=1&pay=money" },
  // The VPN shop as a player: the plans and a purchase's confirmation (plan 1, the seed's week pass).
  { name: "vpn (player)", path: "/vpn" },
  { name: "vpn confirm (player)", path: "/vpn?buy=1" },
  { name: "support (player)", path: "/support" },
  { name: "chat panel (player)", path: "/support", ready: openChat },
];

/** promotions: the first seeded promotion banner's id per locale (banners.get, position promotions). */
type Seeded = { game: string; jackpot: string; tournament: string; promotions: Record<string, string> };

const test = base.extend<object, { seeded: Seeded; playerState: string }>({
  seeded: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: absolute("/") });
      const games = await api.get("/api/games/get", { params: { options: JSON.stringify({ category: "slots", count: 1 }) } });
      const jackpots = await api.get("/api/jackpots/get");
      // slots-sprint, active or (once tournaments.spec ended it) finished: its page either way.
      let sprint: { id: number } | undefined;
      for (const status of ["active", "finished"]) {
        const list = await api.get("/api/tournaments/get", { params: { status, fields: "user_info" } });
        sprint ??= (await list.json()).data.items.find((t: { sysname: string }) => t.sysname === "slots-sprint");
      }
      const promotions: Record<string, string> = {};
      for (const locale of SEED.locales) {
        const list = await api.get("/api/banners/get", { params: { position: "promotions", locale } });
        promotions[locale] = String((await list.json()).data.items[0].id);
      }
      await use({
        game: (await games.json()).data.items[0].sysname,
        jackpot: String((await jackpots.json()).data[0].id),
        tournament: String(sprint!.id),
        promotions,
      });
      await api.dispose();
    },
    { scope: "worker" },
  ],
  // One player per worker: registered through the /api contract, its cookies reused by every test.
  playerState: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: absolute("/") });
      await registerByApi(api, unique(`a11y-${workerInfo.workerIndex}`));
      await use(JSON.stringify(await api.storageState()));
      await api.dispose();
    },
    { scope: "worker" },
  ],
});

function localized(locale: string, path: string, seeded: Seeded): string {
  const filled = path
    .replace("{game}", seeded.game)
    .replace("{jackpot}", seeded.jackpot)
    .replace("{tournament}", seeded.tournament)
    .replace("{promotion}", seeded.promotions[locale] ?? "");
  if (locale === "en") return filled;
  return filled === "/" ? `/${locale}` : `/${locale}${filled}`;
}

/** One line per violation: rule, impact, and where (the first few nodes' selectors). */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"]): string[] {
  return violations.map(
    (v) =>
      `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}

/**
 * Hydrated, and every streamed part in (no Suspense boundary still pending, `<!--$?-->`): axe
 * checks what the player ends up with. (Not "network idle": a player's page keeps a realtime
 * connection and its session clock going.)
 */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const hydrated = (id: string) => Object.keys(document.getElementById(id) ?? {}).some((k) => k.startsWith("__reactFiber"));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeValue === "$?") return false;
    return hydrated("main") && (!document.getElementById("sidebar") || hydrated("sidebar"));
  });
}

/**
 * The page is loaded once, at the first viewport, and audited at each viewport in turn: the layout
 * is CSS alone (no component reads the viewport's size), so a resize lays it out as a load at that
 * size would; two animation frames let the resize's layout and any resize handler run first.
 */
async function audit(page: Page, target: Target, url: string, locale: string) {
  const found: string[] = [];
  const counts: string[] = [];
  const sizes = viewports(locale);
  await page.setViewportSize({ width: sizes[0].width, height: sizes[0].height });
  await page.goto(url);
  if (!target.scriptless) await settled(page);
  if (target.ready) await target.ready(page);
  for (const [i, vp] of sizes.entries()) {
    if (i > 0) {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await page.evaluate(() => document.documentElement.clientWidth)).toBeLessThanOrEqual(vp.width);
    }
    // Axe's legacy mode runs axe.run in the page, reaching same-origin frames (every frame the site
    // has: the game and the verification provider are served from its origin); the default mode's
    // finishRun opens a blank page per audit, 40 % of axe's time here. Only violations are gathered
    // in full (resultTypes): collecting every passing node's selector is a fifth of axe's time.
    const { violations } = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ["violations"] })
      .analyze();
    const byImpact = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    for (const v of violations) byImpact[(v.impact ?? "minor") as keyof typeof byImpact] += 1;
    counts.push(`${vp.name} ${Object.values(byImpact).join("/")}`);
    found.push(...describeViolations(violations).map((line) => `${vp.name}: ${line}`));
  }
  test.info().annotations.push({ type: "axe", description: counts.join("; ") });
  expect(found, `axe violations on ${url}`).toEqual([]);
}

// A test loads its page once and runs axe up to twice (desktop, phone): two default budgets.
test.describe.configure({ timeout: 60_000 });

for (const locale of SEED.locales) {
  test.describe(`axe, ${locale}, visitor`, () => {
    for (const target of VISITOR) {
      test(`${target.name} has no violations`, async ({ page, seeded }) => {
        await audit(page, target, localized(locale, target.path, seeded), locale);
      });
    }
  });

  test.describe(`axe, ${locale}, player`, () => {
    test.use({ storageState: async ({ playerState }, use) => use(JSON.parse(playerState)) });
    for (const target of PLAYER) {
      test(`${target.name} has no violations`, async ({ page, seeded }) => {
        await audit(page, target, localized(locale, target.path, seeded), locale);
      });
    }
  });
}
