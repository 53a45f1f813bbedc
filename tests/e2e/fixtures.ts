import { readFileSync } from "node:fs";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

export { expect };

export const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** What the seed (migrations/seed) puts on the site, as a player reads it. */
export const SEED = {
  siteName: "Playfront Casino",
  heroTitle: "Your next big win starts here",
  locales: ["en", "es", "pt", "ar"],
  popupTitle: "Welcome to Playfront",
} as const;

type Bundle = { [key: string]: string | Bundle };
const bundles = new Map<string, Bundle>();

/** A message of the seeded bundle of `locale` (migrations/seed/messages), e.g. msg("es", "header.language"). */
export function msg(locale: string, key: string): string {
  let bundle = bundles.get(locale);
  if (!bundle) {
    bundle = JSON.parse(readFileSync(`migrations/seed/messages/${locale}.json`, "utf8")) as Bundle;
    bundles.set(locale, bundle);
  }
  const value = key.split(".").reduce<string | Bundle | undefined>((node, k) => (typeof node === "object" ? node[k] : undefined), bundle);
  if (typeof value !== "string") throw new Error(`no message ${key} in the ${locale} bundle`);
  return value;
}

/**
 * An English text of the bundle with `{{vars}}` filled. A key the bundle lacks throws (as msg()
 * does): the page would show the bare key, and a test looking for the key would pass on it.
 */
export function tr(key: string, vars: Record<string, string> = {}): string {
  return msg("en", key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);
}

/**
 * A client address no other test (nor an earlier run on the same database) uses: an IPv6 address
 * of the documentation range with random bits. The platform throttles per client address
 * (sign-in, promo codes, registration: decisions 0024, 0061) and reads it from CF-Connecting-IP,
 * which Cloudflare sets in production and wrangler dev passes on when the client sent one; without
 * it, every test would be 127.0.0.1 and the suite would throttle itself.
 */
export function clientAddress(): string {
  const word = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${word()}:${word()}:${word()}:${word()}:${word()}:${word()}`;
}

/**
 * `test` with one automatic check: a page may not throw, log a console error (hydration
 * mismatches, CSP violations…) or report a CSP violation during the test. A 404 document
 * logs "Failed to load resource" by design, so that message alone is allowed.
 */
export const test = base.extend<{ pageErrors: string[]; networkLog: void }>({
  /** Each test's browser and request contexts come from a client address of their own (clientAddress). */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "cf-connecting-ip": clientAddress() });
  },
  /**
   * A failing test's network, printed with its errors: what
   * every page of its context had asked and not yet got when it failed, the slowest answers, and
   * the navigations — so a hang on a busy CI machine says where it waited.
   */
  networkLog: [
    async ({ context }, use, testInfo) => {
      const start = Date.now();
      const at = () => ((Date.now() - start) / 1000).toFixed(1);
      const pending = new Map<object, string>();
      const done: { ms: number; line: string }[] = [];
      const events: string[] = [];
      const began = new Map<object, number>();
      context.on("request", (r) => {
        began.set(r, Date.now());
        pending.set(r, `${at()}s ${r.method()} ${r.url()} (${r.resourceType()})`);
      });
      const finish = (r: import("@playwright/test").Request, how: string) => {
        const line = pending.get(r);
        pending.delete(r);
        if (line) done.push({ ms: Date.now() - (began.get(r) ?? Date.now()), line: `${line} ${how}` });
      };
      context.on("requestfinished", (r) => finish(r, "finished"));
      context.on("requestfailed", (r) => finish(r, `failed: ${r.failure()?.errorText ?? ""}`));
      const watch = (p: import("@playwright/test").Page) => {
        p.on("framenavigated", (f) => f === p.mainFrame() && events.push(`${at()}s navigated ${f.url()}`));
        p.on("load", () => events.push(`${at()}s load ${p.url()}`));
        p.on("close", () => events.push(`${at()}s closed ${p.url()}`));
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const slowest = done
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 12)
        .map((d) => `${d.ms} ms: ${d.line}`);
      const body = [`pending at ${at()}s:`, ...pending.values(), "", "slowest answers:", ...slowest, "", "pages:", ...events.slice(-40)].join("\n");
      // An error, not an attachment: the list reporter cuts text attachments at 300 characters.
      throw new Error(`(diagnostic, not a second failure) the failed test's network:\n${body}`);
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) errors.push(`console: ${m.text()}`);
      });
      await use(errors);
      expect(errors, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

/** Two animation frames: a resize's layout, and any resize handler, have run. */
export async function afterLayout(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Whether this test runs in the `js` project (the `no-js` one runs @nojs tests with JavaScript off). */
export const jsOn = () => test.info().project.name !== "no-js";

/**
 * A slot that feeds no jackpot, for tests that play real rounds: jackpots.spec watches the Mini
 * pool grow by exactly one round's contribution, and a round of another test on a jackpot game
 * (any of them feeds Mini) running at the same time would grow it too.
 */
export async function slotOutsideJackpots(
  request: APIRequestContext,
): Promise<{ sysname: string; title: string; provider_name: string; min_bet: { amount: number } }> {
  const res = await request.get("/api/games/get", { params: { options: JSON.stringify({ category: "slots", count: 48 }) } });
  expect(res.status()).toBe(200);
  // Every jackpot pools from the games of the "jackpot" category (migration 0011).
  const slot = (await res.json()).data.items.find((g: { categories: string[] }) => !g.categories.includes("jackpot"));
  expect(slot, "a slot outside the jackpot category").toBeTruthy();
  return slot;
}

/** The `<html>` element, for lang, dir and data-theme. */
export const html = (page: Page) => page.locator("html");

/** The site header of the default layout (the page's banner landmark). */
export const siteHeader = (page: Page) => page.getByRole("banner");

/** The sidebar (complementary landmark "Site menu"). */
export const sidebar = (page: Page) => page.getByRole("complementary", { name: "Site menu" });

/** A path of the test server as a full URL (page.url() is absolute). */
export function absolute(path: string): string {
  return new URL(path, process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 8790}`).href;
}

/** Fetches a page without following redirects. */
export async function getNoFollow(request: APIRequestContext, path: string, headers?: Record<string, string>) {
  return request.get(path, { maxRedirects: 0, headers });
}

/**
 * With JavaScript, waits until the authentication popup's machine has taken its form over (its
 * lazy chunk loaded and hydrated): before that, keys and clicks reach the plain HTML form.
 */
export async function popupEnhanced(page: Page, js = true): Promise<void> {
  if (js) await expect(page.getByRole("dialog").locator("form[data-enhanced]").first()).toBeAttached();
}
