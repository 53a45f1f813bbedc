import type { Page } from "@playwright/test";
import { expect, test, jsOn } from "./fixtures";

/**
 * Game covers (issue 5, decisions 0018 and 0036): the generated SVG as it is, priority for the
 * first cover, lazy loading below the fold, the fallback card when a cover fails; the image proxy
 * answers an SVG source as it is whatever its URL asks (decision 0062), and draws only rasters.
 */

const tiles = (page: Page) => page.locator(".lobby-grid [data-game]");

// Not @nojs: covers are images and headers, the same with or without scripts.
test.describe("game covers", () => {
  test("lobby covers are the platform's SVG as it is: no proxy, no srcset, the first one high priority", async ({ page }) => {
    await page.goto("/gamehall");
    const first = tiles(page).first().locator("img");
    await expect(first).toBeVisible();
    // A vector cover is sharp at any density and a tenth of the bytes of a webp of it (decision 0036).
    await expect(first).toHaveAttribute("src", /^\/platform\/covers\/[a-z0-9_-]+\.svg$/);
    await expect(first).not.toHaveAttribute("srcset", /./);
    await expect(first).toHaveAttribute("fetchpriority", "high");
    await expect(first).toHaveAttribute("width", "300");
    await expect(first).toHaveAttribute("height", "400");
    await expect(tiles(page).nth(1).locator("img")).not.toHaveAttribute("fetchpriority", "high");
    await expect(tiles(page).nth(12).locator("img")).toHaveAttribute("loading", "lazy");
    // No cover of the page asks the image proxy for a render.
    const srcs = await tiles(page)
      .locator("img")
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
    expect(srcs.filter((s) => s?.startsWith("/_ipx/"))).toEqual([]);

    // The browser really drew it, at its box's size.
    const loaded = await first.evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, current: img.currentSrc }));
    expect(loaded.w).toBe(300);
    expect(loaded.current).toMatch(/\/platform\/covers\/[a-z0-9_-]+\.svg$/);
  });

  test("a cover is a small, immutable SVG that runs nothing", async ({ request }) => {
    const res = await request.get("/platform/covers/golden_phoenix.svg", { headers: { "accept-encoding": "gzip" } });
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers()["content-security-policy"]).toContain("sandbox");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 300 400"/);
    expect(svg).not.toMatch(/<script|on[a-z]+=/i);
    // A title line a wide fallback font could push over the edges is held inside them.
    expect((await request.get("/platform/covers/shadow_temple_crash.svg").then((r) => r.text())).match(/textLength="(\d+)"/)?.[1]).toBe("272");
  });

  test("the proxy answers an SVG source as it is, whatever size, format and quality its URL asks", async ({ request }) => {
    const cover = await (await request.get("/platform/covers/golden_phoenix.svg")).text();
    for (const path of ["/_ipx/f_webp,q_95,w_160,h_213/platform/covers/golden_phoenix.svg", "/_ipx/f_png,q_50,w_2048/platform/covers/golden_phoenix.svg"]) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
      expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers()["x-content-type-options"]).toBe("nosniff");
      expect(res.headers()["content-security-policy"]).toContain("sandbox");
      expect(await res.text()).toBe(cover);
    }
    // The site's own images (/images/…) too, read from the static files.
    const banner = await request.get("/_ipx/f_webp,w_600/images/banners/welcome.svg");
    expect(banner.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(banner.headers()["x-ipx-fallback"]).toBeUndefined();
    expect(await banner.text()).toMatch(/<svg/);
  });

  test("a source that does not exist answers the fallback card; bad URLs are refused", async ({ page, request }) => {
    for (const path of ["/_ipx/f_webp,q_95,w_300,h_400/platform/covers/no_such_game.svg", "/_ipx/f_webp,w_300/images/no-such-banner.png"]) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      expect(res.headers()["x-ipx-fallback"]).toBe("1");
      expect(res.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
    }
    expect((await request.get("/_ipx/w_9999/platform/covers/golden_phoenix.svg")).status()).toBe(400);
    // Only the ladder's sizes are asked for (core/image-ladder.ts): others are refused before any work.
    const offLadder = await request.get("/_ipx/f_webp,q_95,w_301/platform/covers/golden_phoenix.svg");
    expect(offLadder.status()).toBe(400);
    expect(await offLadder.text()).toMatch(/width 301 is not served/);
    expect((await request.get("/_ipx/_/https://example.com/x.png")).status()).toBe(400);
    await page.goto("/gamehall");
    await expect(tiles(page).first()).toBeVisible();
  });

  test("when a cover fails, the tile swaps to the fallback image", async ({ page }) => {
    test.skip(!jsOn(), "the swap is the document's image-fallback script (lib/image-fallback.ts)");
    // The second tile's game, read from the server-rendered hall before the browser opens it.
    const html = await (await page.request.get("/gamehall")).text();
    const sysname = [...html.matchAll(/data-game="([a-z0-9_-]+)"/g)].map((m) => m[1])[1]!;
    await page.route(new RegExp(`/platform/covers/${sysname}\\.svg$`), (route) => route.fulfill({ status: 502, body: "" }));
    await page.goto("/gamehall");
    const img = page.locator(`.lobby-grid [data-game="${sysname}"] img`);
    await expect(img).toHaveAttribute("src", "/images/game-fallback.svg");
    await expect(img).not.toHaveAttribute("srcset", /./);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    // Its neighbours keep their covers.
    await expect(tiles(page).first().locator("img")).toHaveAttribute("src", /^\/platform\/covers\//);
  });
});
