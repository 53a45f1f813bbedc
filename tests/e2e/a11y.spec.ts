import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, type Browser, type BrowserContext, type Page, type WorkerInfo } from "@playwright/test";
import { absolute, afterLayout, clientAddress, expect, SEED } from "./fixtures";
import { registerByApi, unique } from "./accounts-fixtures";

/**
 * Accessibility (issue 16): axe finds no violation of any impact — critical, serious, moderate
 * or minor — on any page of the site, as a visitor and (for the pages behind sign-in, and the
 * header a player sees) as a player. No rule is disabled.
 *
 * One axe pass per distinct page state and layout (issue 36, decision 0065): every page on a
 * desktop and on a 390 px phone in English and in Arabic (right to left: another layout). Spanish
 * and Portuguese lay out as English does and differ from it in text: the bundles' (complete, with
 * the same placeholders and none empty: scripts/seed.test.mjs) and the operator's own. Where that
 * text is plain, it fills the same elements English does; where it is the operator's own markup
 * (content pages, promotions, campaign popups, the home page's banners), it is a page of its own:
 * those are audited in every locale (`everyLocale`), on the desktop.
 * Each worker audits in two browser contexts of its own, a visitor's and a registered player's.
 *
 * Each test records the counts by impact as an annotation ("axe"), so the JSON report
 * (test-results/playwright.json) gives the per-page table.
 */

/**
 * `scriptless`: a document without React (the offline page): nothing hydrates or streams, it is whole on load.
 * `everyLocale`: the page shows the operator's own markup for the locale, audited in every locale.
 */
type Target = { name: string; path: string; ready?: (page: Page) => Promise<void>; scriptless?: true; everyLocale?: true };

const DESKTOP = { name: "desktop", width: 1280, height: 800 } as const;
const PHONE = { name: "phone", width: 390, height: 844 } as const;

type Locale = { code: string; dir: "ltr" | "rtl"; isDefault: boolean };
const LOCALES: Locale[] = JSON.parse(readFileSync("migrations/seed/locales.json", "utf8"));

/**
 * The layouts a locale has of its own: the default locale's and each direction's first (in the
 * seed: English and Arabic), on both viewports; another locale of a direction already laid out
 * lays out as that one does, and its own markup is read on the desktop.
 */
type Viewport = typeof DESKTOP | typeof PHONE;

/** Whether the locale has a layout of its own: the default locale and each direction's first. */
function laysOut(code: string): boolean {
  const locale = LOCALES.find((l) => l.code === code);
  if (!locale) throw new Error(`the seed lists no locale ${code}`);
  return locale.isDefault || LOCALES.find((l) => l.dir === locale.dir)?.code === code;
}

function viewports(code: string): [Viewport, ...Viewport[]] {
  return laysOut(code) ? [DESKTOP, PHONE] : [DESKTOP];
}

/** The targets audited in `locale`: all of them where it lays out, else the operator's per-locale markup. */
const targetsIn = (locale: string, targets: Target[]) => (laysOut(locale) ? targets : targets.filter((t) => t.everyLocale));

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
  { name: "home", path: "/", everyLocale: true },
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
  { name: "promotions", path: "/promotions", everyLocale: true },
  {
    name: "a promotion's detail popup",
    path: "/promotions?promotion={promotion}",
    ready: async (page) => expect(page.getByTestId("promotion-detail")).toBeVisible(),
    everyLocale: true,
  },
  { name: "content page", path: "/about", everyLocale: true },
  { name: "faq", path: "/faq", everyLocale: true },
  { name: "registration popup", path: "/?show_popup_reg=1", ready: dialogOpen },
  // The full form: the phone's country select beside the number, the personal fields.
  { name: "full registration popup", path: "/?show_popup_reg=1&reg_type=full", ready: dialogOpen },
  { name: "sign-in popup", path: "/?show_popup_auth=1", ready: dialogOpen },
  // The operator's responsible-gaming page (a content page); the player's overview is /responsible-game.
  { name: "responsible gaming", path: "/responsible-gaming", everyLocale: true },
  { name: "wheel of fortune", path: "/wheel-of-fortune" },
  // The wheel's popups open by the URL: the gifts (published odds), the rules, the winners, the quests.
  { name: "wheel gifts popup", path: "/wheel-of-fortune?popup=gifts" },
  { name: "wheel rules popup", path: "/wheel-of-fortune?popup=rules" },
  { name: "wheel winners popup", path: "/wheel-of-fortune?popup=winners" },
  { name: "wheel quests popup", path: "/wheel-of-fortune?popup=quests" },
  // The loyalty programme and its shop are public (decision 0100): the visitor's join card, Buy as sign-in links.
  { name: "loyalty programme (visitor)", path: "/loyalty", everyLocale: true },
  { name: "loyalty shop (visitor)", path: "/loyalty/shop" },
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
  { name: "home (player)", path: "/", everyLocale: true },
  // The seed's welcome campaign popup, named by the URL: the operator's markup in the locale.
  { name: "a campaign popup (player)", path: "/?popup=welcome", ready: async (page) => expect(page.getByRole("dialog")).toBeVisible(), everyLocale: true },
  { name: "a game (player)", path: "/game/{game}" },
  { name: "a game with free spins (player)", path: "/game/fortune_panda" },
  // The seed's Limbo ×10 challenge, said above the player's real-money game.
  { name: "a game with a challenge (player)", path: "/game/pf-limbo", ready: async (page) => expect(page.getByTestId("challenge-notice")).toBeVisible() },
  { name: "cashier deposit", path: "/cashier/deposit" },
  { name: "cashier deposit method", path: "/cashier/deposit/demo_card" },
  { name: "cashier wallet", path: "/cashier/wallet" },
  { name: "cashier history", path: "/cashier/history" },
  { name: "cashier withdraw", path: "/cashier/withdraw" },
  { name: "profile settings", path: "/profile/settings" },
  { name: "profile notification", path: "/profile/notification" },
  { name: "profile security", path: "/profile/security" },
  { name: "profile bonuses", path: "/profile/bonuses" },
  { name: "profile cashback", path: "/profile/cashback" },
  { name: "profile verification", path: "/profile/verification" },
  { name: "responsible gaming (player)", path: "/responsible-game" },
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
  { name: "profile loyalty character change", path: "/profile/loyalty?characters=1" },
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

type Session = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * A browser context per worker for the visitor's audits and one for the player's, each test in a
 * page of its own: the pages are audited as a fresh browser would show them (cookies reset before
 * each test: no language remembered, no dialog closed), but the scripts, styles and covers come
 * from the context's cache, compiled once, as a returning visitor's would (decision 0065).
 */
async function auditContext(browser: Browser, use: (ctx: BrowserContext) => Promise<void>, workerInfo: WorkerInfo) {
  // The project's options (playwright.config.ts): a worker fixture gets no test-scoped contextOptions.
  const { baseURL, userAgent, locale, reducedMotion, serviceWorkers, viewport, deviceScaleFactor, isMobile, hasTouch, javaScriptEnabled } =
    workerInfo.project.use;
  const ctx = await browser.newContext({
    baseURL,
    userAgent,
    locale,
    reducedMotion,
    serviceWorkers,
    viewport,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    javaScriptEnabled,
    extraHTTPHeaders: { "cf-connecting-ip": clientAddress() },
  });
  await use(ctx);
  await ctx.close();
}

const test = base.extend<object, { seeded: Seeded; playerState: Session; visitorContext: BrowserContext; playerContext: BrowserContext }>({
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
      await use(await api.storageState());
      await api.dispose();
    },
    { scope: "worker" },
  ],
  visitorContext: [async ({ browser }, use, workerInfo) => auditContext(browser, use, workerInfo), { scope: "worker" }],
  playerContext: [async ({ browser }, use, workerInfo) => auditContext(browser, use, workerInfo), { scope: "worker" }],
});

/**
 * Runs `fn` in a new page of `ctx`, whose cookies are first reset to `session`'s (none for a
 * visitor), and fails on what the page threw or logged as an error (as fixtures.ts's `test` does
 * for its own pages; a 404 document's "Failed to load resource" is allowed).
 */
async function inPage(ctx: BrowserContext, session: Session | null, fn: (page: Page) => Promise<void>) {
  await ctx.clearCookies();
  if (session) await ctx.addCookies(session.cookies);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
  });
  try {
    await fn(page);
  } finally {
    await page.close();
  }
  expect(errors, "the page logged errors").toEqual([]);
}

function localized(locale: string, path: string, seeded: Seeded): string {
  const filled = path
    .replace("{game}", seeded.game)
    .replace("{jackpot}", seeded.jackpot)
    .replace("{tournament}", seeded.tournament)
    .replace("{promotion}", seeded.promotions[locale] ?? "");
  if (locale === "en") return filled;
  // A locale's home is `/es`, with or without a query (a slashed `/es/` is sent there).
  return filled === "/" || filled.startsWith("/?") ? `/${locale}${filled.slice(1)}` : `/${locale}${filled}`;
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
async function audit(page: Page, target: Target, url: string, locale: string, player: boolean) {
  const found: string[] = [];
  const counts: string[] = [];
  const sizes = viewports(locale);
  await page.setViewportSize({ width: sizes[0].width, height: sizes[0].height });
  await page.goto(url);
  if (!target.scriptless) await settled(page);
  if (target.ready) await target.ready(page);
  // What is audited is the page asked for, and a player's page is the player's (the context's
  // cookies are set per test): neither a redirect nor a lost session passes unnoticed.
  expect(new URL(page.url()).pathname, "the audited page").toBe(new URL(url, page.url()).pathname);
  if (player) await expect(page.locator("[data-player]").first(), "the player's header").toBeAttached();
  for (const [i, vp] of sizes.entries()) {
    if (i > 0) {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await afterLayout(page);
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
    for (const target of targetsIn(locale, VISITOR)) {
      test(`${target.name} has no violations`, async ({ visitorContext, seeded }) => {
        await inPage(visitorContext, null, (page) => audit(page, target, localized(locale, target.path, seeded), locale, false));
      });
    }
  });

  test.describe(`axe, ${locale}, player`, () => {
    for (const target of targetsIn(locale, PLAYER)) {
      test(`${target.name} has no violations`, async ({ playerContext, playerState, seeded }) => {
        await inPage(playerContext, playerState, (page) => audit(page, target, localized(locale, target.path, seeded), locale, true));
      });
    }
  });
}
