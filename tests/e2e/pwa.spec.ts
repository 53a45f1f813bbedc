import type { BrowserContext, Page, Route } from "@playwright/test";
import { closeLoginCampaignPopup, registerByApi, unique } from "./accounts-fixtures";
import { expect, msg, siteHeader, test } from "./fixtures";

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
 * Offline, React Router's route discovery (`/__manifest`, never cached) fails and logs it, and so
 * does the chat, which skips itself when its settings cannot load (decision 0055): that is the
 * network being down, not a defect. Every other error still fails the test.
 */
function allowOfflineDiscovery(pageErrors: string[]) {
  const offline = ["console: Failed to fetch manifest patches", "console: chat: settings failed to load; chat skipped"];
  const rest = pageErrors.filter((e) => !offline.some((o) => e.startsWith(o)));
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

/** Resolves once the service worker keeps a copy of `path` (it stores a visited page after answering it). */
async function kept(page: Page, path: string) {
  await expect
    .poll(() => page.evaluate(async (p) => (await caches.match(new URL(p, location.href).href, { ignoreVary: true })) !== undefined, path))
    .toBe(true);
}

test("offline, a client-side navigation loads the kept copy of a visited page, or the offline page — never the router's error screen", async ({
  page,
  context,
}) => {
  await installWorker(page, "/faq");
  const faq = await page.getByRole("heading", { level: 1 }).first().textContent();
  // A fresh document: the router discovers the routes of its links (/__manifest) while online.
  const discovered = page.waitForResponse((r) => r.url().includes("/__manifest"));
  await page.goto("/gamehall");
  await discovered;

  // The connection drops and the browser does not know it (navigator.onLine stays true): the
  // worker's fetches fail, so the router's own client-side navigation meets the worker.
  await context.route("**", (route: Route) => (route.request().serviceWorker() ? route.abort("internetdisconnected") : route.continue()));
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  const routeData = page.waitForRequest((r) => new URL(r.url()).pathname === "/faq.data");
  const faqDocument = page.waitForResponse((r) => r.request().resourceType() === "document" && new URL(r.url()).pathname === "/faq");
  await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
  await routeData;
  // The router's data request failed, so it loaded the page as a document, from the worker's copy.
  expect((await faqDocument).fromServiceWorker()).toBe(true);
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(faq ?? "");

  // A page never visited: the offline page, with its way back.
  const aboutDocument = page.waitForResponse((r) => r.request().resourceType() === "document" && new URL(r.url()).pathname === "/about");
  await page.locator("footer").getByRole("link", { name: "About us" }).click();
  expect((await aboutDocument).fromServiceWorker()).toBe(true);
  await expect(page.getByTestId("offline-page")).toBeVisible();
  await expect(page.getByRole("heading", { name: msg("en", "pwa.offlineTitle") })).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
});

test("opened offline, a tap on a link loads the kept page, or the offline page, though the router cannot look the route up", async ({
  page,
  context,
  pageErrors,
}) => {
  await installWorker(page, "/faq");
  const faq = await page.getByRole("heading", { level: 1 }).first().textContent();
  await page.goto("/gamehall");
  await kept(page, "/gamehall");
  await goOffline(context);
  // From the worker's copy; the router's route discovery (/__manifest) fails for every link now.
  expect((await page.reload())?.fromServiceWorker()).toBe(true);
  await page.keyboard.press("Shift");
  await expect(page.locator("html")).toHaveAttribute("data-pwa", "default");

  await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(faq ?? "");

  await page.keyboard.press("Shift");
  await page.locator("footer").getByRole("link", { name: "About us" }).click();
  await expect(page.getByTestId("offline-page")).toBeVisible();
  allowOfflineDiscovery(pageErrors);
});

test("online, a player's client-side navigation passes through the worker with their session, and nothing of it is kept", async ({ page }) => {
  const email = unique("pwa-player");
  await registerByApi(page.request, email);
  await closeLoginCampaignPopup(page.request);
  await installWorker(page, "/faq");
  await expect(siteHeader(page).getByText(email)).toBeVisible();

  const routeData = page.waitForResponse((r) => new URL(r.url()).pathname === "/about.data");
  await page.locator("footer").getByRole("link", { name: "About us" }).click();
  const data = await routeData;
  expect(data.fromServiceWorker()).toBe(true);
  expect(data.status()).toBe(200);
  await expect(page).toHaveURL(/\/about$/);
  await expect(siteHeader(page).getByText(email)).toBeVisible();

  // Route data is never stored, nor a page served to a signed-in player (the /faq copy is the
  // public one the worker fetched without cookies on install).
  const stored = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
    return urls;
  });
  expect(stored.filter((u) => u.endsWith(".data") || u === "/about")).toEqual([]);
  expect(stored).toContain("/faq");
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

/** The seeded footer's licence link (migrations/seed/cms/en.json): another site, `target="_blank"`. */
const LICENCE = "https://www.gamblingcommission.gov.uk/";

test.describe("links to other sites in an operator's app (webViewApp)", () => {
  // What the operator's native shell puts in its WebView's user agent (app/features/pwa/platform.ts).
  test.use({ userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 PlayfrontApp/2.3" });

  /** A link to another site in the footer, and what its click reached: new tabs, requests to that site. */
  async function watchOutside(page: Page, context: BrowserContext) {
    const outside: string[] = [];
    // Never the real network: a request for the other site is recorded and answered here.
    await context.route("https://www.gamblingcommission.gov.uk/**", (route) => {
      outside.push(route.request().url());
      return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Licence</title><h1>Licence</h1>" });
    });
    const tabs: Page[] = [];
    context.on("page", (p) => tabs.push(p));
    return { outside, tabs, link: page.locator("footer").getByRole("link", { name: "Licence" }) };
  }

  test("the React Native bridge gets the link, the page stays, and a link of the site navigates as usual", async ({ page, context }) => {
    await page.addInitScript(() => {
      const sent: string[] = [];
      (window as unknown as { sent: string[] }).sent = sent;
      (window as unknown as { ReactNativeWebView: unknown }).ReactNativeWebView = { postMessage: (m: string) => sent.push(m) };
    });
    // The home page, as the tests below: the game hall's infinite scroll appends games when its footer
    // is scrolled into view, moving the footer's links under the click (CI of 44c5e80 clicked the grid).
    await page.goto("/");
    // /pwa.js runs at once in the app (no first interaction needed) and says so on <html>.
    await expect(page.locator("html")).toHaveAttribute("data-pwa", "webViewApp");
    const { outside, tabs, link } = await watchOutside(page, context);
    await expect(link).toHaveAttribute("target", "_blank");

    await link.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sent: string[] }).sent))
      .toEqual([JSON.stringify({ type: "openExternal", url: LICENCE })]);
    await expect(link).not.toHaveAttribute("target", /.*/);
    await expect(link).toHaveAttribute("data-external", "");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(tabs).toEqual([]);
    expect(outside).toEqual([]);

    // A link to another page of the site is the site's: a client-side navigation, nothing to the host.
    const before = await page.evaluate(() => performance.getEntriesByType("navigation").length + ":" + performance.timeOrigin);
    await page.locator("footer").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Same document (no reload), and no message for it.
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length + ":" + performance.timeOrigin)).toBe(before);
    expect(await page.evaluate(() => (window as unknown as { sent: string[] }).sent.length)).toBe(1);

    // Still no install offer and no service worker in the app.
    await page.evaluate(() => dispatchEvent(new Event("beforeinstallprompt")));
    await expect(page.locator("#pwa-install")).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  });

  test("an iOS shell's WKWebView handler `playfront` gets the link as an object", async ({ page, context }) => {
    await page.addInitScript(() => {
      const sent: unknown[] = [];
      (window as unknown as { sent: unknown[] }).sent = sent;
      (window as unknown as { webkit: unknown }).webkit = { messageHandlers: { playfront: { postMessage: (m: unknown) => sent.push(m) } } };
    });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-pwa", "webViewApp");
    const { outside, tabs, link } = await watchOutside(page, context);
    await link.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { sent: unknown[] }).sent)).toEqual([{ type: "openExternal", url: LICENCE }]);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(tabs).toEqual([]);
    expect(outside).toEqual([]);
  });

  test("without a bridge the other site opens in place, not in a new window", async ({ page, context }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-pwa", "webViewApp");
    const { outside, tabs, link } = await watchOutside(page, context);
    await link.click();
    await expect(page).toHaveURL(LICENCE);
    await expect(page.getByRole("heading", { name: "Licence" })).toBeVisible();
    expect(outside).toEqual([LICENCE]);
    expect(tabs).toEqual([]);
  });
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
