import type { APIRequestContext, Page } from "@playwright/test";
import { absolute, expect, popupEnhanced, siteHeader, slotOutsideJackpots, test, tr, jsOn } from "./fixtures";
import { signedMoney } from "../../app/features/responsible/format";
import { demoDeposit, popup, registerByApi, unique } from "./accounts-fixtures";

/**
 * The game page (SPEC §2, issue 5): the studio's game in a frame with its facts server-rendered,
 * demo play for visitors, real play moving the header balance, `#real` registration, likes,
 * fullscreen (real and pseudo), the delayed demo notice, and the 404s.
 */

/** A slot of the seeded catalogue (slots have a demo), read through the /api contract. */
/** The slot these tests play: one outside the jackpots (fixtures.ts says why). */
const slot = (request: APIRequestContext) => slotOutsideJackpots(request);

const frame = (page: Page) => page.frameLocator("iframe.game-frame__iframe");
const spin = (page: Page) => frame(page).getByRole("button", { name: "Spin" });
/** The fullscreen control is rendered at hydration: once it is there, the page's effects run. */
const hydrated = (page: Page) => expect(page.locator(".game-frame__fullscreen")).toBeVisible();

/** Plays one round in the frame and waits until it is settled (the button is enabled again). */
async function playRound(page: Page) {
  await spin(page).click();
  await expect(spin(page)).toBeEnabled();
  await expect(frame(page).locator("[data-result]")).not.toHaveText("");
}

async function deposit(page: Page, amount: number) {
  await demoDeposit(page, amount);
  await expect(siteHeader(page).locator("[data-balance]")).toHaveText("$50");
}

test.describe("game page @nojs", () => {
  test("shows the game in a frame with its facts server-rendered", async ({ page }) => {
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    await expect(page.getByRole("heading", { level: 1, name: game.title })).toBeVisible();
    await expect(page.locator("iframe.game-frame__iframe")).toHaveAttribute("src", `/platform/game/${game.sysname}?mode=demo`);
    const info = page.locator(".game-info");
    await expect(info.locator("[data-fact=rtp]")).toHaveText(/^\d{2}\.\d{2} %$/);
    await expect(info.locator("[data-fact=bets]")).toHaveText(/^\$[\d.,]+ – \$[\d.,]+$/);
    await expect(info.getByRole("link", { name: game.provider_name })).toHaveAttribute("href", /^\/gamehall\?providers=[a-z0-9_-]+$/);
    await expect(spin(page)).toBeVisible();
    if (!jsOn()) await expect(page.locator(".game-page__demo-static")).toHaveText(tr("game.demo.text"));
    // Marked as a game screen (SPEC §2); the game hall is not one.
    await expect(page.locator(".app")).toHaveAttribute("data-screen", "game");
    await page.goto("/gamehall");
    await expect(page.locator(".app")).not.toHaveAttribute("data-screen", /./);
  });

  test("a visitor plays demo rounds inside the frame", async ({ page }) => {
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    await playRound(page);
    await playRound(page);
  });

  test("a player likes and unlikes the game", async ({ page }) => {
    await registerByApi(page.request, unique("game-like"));
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    if (jsOn()) await hydrated(page);
    await page.getByRole("button", { name: tr("game.like") }).click();
    await expect(page.getByRole("button", { name: tr("game.liked") })).toHaveAttribute("aria-pressed", "true");
    const likes = await (await page.request.get("/api/games/getLikes")).json();
    expect(likes.data).toContain(game.sysname);
    await page.reload();
    await page.getByRole("button", { name: tr("game.liked") }).click();
    await expect(page.getByRole("button", { name: tr("game.like") })).toHaveAttribute("aria-pressed", "false");
    expect((await (await page.request.get("/api/games/getLikes")).json()).data).not.toContain(game.sysname);
  });

  test("a visitor's like opens sign-in", async ({ page }) => {
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    await page.getByRole("link", { name: tr("game.like") }).click();
    await expect(page).toHaveURL(absolute(`/game/${game.sysname}?show_popup_auth=1`));
    await expect(popup(page)).toBeVisible();
  });

  test("a game without a demo asks a visitor to sign up instead of framing it", async ({ page }) => {
    const res = await page.request.get("/api/games/get", { params: { options: JSON.stringify({ category: "live", count: 1 }) } });
    const live = (await res.json()).data.items[0] as { sysname: string };
    await page.goto(`/game/${live.sysname}`);
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.locator(".game-frame--closed")).toHaveText(tr("game.realOnly"));
    await page.getByRole("link", { name: tr("game.playReal") }).click();
    await expect(popup(page).locator("[data-auth-mode=registration]")).toBeVisible();
  });

  test("the localized page keeps its locale in links and redirects", async ({ page, request }) => {
    const game = await slot(request);
    await page.goto(`/es/game/${game.sysname}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator(".game-info").getByRole("link").first()).toHaveAttribute("href", /^\/es\/gamehall\?providers=/);
  });

  test("unknown and malformed sysnames are 404; the sportsbook's tile opens the betting page", async ({ page, request }) => {
    expect((await request.get("/game/no_such_game_here")).status()).toBe(404);
    expect((await request.get("/game/BAD!")).status()).toBe(404);
    expect((await request.get(`/game/${"a".repeat(65)}`)).status()).toBe(404);
    // The sportsbook is a pseudo-game (games.get marks it): its game page is the betting page.
    const sportsbook = await request.get("/game/sportsbook", { maxRedirects: 0 });
    expect(sportsbook.status()).toBe(302);
    expect(sportsbook.headers()["location"]).toBe("/betting");
    await page.goto("/gamehall?search=sportsbook");
    await page.locator('.lobby-grid a[href$="/game/sportsbook"]').first().click();
    await expect(page).toHaveURL(absolute("/betting"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

// Not @nojs: a crawler reads the HTML answer, which no browser setting changes.
test.describe("game page for crawlers", () => {
  test("crawlers get the facts, the template title, canonical and JSON-LD in the HTML", async ({ request }) => {
    const game = await slot(request);
    const res = await request.get(`/game/${game.sysname}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${game.title} by ${game.provider_name}: play online | Playfront Casino</title>`);
    expect(html).toContain(`<link rel="canonical" href="${absolute(`/game/${game.sysname}`)}"/>`);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    expect(ld).not.toBeNull();
    expect(JSON.parse(ld![1]!)).toMatchObject({ "@type": "VideoGame", name: game.title, publisher: { name: game.provider_name } });
    expect(html).toMatch(/\d{2}\.\d{2} %/);
  });
});

test.describe("game page with JavaScript", () => {
  test.beforeEach(({ javaScriptEnabled }) => test.skip(!javaScriptEnabled, "needs JavaScript"));

  test("a lobby tile opens the game page", async ({ page }) => {
    await page.goto("/gamehall?category=slots");
    const tile = page.locator(".lobby-grid [data-game]").first();
    const sysname = await tile.getAttribute("data-game");
    await tile.locator("a").click();
    await expect(page).toHaveURL(absolute(`/game/${sysname}`));
    await expect(page.locator("iframe.game-frame__iframe")).toBeVisible();
    await expect(page.locator(".game-info [data-fact=rtp]")).toBeVisible();
    await expect(spin(page)).toBeVisible();
  });

  test("a player's demo rounds move the fun balance in the frame", async ({ page }) => {
    await registerByApi(page.request, unique("game-demo"));
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}?mode=demo`);
    await expect(page.locator(".game-page__mode[aria-current=page]")).toHaveText(tr("game.mode.demo"));
    const balance = frame(page).locator("[data-balance]");
    const before = await balance.textContent();
    // A round can pay back exactly its bet: play until the balance moves.
    for (let i = 0; i < 6 && (await balance.textContent()) === before; i++) await playRound(page);
    expect(await balance.textContent()).not.toBe(before);
  });

  test("a real round moves the header balance", async ({ page }) => {
    await registerByApi(page.request, unique("game-real"));
    await deposit(page, 5000);
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}?mode=real`);
    await expect(page.locator(".game-page__mode[aria-current=page]")).toHaveText(tr("game.mode.real"));
    await expect(page.locator("html")).toHaveAttribute("data-realtime", "open", { timeout: 10_000 });
    const balance = frame(page).locator("[data-balance]");
    await expect(balance).toHaveText("$50");
    for (let i = 0; i < 6 && (await balance.textContent()) === "$50"; i++) await playRound(page);
    const after = await balance.textContent();
    expect(after).not.toBe("$50");
    await expect(siteHeader(page).locator("[data-balance]")).toHaveText(after!, { timeout: 10_000 });
  });

  test("a real round updates the header's session result without a reload", async ({ page }) => {
    await registerByApi(page.request, unique("game-net"));
    await deposit(page, 5000);
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}?mode=real`);
    await expect(page.locator("html")).toHaveAttribute("data-realtime", "open", { timeout: 10_000 });
    const net = siteHeader(page).locator("#header-session [data-session-net]");
    await expect(net).toHaveText("$0");
    // A round can pay back exactly its bet (a result of $0): play until the balance moves.
    const balance = frame(page).locator("[data-balance]");
    for (let i = 0; i < 6 && (await balance.textContent()) === "$50"; i++) await playRound(page);
    const session = (await (await page.request.get("/api/account/getResponsibleGaming")).json()).data.session;
    expect(session.net.amount).not.toBe(0);
    await expect(net).toHaveText(signedMoney(session.net), { timeout: 10_000 });
  });

  test("#real opened by a visitor opens registration; closing it goes to the index", async ({ page }) => {
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}#real`);
    await expect(page).toHaveURL(absolute(`/game/${game.sysname}?show_popup_reg=1#real`));
    await expect(popup(page).locator("[data-auth-mode=registration]")).toBeVisible();
    await hydrated(page);
    await popupEnhanced(page);
    await popup(page).getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(absolute("/"));
  });

  test("a link to #real on the page opens registration too", async ({ page }) => {
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    await hydrated(page);
    await page.evaluate(() => {
      window.location.hash = "real";
    });
    await expect(page).toHaveURL(absolute(`/game/${game.sysname}?show_popup_reg=1#real`));
    await expect(popup(page).locator("[data-auth-mode=registration]")).toBeVisible();
  });

  test("on a phone the whole game fits its frame, and the fullscreen control covers none of it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 760 });
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    await hydrated(page);
    // Nothing to scroll inside the frame: title, reels and the spin button are all in view.
    const inner = await frame(page)
      .locator("html")
      .evaluate((html) => ({ scroll: html.scrollHeight, client: html.clientHeight }));
    expect(inner.scroll).toBeLessThanOrEqual(inner.client);
    await expect(frame(page).getByRole("heading", { name: game.title })).toBeInViewport();
    await expect(spin(page)).toBeInViewport();
    // The control sits in its own bar below the game.
    const iframe = (await page.locator("iframe.game-frame__iframe").boundingBox())!;
    const control = (await page.locator(".game-frame__fullscreen").boundingBox())!;
    expect(control.y).toBeGreaterThanOrEqual(iframe.y + iframe.height);
  });

  test("the fullscreen control uses the Fullscreen API", async ({ page }) => {
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    await hydrated(page);
    await page.getByRole("button", { name: tr("game.fullscreen.enter") }).click();
    await expect(page.locator(".game-frame")).toHaveAttribute("data-fullscreen", "true");
    expect(await page.evaluate(() => document.fullscreenElement?.className)).toContain("game-frame");
    await page.getByRole("button", { name: tr("game.fullscreen.exit") }).click();
    await expect(page.locator(".game-frame")).not.toHaveAttribute("data-fullscreen");
  });

  test("without the Fullscreen API the frame goes pseudo-fullscreen; Escape closes it", async ({ page }) => {
    await page.addInitScript(() => {
      delete (Element.prototype as { requestFullscreen?: unknown }).requestFullscreen;
    });
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    await hydrated(page);
    await page.getByRole("button", { name: tr("game.fullscreen.enter") }).click();
    await expect(page.locator(".game-frame")).toHaveClass(/game-frame--pseudo/);
    await page.keyboard.press("Escape");
    await expect(page.locator(".game-frame")).not.toHaveClass(/game-frame--pseudo/);
    await page.getByRole("button", { name: tr("game.fullscreen.enter") }).click();
    await page.getByRole("button", { name: tr("game.fullscreen.exit") }).click();
    await expect(page.locator(".game-frame")).not.toHaveClass(/game-frame--pseudo/);
  });

  test("the demo notice appears after the delay and can be dismissed", async ({ page }) => {
    await page.clock.install();
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    await hydrated(page);
    const notice = page.locator(".demo-notice");
    await page.clock.fastForward("04:00");
    await expect(notice).toHaveCount(0);
    await page.clock.fastForward("01:01");
    await expect(notice).toContainText(tr("game.demo.text"));
    await notice.getByRole("button", { name: tr("game.demo.close") }).click();
    await expect(notice).toHaveCount(0);
  });

  test("the demo notice's sign-up opens registration", async ({ page }) => {
    await page.clock.install();
    const game = await slot(page.request);
    await page.goto(`/game/${game.sysname}`);
    await hydrated(page);
    await page.clock.fastForward("05:01");
    await page
      .locator(".demo-notice")
      .getByRole("link", { name: tr("game.demo.signUp") })
      .click();
    await expect(popup(page).locator("[data-auth-mode=registration]")).toBeVisible();
  });
});
