import type { Page } from "@playwright/test";
import { expect, test, jsOn } from "./fixtures";

/**
 * Game covers through the image proxy (issue 5, decision 0018): responsive srcset at two
 * densities, priority for the first cover, lazy loading below the fold, and the fallback card
 * when a cover fails (from the proxy without JavaScript, from the tile's onError with it).
 */

const tiles = (page: Page) => page.locator(".lobby-grid [data-game]");

test.describe("game covers @nojs", () => {
  test("lobby covers come from /_ipx/ as webp with a srcset at densities 1 and 2", async ({ page }) => {
    await page.goto("/gamehall");
    const first = tiles(page).first().locator("img");
    await expect(first).toBeVisible();
    const src = await first.getAttribute("src");
    expect(src).toMatch(/^\/_ipx\/f_webp,q_95,w_300,h_400\/platform\/covers\/[a-z0-9_-]+\.svg$/);
    const srcset = (await first.getAttribute("srcset")) ?? "";
    const candidates = srcset.split(", ").map((c) => c.split(" "));
    expect(candidates.length).toBeGreaterThanOrEqual(4);
    for (const [url, descriptor] of candidates) {
      expect(url).toMatch(/^\/_ipx\/f_webp,q_95,w_\d+,h_\d+\/platform\/covers\//);
      // The descriptor is the width the proxy draws.
      expect(descriptor).toBe(`${/w_(\d+)/.exec(url!)![1]}w`);
    }
    // Both densities of the widest phone tile (46 vw of a 640 px screen: 300 css px) are there.
    const widths = candidates.map(([, d]) => parseInt(d!, 10));
    expect(widths).toContain(300);
    expect(widths).toContain(600);
    await expect(first).toHaveAttribute("sizes", /46vw$/);
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).toHaveAttribute("width", "300");
    await expect(first).toHaveAttribute("height", "400");
    await expect(tiles(page).nth(1).locator("img")).not.toHaveAttribute("fetchpriority", "high");
    await expect(tiles(page).nth(12).locator("img")).toHaveAttribute("loading", "lazy");

    // The browser really got a webp from the proxy.
    const loaded = await first.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, current: img.currentSrc }));
    expect(loaded.w).toBeGreaterThan(0);
    expect(loaded.current).toContain("/_ipx/");
  });

  test("the proxy answers a webp, then the same bytes from its cache", async ({ request }) => {
    const path = "/_ipx/f_webp,q_95,w_160,h_213/platform/covers/golden_phoenix.svg";
    const first = await request.get(path);
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toBe("image/webp");
    expect(first.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const body = await first.body();
    expect(body.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(body.subarray(8, 12).toString("latin1")).toBe("WEBP");
    await expect
      .poll(async () => (await request.get(path)).headers()["x-ipx-cache"], { timeout: 5000 })
      .toBe("hit");
  });

  test("the site's own images (/images/…) go through the proxy too, read from the static files", async ({ request }) => {
    const res = await request.get("/_ipx/f_webp,w_600/images/banners/welcome.svg");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/webp");
    expect(res.headers()["x-ipx-fallback"]).toBeUndefined();
    const body = await res.body();
    expect(body.subarray(8, 12).toString("latin1")).toBe("WEBP");
    // A site image that does not exist gets the fallback card, like a missing cover.
    expect((await request.get("/_ipx/f_webp,w_300/images/no-such-banner.png")).headers()["x-ipx-fallback"]).toBe("1");
  });

  test("a cover that does not exist shows the fallback card, even without JavaScript", async ({ page, request }) => {
    const res = await request.get("/_ipx/f_webp,q_95,w_300,h_400/platform/covers/no_such_game.svg");
    expect(res.status()).toBe(200);
    expect(res.headers()["x-ipx-fallback"]).toBe("1");
    expect(res.headers()["content-type"]).toBe("image/webp");
    expect((await request.get("/_ipx/w_9999/platform/covers/golden_phoenix.svg")).status()).toBe(400);
    // Only the ladder's sizes are drawn (app/lib/image-ladder.ts): others are refused before any work.
    const offLadder = await request.get("/_ipx/f_webp,q_95,w_301/platform/covers/golden_phoenix.svg");
    expect(offLadder.status()).toBe(400);
    expect(await offLadder.text()).toMatch(/width 301 is not served/);
    expect((await request.get("/_ipx/_/https://example.com/x.png")).status()).toBe(400);
    await page.goto("/gamehall");
    await expect(tiles(page).first()).toBeVisible();
  });

  test("when the proxy itself fails, the tile swaps to the fallback image", async ({ page }) => {
    test.skip(!jsOn(), "the swap is the document's image-fallback script (lib/image-fallback.ts)");
    // The second tile's game, read from the server-rendered hall before the browser opens it.
    const html = await (await page.request.get("/gamehall")).text();
    const sysname = [...html.matchAll(/data-game="([a-z0-9_-]+)"/g)].map((m) => m[1])[1]!;
    await page.route(new RegExp(`/_ipx/[^/]+/platform/covers/${sysname}\\.svg$`), (route) => route.fulfill({ status: 502, body: "" }));
    await page.goto("/gamehall");
    const img = page.locator(`.lobby-grid [data-game="${sysname}"] img`);
    await expect(img).toHaveAttribute("src", "/images/game-fallback.svg");
    await expect(img).not.toHaveAttribute("srcset", /./);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    // Its neighbours keep their covers.
    await expect(tiles(page).first().locator("img")).toHaveAttribute("src", /^\/_ipx\//);
  });
});
