import type { BrowserContext, Page, Route } from "@playwright/test";
import { expect, msg, test } from "./fixtures";

// Playwright sees (and can cut off) the service worker's own requests only with this switch;
// it is read when the browser starts, after this module loads. Without it `setOffline` would
// leave the worker online and the offline tests would prove nothing.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

test.use({ serviceWorkers: "allow" });

/** The first interaction loads /pwa.js, which registers /sw.js; resolves once the worker controls the page. */
async function installWorker(page: Page, path: string) {
  await page.goto(path);
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Offline for the page and for its service worker's own fetches. */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route("**", (route: Route) => (route.request().serviceWorker() ? route.abort("internetdisconnected") : route.continue()));
}

/**
 * Offline, React Router's route discovery (`/__manifest`, never cached) fails and logs it: that is
 * the network being down, not a defect. Every other error still fails the test.
 */
function allowOfflineDiscovery(pageErrors: string[]) {
  const rest = pageErrors.filter((e) => !e.startsWith("console: Failed to fetch manifest patches"));
  pageErrors.splice(0, pageErrors.length, ...rest);
}

test("after one visit the page loads offline, and a page never visited shows the offline page", async ({ page, context, pageErrors }) => {
  await installWorker(page, "/gamehall");
  const heading = await page.getByRole("heading", { level: 1 }).first().textContent();
  await goOffline(context);

  const again = await page.reload();
  expect(again?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(heading ?? "");

  await page.goto("/promotions");
  await expect(page.getByTestId("offline-page")).toBeVisible();
  await expect(page.getByRole("heading", { name: msg("en", "pwa.offlineTitle") })).toBeVisible();

  // A player's page is never kept: offline it is the offline page, in the path's locale.
  await page.goto("/es/profile/settings");
  await expect(page.getByRole("heading", { name: msg("es", "pwa.offlineTitle") })).toBeVisible();
  allowOfflineDiscovery(pageErrors);
});

test("/api is never answered from the cache", async ({ page, context, pageErrors }) => {
  await installWorker(page, "/");
  const online = await page.evaluate(async () => (await fetch("/api/nfx/i18n/locales")).status);
  expect(online).toBe(200);
  await goOffline(context);
  const offline = await page.evaluate(async () => {
    try {
      return (await fetch("/api/nfx/i18n/locales")).status;
    } catch {
      return "network error";
    }
  });
  expect(offline).toBe("network error");
  allowOfflineDiscovery(pageErrors);
});

test("an updated service worker reloads the page once", async ({ page }) => {
  await installWorker(page, "/gamehall");
  // Controlled from the start now: the next worker to take over is an update.
  await page.reload();
  await page.keyboard.press("Shift");
  await expect(page.locator("html")).toHaveAttribute("data-pwa", "default");
  await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));

  // A deploy, as the browser sees it: another version of the worker's script.
  const reloaded = page.waitForEvent("load");
  await page.evaluate(() => void navigator.serviceWorker.register("/sw.js?v=e2e-next", { scope: "/" }));
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem("pf.sw.reloadAt"))).not.toBeNull();
});

test("an operator's app (webViewApp) gets no service worker and no install offer", async ({ page }) => {
  await page.goto("/?platform=webview");
  await expect(page.locator("html")).toHaveAttribute("data-pwa", "webViewApp");
  // What the browser fires when it would offer installing: no button in the app.
  await page.evaluate(() => dispatchEvent(new Event("beforeinstallprompt")));
  await expect(page.locator("#pwa-install")).toHaveCount(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  // Remembered: the next page is still the app's.
  await page.goto("/gamehall");
  await expect(page.locator("html")).toHaveAttribute("data-pwa", "webViewApp");
});

test("a browser tab gets the install offer, and a dismissed one stays away", async ({ page }) => {
  await page.goto("/gamehall");
  await page.evaluate(() => dispatchEvent(new Event("beforeinstallprompt")));
  const offer = page.locator("#pwa-install");
  await expect(offer.getByRole("button", { name: msg("en", "pwa.install") })).toBeVisible();
  await offer.getByRole("button", { name: msg("en", "pwa.dismiss") }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await page.evaluate(() => dispatchEvent(new Event("beforeinstallprompt")));
  await expect(page.locator("html")).toHaveAttribute("data-pwa", "default");
  await expect(offer).toHaveCount(0);
});

test("the manifest opens the installed app as the PWA platform", async ({ request }) => {
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as { start_url: string; icons: unknown[] };
  expect(manifest.start_url).toBe("/?platform=pwa");
  expect(manifest.icons.length).toBeGreaterThan(0);
});
