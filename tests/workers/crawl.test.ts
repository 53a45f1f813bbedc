/**
 * What crawlers and validators meet (issue 41): one URL per page, robots.txt and the sitemaps,
 * the favicon, language versions that exist, 404 for what is not a page, through the whole Worker.
 */
import { describe, expect, it, vi } from "vitest";
import { send } from "./helpers";

vi.setConfig({ testTimeout: 60_000 });

const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" };
const page = (path: string) => send(path, { headers: BROWSER, redirect: "manual" });

describe("one URL per page", () => {
  it.each([
    ["/gamehall/", "/gamehall"],
    ["/es/gamehall/?category=slots", "/es/gamehall?category=slots"],
    ["/es/", "/es"],
    ["/about//", "/about"],
  ])("%s answers 301 to %s", async (from, to) => {
    const res = await page(from);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(to);
  });

  it("names the unslashed URL its canonical", async () => {
    const html = await (await page("/gamehall")).text();
    expect(html).toContain('<link rel="canonical" href="https://playfront.test/gamehall"/>');
  });
});

describe("pages that are not there", () => {
  it("answers 404 under an unknown locale prefix, also for a section that needs a player", async () => {
    for (const path of ["/xx/offers", "/xx/cashier/deposit", "/zz/gamehall"]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
    }
  });

  it("serves the icon sheet plain and under every locale prefix", async () => {
    for (const path of ["/_icons", "/es/_icons", "/ar/_icons"]) expect((await page(path)).status, path).toBe(200);
    expect((await page("/xx/_icons")).status).toBe(404);
  });

  it("names as alternates only the languages a page exists in (the VPN page is on in English only)", async () => {
    const html = await (await page("/vpn")).text();
    expect(html).toContain('<link rel="alternate" hrefLang="en" href="https://playfront.test/vpn"/>');
    expect(html).toContain('hrefLang="x-default"');
    expect(html).not.toContain('<link rel="alternate" hrefLang="es"');
    // The language switcher leads a reader to the Spanish home instead of a missing page.
    expect(html).toContain('<a href="/es" hrefLang="es" lang="es">');
    expect((await page("/es/vpn")).status).toBe(404);
    // Every other page names every language.
    expect(await (await page("/support")).text()).toContain('<link rel="alternate" hrefLang="es" href="https://playfront.test/es/support"/>');
  });
});

describe("robots.txt, sitemaps and the favicon", () => {
  it("robots.txt keeps crawlers out of player areas in every language and names the sitemap", async () => {
    const txt = await (await page("/robots.txt")).text();
    for (const p of ["/cashier", "/es/cashier", "/ar/profile", "/pt/forms/", "/api/"]) expect(txt).toContain(`Disallow: ${p}\n`);
    expect(txt).toContain("Sitemap: https://playfront.test/sitemap.xml");
    expect(txt).not.toContain("Host:");
  });

  it("the sitemap index names the pages' sitemap and one per 500 games, and each lists real pages in every language", async () => {
    const index = await page("/sitemap.xml");
    expect(index.headers.get("content-type")).toMatch(/^application\/xml/);
    const parts = [...(await index.text()).matchAll(/<loc>https:\/\/playfront\.test(\/sitemaps\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(parts[0]).toBe("/sitemaps/pages.xml");
    expect(parts.length).toBeGreaterThan(2);

    const pages = await (await page("/sitemaps/pages.xml")).text();
    for (const loc of [
      "https://playfront.test/",
      "https://playfront.test/es/betting",
      "https://playfront.test/ar/promotions",
      "https://playfront.test/pt/faq",
      "https://playfront.test/jackpots/1",
    ]) {
      expect(pages).toContain(`<loc>${loc}</loc>`);
    }
    expect(pages).toContain("<loc>https://playfront.test/vpn</loc>");
    expect(pages).not.toContain("<loc>https://playfront.test/es/vpn</loc>");
    expect(pages).not.toContain("/cashier");

    const games = await (await page(parts[1]!)).text();
    const locs = [...games.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(500 * 4);
    // A listed game's page is there.
    const game = new URL(locs.find((l) => l.includes("/es/game/"))!).pathname;
    expect((await page(game)).status).toBe(200);
    // Past the last games page, and any other name: 404.
    expect((await page(`/sitemaps/games-${parts.length}.xml`)).status).toBe(404);
    expect((await page("/sitemaps/other.xml")).status).toBe(404);
  });

  it("/favicon.ico leads to the site's own icon", async () => {
    const res = await page("/favicon.ico");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/favicon.svg");
  });

  it("/support is described for search results and shared links", async () => {
    const html = await (await page("/support")).text();
    expect(html).toMatch(/<meta name="description" content="Write to us[^"]*"\/>/);
    expect(html).toContain('<meta property="og:title" content="Support"/>');
  });
});
