import type { Page } from "@playwright/test";
import { demoDeposit, registerByApi, unique } from "./accounts-fixtures";
import { expect, test } from "./fixtures";

/**
 * First-load JavaScript (issue 15, decision 0027): code a visitor needs only once they act comes
 * with that action, not with the page. Each test loads a page on a phone-sized screen, lets it
 * hydrate and go quiet without touching it, checks which chunks Chromium fetched, then acts and
 * checks that the deferred behaviour still works. Chunks are named by their source file
 * (`game-tile-<hash>.js`), which is what these tests look for.
 */

test.use({ viewport: { width: 412, height: 915 } });

/** Every script path the page fetches, from now on. */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    const path = new URL(r.url()).pathname;
    if (path.endsWith(".js")) seen.push(path);
  });
  return seen;
}

const fetched = (seen: string[], chunk: string) => seen.some((p) => p.startsWith(`/assets/${chunk}-`));

/**
 * The page's queued work has run: a frame drawn and the tasks queued before it done (what a
 * hydrated page starts from its effects and first frame, e.g. a lazy import, is under way by then).
 */
const tasksRun = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));

/** Hydrated, and nothing more on the way: the network idle, the page's queued work run, the network idle again. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await tasksRun(page);
  await page.waitForLoadState("networkidle");
}

test.describe("first load", () => {
  test("the game hall fetches the load-more code only when the link nears the screen", async ({ page }) => {
    const seen = scriptsOf(page);
    await page.goto("/gamehall");
    await expect(page.locator(".lobby[data-enhanced]")).toBeAttached();
    await settle(page);
    expect(fetched(seen, "infinite-scroll"), "infinite-scroll on first load").toBe(false);
    expect(fetched(seen, "browser-call"), "the /api client on first load").toBe(false);
    expect(fetched(seen, "game-tile"), "the tile component on first load").toBe(false);

    const tiles = page.locator(".lobby-grid [data-game]");
    const first = await tiles.count();
    await page.locator(".lobby-pages__more").scrollIntoViewIfNeeded();
    await expect.poll(() => tiles.count()).toBeGreaterThan(first);
    await expect(tiles.nth(first).locator("img")).toHaveAttribute("width", "300");
    expect(fetched(seen, "infinite-scroll")).toBe(true);
  });

  test("a tournament's gamehall: its server-rendered tiles need no tile code", async ({ page }) => {
    const list = await page.request.get("/api/tournaments/get", { params: { status: "active", fields: "games" } });
    const { id } = (await list.json()).data.items[0] as { id: number };
    const seen = scriptsOf(page);
    await page.goto(`/tournaments/${id}/gamehall`);
    await expect(page.locator("[data-game]").first()).toBeAttached();
    await settle(page);
    expect(fetched(seen, "game-tile")).toBe(false);
  });

  for (const path of ["/", "/jackpots/3"]) {
    test(`${path}: its server-rendered tiles need no tile code`, async ({ page }) => {
      const seen = scriptsOf(page);
      await page.goto(path);
      await expect(page.locator("[data-game]").first()).toBeAttached();
      await settle(page);
      expect(fetched(seen, "game-tile")).toBe(false);
    });
  }

  test("/forms/sign_in loads neither the registration form nor the validation rules", async ({ page }) => {
    const seen = scriptsOf(page);
    await page.goto("/forms/sign_in");
    await expect(page.locator("section[data-hydrated]")).toBeAttached();
    await settle(page);
    expect(fetched(seen, "registration-section")).toBe(false);
    expect(fetched(seen, "rules")).toBe(false);
  });

  test("/forms/sign_up: the form's code comes with the first touch, and what was typed stays", async ({ page }) => {
    const seen = scriptsOf(page);
    await page.goto("/forms/sign_up");
    await expect(page.locator("section[data-hydrated]")).toBeAttached();
    await settle(page);
    expect(fetched(seen, "registration-section")).toBe(false);
    expect(fetched(seen, "rules")).toBe(false);
    // Left alone, the server's form is still there (not swapped for a placeholder).
    const email = page.getByLabel("Email");
    await expect(email).toBeVisible();
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();

    await email.click();
    await email.pressSequentially("first-touch@example.com");
    await expect.poll(() => fetched(seen, "registration-section")).toBe(true);
    await settle(page);
    await expect(email).toHaveValue("first-touch@example.com");
    await expect(email).toBeFocused();
  });

  test("/wheel-of-fortune: the spin machine comes with the first touch of Spin, the draw's code with the verify view", async ({ page }) => {
    test.setTimeout(60_000);
    const seen = scriptsOf(page);
    // fair.ts (the draw) is bundled into the verify view's chunk, verify-check.
    const deferred = ["spin-client", "xstate.esm", "verify-check"];
    await page.goto("/wheel-of-fortune");
    await expect(page.getByTestId("wheel-svg")).toBeVisible();
    await settle(page);
    for (const chunk of deferred) expect(fetched(seen, chunk), `${chunk} on a visitor's first load`).toBe(false);

    // A player's page never goes network-idle (the realtime channel): hydrated, loaded, and the
    // page extras (the last code a player's page loads by itself) connected, their work run.
    await registerByApi(page.request, unique("wheel-load"));
    await demoDeposit(page, 1_000);
    seen.length = 0;
    await page.goto("/wheel-of-fortune");
    await expect(page.locator("form.wheel__spin-form[data-enhanced]")).toBeAttached();
    await page.waitForLoadState("load");
    await expect(page.locator("html")).toHaveAttribute("data-realtime", "open");
    await tasksRun(page);
    // (XState itself comes for a player anyway, with the page extras' machines.)
    for (const chunk of ["spin-client", "verify-check"]) expect(fetched(seen, chunk), `${chunk} on a player's first load`).toBe(false);

    const spin = page.getByRole("button", { name: "Spin" });
    await spin.hover();
    await expect.poll(() => fetched(seen, "spin-client")).toBe(true);
    expect(fetched(seen, "verify-check"), "the draw's code with the machine").toBe(false);
    await spin.click();
    await expect(page.getByTestId("wheel-result")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("wheel-result").getByRole("link", { name: "Verify this spin" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Reveal and start a new seed" }).click();
    await expect(page.getByTestId("wheel-verify-result")).toHaveAttribute("data-matches", "true");
    expect(fetched(seen, "verify-check")).toBe(true);
  });
});
