import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build under wrangler dev (scripts/e2e-server.mjs).
 * `npm test` builds the app and prepares a fresh database in .wrangler/e2e-state first; running
 * `npx playwright test` alone needs a prior build and that database.
 *
 * Two projects: `js` runs every test; `no-js` runs the tests tagged @nojs with JavaScript off:
 * those whose subject is a form or navigation, proving they work before (or without) hydration
 * (decision 0067). scripts/test.mjs runs the two one after the other, each as a stage of its own.
 */
const port = Number(process.env.E2E_PORT ?? 8790);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * A regular desktop Chrome user agent. Headless Chromium says "HeadlessChrome", which isbot
 * (rightly) counts as a crawler, and crawlers get another document: no streaming, no error page.
 */
const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/**
 * Worker vars of the test server. Banners answer 300 ms late so the home page's streaming is
 * observable deterministically (shell with the placeholder first, banners after); nothing else
 * is slowed down. Override with E2E_SIMULATED_LATENCY (empty for none). The demo payment system
 * settles a pending payment after 5 s instead of wrangler.toml's 15, so the test that watches the
 * pending page turn into success waits for the page, not the clock.
 */
const serverVars = {
  SIMULATED_LATENCY: process.env.E2E_SIMULATED_LATENCY ?? "banners:300",
  DEMO_PAYMENT_PENDING_SECONDS: "5",
  // A document's last analytics batch (pagehide, fetch keepalive: the page_view and web_vitals a
  // page sends when it is left) reaches the server without the test's own client address (the
  // context's extra headers are not applied to a request outliving its document), so every test's
  // land on 127.0.0.1: 301 of the suite's events in 10 minutes, and the 301st test to leave a page
  // found its vitals refused (429). One address for the whole suite is not a household.
  ANALYTICS_PER_ADDRESS: "100000",
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: Math.min(2, Number(process.env.E2E_WORKERS ?? 2)),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // scripts/test.mjs runs each project on its own and names each report (E2E_JSON).
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON ?? "test-results/playwright.json" }]],
  use: {
    baseURL,
    userAgent: BROWSER_UA,
    locale: "en-US",
    reducedMotion: "reduce",
    // A registered service worker would answer later tests from its cache: only pwa.spec.ts allows them.
    serviceWorkers: "block",
    // Traces cost about a second a test on two cores: opt in with E2E_TRACE=1 when debugging.
    // Tracing's DOM snapshots lay out the phone sidebar's content-visibility:hidden content, so
    // axe then finds "#sidebar" a scrollable region without focusable content: the a11y player
    // audits fail under E2E_TRACE only (checked 2026-11-26), not a product defect.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions: {
      // Debian's headless shell: the same Chromium without the desktop browser around it (decision 0070).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // A test's pages live for seconds: V8's optimizing tiers (Maglev, TurboFan) compile code
        // that never runs long enough to pay back, on the cores the server and the other worker
        // need. Ignition and Sparkplug only: the renderers' CPU −13 % on two cores (decision 0077).
        "--js-flags=--max-opt=1",
      ],
    },
  },
  projects: [
    {
      name: "js",
      use: { ...devices["Desktop Chrome"], userAgent: BROWSER_UA, javaScriptEnabled: true, serviceWorkers: "block" },
    },
    {
      name: "no-js",
      grep: /@nojs/,
      use: { ...devices["Desktop Chrome"], userAgent: BROWSER_UA, javaScriptEnabled: false, serviceWorkers: "block" },
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      E2E_PORT: String(port),
      E2E_VARS: JSON.stringify(serverVars),
      WRANGLER_SEND_METRICS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
    },
  },
});
