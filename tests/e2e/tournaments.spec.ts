import type { APIRequestContext, Page } from "@playwright/test";
import { origin, registerByApi, unique } from "./accounts-fixtures";
import { playerWith } from "./player-fixtures";
import { absolute, expect, jsOn, test, tr } from "./fixtures";

/**
 * Tournaments from the player's side (issue 22, decision 0048 "The pages"): the lists by status,
 * Participate as a form (with and without JavaScript; a refusal says SPEC §8's text), a
 * tournament's page with its server-rendered leaderboard, its gamehall 12 games a page; real
 * rounds on its games score, a second player's open page sees the first one's points arrive
 * without reload (the live board's socket), and the end (the platform's test hook) pays the prize.
 *
 * The test that joins, plays and ends a tournament does it on a copy of `slots-sprint` made for the
 * run (the platform's demo hook), so it passes on the same database again; the other tests read
 * seeded tournaments nothing ends (high-roller-race, weekend-wins, spring-rounds, slots-sprint).
 */

type Listed = { id: number; sysname: string; title: string; status: string };

async function tournament(request: APIRequestContext, sysname: string): Promise<Listed> {
  for (const status of ["active", "future", "finished"]) {
    const res = await request.get("/api/tournaments/get", { params: { status, fields: "user_info" } });
    expect(res.status()).toBe(200);
    const found = ((await res.json()).data.items as Listed[]).find((t) => t.sysname === sysname);
    if (found) return found;
  }
  throw new Error(`no seeded tournament ${sysname}`);
}

const card = (page: Page, sysname: string) => page.locator(`[data-tournament="${sysname}"]`);
const toast = (page: Page, text: string) => page.locator("[data-toast]").filter({ hasText: text });
const balanceMain = async (request: APIRequestContext) => (await (await request.get("/api/account/getBalance")).json()).data.balance_main.amount as number;
const myBoard = async (request: APIRequestContext, id: number) =>
  (await (await request.get("/api/leaderboard/get", { params: { tournament_id: String(id) } })).json()).data as {
    me: { rank: number; player: string; points: number } | null;
  };

/** Real-money rounds on `sysname` until the player has points in tournament `id` (multiplier mode: a lost round scores 0). */
async function scoreIn(page: Page, id: number, sysname: string, tag: string): Promise<{ rank: number; player: string; points: number }> {
  const games = await page.request.get("/api/games/get", { params: { options: JSON.stringify({ sysnames: [sysname], count: 1 }) } });
  const game = (await games.json()).data.items[0] as { min_bet: { amount: number } };
  const bet = Math.max(game.min_bet.amount, 100);
  for (let i = 0; i < 60; i++) {
    const res = await page.request.post(`/platform/game/${sysname}/round`, {
      multipart: { bet: String(bet), mode: "real", round_id: `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      headers: { origin: origin(), accept: "application/json" },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { me } = await myBoard(page.request, id);
    if (me && me.points > 0) return me;
  }
  throw new Error("no winning round in 60");
}

test.describe("tournaments @nojs", () => {
  test("the lists by status render on the server, the tabs are links", async ({ page }) => {
    await page.goto("/tournaments");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr("tournaments.title"));
    await expect(page.getByRole("link", { name: tr("tournaments.tabs.active") })).toHaveAttribute("aria-current", "page");
    await expect(card(page, "high-roller-race")).toContainText("High Roller Race");
    await expect(card(page, "high-roller-race")).toContainText(tr("tournaments.automatic"));
    await expect(card(page, "weekend-wins")).toHaveCount(0);
    await page.getByRole("link", { name: tr("tournaments.tabs.future") }).click();
    await expect(page).toHaveURL(absolute("/tournaments?status=future"));
    await expect(card(page, "weekend-wins")).toContainText("Weekend Wins");
    await expect(card(page, "weekend-wins")).toContainText(/Starts in \d+ d/);
    await page.getByRole("link", { name: tr("tournaments.tabs.finished") }).click();
    await expect(card(page, "spring-rounds")).toContainText("Spring Rounds");
    await expect(card(page, "spring-rounds").getByRole("button")).toHaveCount(0);
  });

  test("a player participates by form in an upcoming tournament; a refused post says it failed", async ({ page }) => {
    await registerByApi(page.request, unique("tour-join"));
    await page.goto("/tournaments?status=future");
    const weekend = card(page, "weekend-wins");
    await weekend.getByRole("button", { name: tr("tournaments.participate") }).click();
    await expect(toast(page, tr("tournaments.participated"))).toBeVisible();
    await expect(page).toHaveURL(absolute("/tournaments?status=future"));
    await expect(weekend).toContainText(tr("tournaments.joined"));
    await expect(weekend.getByRole("button", { name: tr("tournaments.participate") })).toHaveCount(0);
    // A finished tournament cannot be joined: the page's action answers SPEC §8's text.
    const spring = await tournament(page.request, "spring-rounds");
    const refused = await page.request.post(`/tournaments/${spring.id}`, {
      form: { intent: "participate", tournament_id: String(spring.id) },
      headers: { origin: origin() },
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("Failed to participate in tournament");
  });

  test("a player the tournament is not open to is told it failed beside the button, and by a toast with JavaScript", async ({ page }) => {
    // real-cup is for accounts in BRL only; this player's account is in USD.
    await registerByApi(page.request, unique("tour-usd"));
    await page.goto("/tournaments?status=future");
    const cup = card(page, "real-cup");
    await cup.getByRole("button", { name: tr("tournaments.participate") }).click();
    await expect(cup.getByTestId("participate-error")).toHaveText(tr("tournaments.failed"));
    if (jsOn()) await expect(toast(page, tr("tournaments.failed"))).toBeVisible();
    await expect(toast(page, tr("tournaments.participated"))).toHaveCount(0);
    await expect(cup).not.toContainText(tr("tournaments.joined"));
  });

  test("a player participates from the tournament's own page", async ({ page }) => {
    await registerByApi(page.request, unique("tour-page"));
    const weekend = await tournament(page.request, "weekend-wins");
    await page.goto(`/tournaments/${weekend.id}`);
    await page
      .getByTestId("tournament-me")
      .getByRole("button", { name: tr("tournaments.participate") })
      .click();
    await expect(toast(page, tr("tournaments.participated"))).toBeVisible();
    await expect(page).toHaveURL(absolute(`/tournaments/${weekend.id}`));
    await expect(page.getByTestId("tournament-me")).toContainText(tr("tournaments.joined"));
    await expect(page.getByTestId("tournament-me").getByRole("button")).toHaveCount(0);
  });

  test("a visitor's Participate asks to sign in first", async ({ page }) => {
    await page.goto("/tournaments?status=future");
    await card(page, "weekend-wins")
      .getByRole("button", { name: tr("tournaments.signInToJoin") })
      .click();
    await expect(page).toHaveURL(/show_popup_auth=1&redirectUrl=%2Ftournaments%3Fstatus%3Dfuture/);
  });

  test("a visitor's Participate on the tournament's own page asks to sign in first", async ({ page }) => {
    // The visitor's block is kept as the server sent it (its form posts as plain HTML); a
    // player's is hydrated with its code (the test above).
    const weekend = await tournament(page.request, "weekend-wins");
    await page.goto(`/tournaments/${weekend.id}`);
    await page
      .getByTestId("tournament-me")
      .getByRole("button", { name: tr("tournaments.signInToJoin") })
      .click();
    await expect(page).toHaveURL(new RegExp(`show_popup_auth=1&redirectUrl=%2Ftournaments%2F${weekend.id}$`));
  });

  test("a tournament's page renders its rules, prizes and leaderboard on the server; a bad id is a 404", async ({ page }) => {
    const race = await tournament(page.request, "high-roller-race");
    await page.goto(`/tournaments/${race.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("High Roller Race");
    await expect(page.getByTestId("scoring")).toContainText(tr("tournaments.scoring.bets"));
    await expect(page.getByTestId("scoring")).toContainText(tr("tournaments.scoring.reset"));
    await expect(page.getByTestId("prizes").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("leaderboard")).toBeVisible();
    await expect(page).toHaveTitle(/High Roller Race: tournament/);
    for (const bad of ["/tournaments/abc", "/tournaments/999999", "/tournaments/0", `/tournaments/${race.id}/gamehall?page=99`]) {
      const res = await page.goto(bad);
      expect(res?.status(), bad).toBe(404);
    }
  });

  test("a tournament's gamehall shows its games 12 a page, paged by links", async ({ page }) => {
    const sprint = await tournament(page.request, "slots-sprint");
    await page.goto(`/tournaments/${sprint.id}/gamehall`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Slots Sprint: games");
    await expect(page.locator(".lobby-grid [data-game]")).toHaveCount(12);
    await page.getByRole("link", { name: tr("tournaments.gamehall.next") }).click();
    await expect(page).toHaveURL(absolute(`/tournaments/${sprint.id}/gamehall?page=2`));
    await expect(page.locator(".lobby-grid [data-game]").first()).toBeVisible();
  });
});

test.describe("tournaments, client navigation", () => {
  // The page's facts, rules, prizes and rows are kept as the server sent them, their code loaded
  // only when the browser renders them itself: a client navigation from the list must show them all.
  test("opening a tournament from the list shows its facts, rules, prizes and leaderboard", async ({ page }) => {
    const race = await tournament(page.request, "high-roller-race");
    await page.goto(`/tournaments?status=${race.status}`);
    await expect(page.locator("[data-search-button][data-enhanced]")).toBeVisible(); // hydrated
    await page.evaluate(() => ((window as unknown as { beforeNavigation: boolean }).beforeNavigation = true));
    await card(page, "high-roller-race")
      .getByRole("link", { name: tr("tournaments.details") })
      .click();
    await expect(page).toHaveURL(new RegExp(`/tournaments/${race.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("High Roller Race");
    await expect(page.getByTestId("total-prize")).not.toBeEmpty();
    await expect(page.getByTestId("scoring")).toContainText(tr("tournaments.scoring.bets"));
    await expect(page.getByTestId("prizes").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("leaderboard").getByRole("heading", { name: tr("tournaments.leaderboard.title") })).toBeVisible();
    await expect(page.getByTestId("leaderboard").locator("table, .leaderboard__empty")).toBeVisible();
    // In the same document: a client navigation, not a reload.
    expect(await page.evaluate(() => (window as unknown as { beforeNavigation?: boolean }).beforeNavigation)).toBe(true);
  });
});

test.describe("tournaments, live", () => {
  test("what it takes changes live on a watcher's page when another player takes the only prized place", async ({ page, browser }) => {
    test.skip(!jsOn(), "the live board needs JavaScript");
    test.setTimeout(90_000);
    // round-duel: one point a real round, one prized place.
    const duel = await tournament(page.request, "round-duel");
    const list = await page.request.get("/api/tournaments/get", { params: { status: "active", fields: "games" } });
    const sysname = ((await list.json()).data.items as (Listed & { games: string[] })[]).find((t) => t.id === duel.id)!.games[0]!;
    const games = await page.request.get("/api/games/get", { params: { options: JSON.stringify({ sysnames: [sysname], count: 1 }) } });
    const bet = Math.max(((await games.json()).data.items[0] as { min_bet: { amount: number } }).min_bet.amount, 100);
    const join = async (p: Page, tag: string) => {
      expect((await playerWith(p.request, { tag, deposited: 20_000, tournament: "round-duel" })).tournamentId).toBe(duel.id);
    };
    const round = async (p: Page) => {
      const res = await p.request.post(`/platform/game/${sysname}/round`, {
        multipart: { bet: String(bet), mode: "real", round_id: `e2e-duel-${Date.now()}-${Math.random().toString(36).slice(2)}` },
        headers: { origin: origin(), accept: "application/json" },
      });
      expect(res.status(), await res.text()).toBe(200);
    };

    // The watcher joins and scores a round, then watches the tournament's page.
    const watcherContext = await browser.newContext();
    const watcher = await watcherContext.newPage();
    await join(watcher, "duel-watcher");
    await round(watcher);
    await watcher.goto(`/tournaments/${duel.id}`);
    await expect(watcher.getByTestId("leaderboard")).toHaveAttribute("data-live", "open");
    const toPrize = watcher.getByTestId("to-prize");
    const before = Number(await toPrize.getAttribute("data-points"));

    // The other player scores past the leader: the watcher needs that many points plus one, less its own one.
    await join(page, "duel-leader");
    const board = await (await page.request.get("/api/leaderboard/get", { params: { tournament_id: String(duel.id) } })).json();
    const top = Math.max(1, ...(board.data.items as { points: number }[]).map((r) => r.points));
    for (let i = 0; i <= top; i++) await round(page);
    const mine = (await myBoard(page.request, duel.id)).me!;
    expect(mine.rank).toBe(1);
    expect(mine.points).not.toBe(before);
    // One point more than the leader's, less the watcher's own one: the leader's points.
    await expect(toPrize).toHaveAttribute("data-points", String(mine.points), { timeout: 15_000 });
    await watcherContext.close();
  });
  test("join, play from the gamehall, a second player sees the points arrive live, the end pays the prize", async ({ page, browser }) => {
    test.skip(!jsOn(), "the live board needs JavaScript");
    test.setTimeout(120_000);
    // Its own slots-sprint, active, no one in it yet: this test ends it.
    const copied = await page.request.post(`/platform/demo/tournaments/${(await tournament(page.request, "slots-sprint")).id}/copy`, {
      headers: { origin: origin() },
    });
    expect(copied.status(), await copied.text()).toBe(200);
    const sprint = await tournament(page.request, ((await copied.json()).data as { sysname: string }).sysname);
    expect(sprint.status).toBe("active");
    await playerWith(page.request, { tag: "tour-player", deposited: 20_000 });

    // Join from the list (the form, enhanced): the card then says so.
    await page.goto("/tournaments");
    await card(page, sprint.sysname)
      .getByRole("button", { name: tr("tournaments.participate") })
      .click();
    await expect(toast(page, tr("tournaments.participated"))).toBeVisible();
    await expect(card(page, sprint.sysname)).toContainText(tr("tournaments.joined"));

    // A second player watches the tournament's page, its live socket open.
    const watcherContext = await browser.newContext();
    const watcher = await watcherContext.newPage();
    await registerByApi(watcher.request, unique("tour-watcher"));
    await watcher.goto(`/tournaments/${sprint.id}`);
    await expect(watcher.getByTestId("leaderboard")).toHaveAttribute("data-live", "open");

    // The first player opens the gamehall and a game from it, then plays real rounds on it.
    await page.goto(`/tournaments/${sprint.id}/gamehall`);
    const tile = page.locator(".lobby-grid [data-game]").first();
    const sysname = (await tile.getAttribute("data-game"))!;
    await tile.getByRole("link").click();
    await expect(page).toHaveURL(absolute(`/game/${sysname}`));
    const me = await scoreIn(page, sprint.id, sysname, "tour");

    // Without reload, the watcher's board shows the first player's row with their points.
    const row = watcher.locator(`[data-testid="leaderboard"] tr[data-player="${me.player}"]`);
    await expect(row.locator("[data-points]")).toHaveAttribute("data-points", String((await myBoard(page.request, sprint.id)).me!.points), { timeout: 15_000 });
    await expect(row).toHaveAttribute("data-rank", String(me.rank));

    // The player's own page: the pinned row, inside the prizes, the receipts of the scoring rounds.
    await page.goto(`/tournaments/${sprint.id}`);
    const mine = (await myBoard(page.request, sprint.id)).me!;
    await expect(page.getByTestId("my-row")).toHaveAttribute("data-points", String(mine.points));
    await expect(page.getByTestId("my-row")).toHaveAttribute("data-rank", "1");
    await expect(page.getByTestId("to-prize")).toHaveAttribute("data-points", "0");
    await expect(page.getByTestId("receipts").locator("tbody tr").first()).toBeVisible();
    await expect(page.getByTestId("receipts").locator("[data-points]").first()).toHaveAttribute("data-points", /^\d+$/);

    // The end (the platform's test hook) pays 1st place 100.00.
    const before = await balanceMain(page.request);
    const end = await page.request.post(`/platform/demo/tournaments/${sprint.id}/end`, { headers: { origin: origin() } });
    expect(end.status(), await end.text()).toBe(200);
    expect(await balanceMain(page.request)).toBe(before + 10_000);
    await page.goto(`/tournaments/${sprint.id}`);
    await expect(page.getByTestId("tournament-winners").locator(`tr[data-player="${mine.player}"]`)).toContainText("$100");
    await watcherContext.close();
  });
});
