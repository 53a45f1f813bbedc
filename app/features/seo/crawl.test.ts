import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapIndex, sitemapPart, urlset } from "./crawl";

const site = { origin: "https://casino.example", locales: ["en", "es"], defaultLocale: "en" };

describe("robots.txt", () => {
  const txt = robotsTxt(site);
  it("keeps crawlers out of the player areas under every locale prefix", () => {
    for (const p of ["/cashier", "/es/cashier", "/profile", "/es/profile", "/offers", "/es/offers", "/forms/", "/es/forms/", "/api/"]) {
      expect(txt.split("\n")).toContain(`Disallow: ${p}`);
    }
  });
  it("names the sitemap and carries no obsolete Host line", () => {
    expect(txt).toContain("Sitemap: https://casino.example/sitemap.xml");
    expect(txt).not.toMatch(/^Host:/m);
  });
});

describe("sitemaps", () => {
  it("lists each page in every locale, each naming its language versions", () => {
    const xml = urlset(site, [{ path: "/" }, { path: "/game/a&b", updatedAt: 1_793_491_200 }]);
    expect(xml.match(/<url>/g)).toHaveLength(4);
    expect(xml).toContain("<loc>https://casino.example/es</loc>");
    expect(xml).toContain("<loc>https://casino.example/game/a&amp;b</loc><lastmod>2026-11-01</lastmod>");
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="es" href="https://casino.example/es/game/a&amp;b"/>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://casino.example/game/a&amp;b"/>');
  });
  it("lists a page switched per locale only where it exists", () => {
    const xml = urlset(site, [{ path: "/vpn", locales: ["es"] }]);
    expect(xml.match(/<url>/g)).toHaveLength(1);
    expect(xml).toContain("<loc>https://casino.example/es/vpn</loc>");
    expect(xml).not.toContain("x-default");
  });
  it("indexes the pages and one games sitemap per 500 games", () => {
    const xml = sitemapIndex(site, 1001);
    expect(xml.match(/<sitemap>/g)).toHaveLength(4);
    expect(xml).toContain("<loc>https://casino.example/sitemaps/games-3.xml</loc>");
  });
  it("knows only its own file names", () => {
    expect(sitemapPart("pages.xml")).toEqual({ kind: "pages" });
    expect(sitemapPart("games-2.xml")).toEqual({ kind: "games", page: 2 });
    for (const bad of ["games-0.xml", "games-01.xml", "games-x.xml", "pages", "../pages.xml"]) expect(sitemapPart(bad)).toBeNull();
  });
});
