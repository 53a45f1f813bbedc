import { describe, expect, it } from "vitest";
import type { Redirect } from "./api/cms";
import { checkNavigation, matchSiteRedirect, safeRedirectPath, UnsafeNavigationError } from "./navigation";

const origin = "https://casino.example";

describe("checkNavigation", () => {
  it("allows same-origin paths and URLs", () => {
    expect(checkNavigation("/gamehall?category=slots", { origin })).toBe("/gamehall?category=slots");
    expect(checkNavigation("https://casino.example/about#top", { origin })).toBe("/about#top");
  });
  it("refuses external URLs unless marked external", () => {
    expect(() => checkNavigation("https://evil.example/", { origin })).toThrow(UnsafeNavigationError);
    expect(checkNavigation("https://help.example/x", { origin, external: true })).toBe("https://help.example/x");
  });
  it("refuses disallowed protocols even when marked external", () => {
    for (const t of ["javascript:alert(1)", "data:text/html,hi", "vbscript:x", "file:///etc/passwd"]) {
      expect(() => checkNavigation(t, { origin, external: true })).toThrow(/protocol/);
    }
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeRedirectPath("/cashier/deposit?x=1")).toBe("/cashier/deposit?x=1");
  });
  it("falls back for anything that could leave the site", () => {
    for (const v of ["https://evil.example", "//evil.example", "/\\evil.example", "evil", "", null, undefined, "javascript:alert(1)"]) {
      expect(safeRedirectPath(v, "/home")).toBe("/home");
    }
  });
  it("never returns a path that starts a new host after dot segments or a locale prefix", () => {
    for (const v of ["/.//evil.example", "/..//evil.example", "/%2e%2E//evil.example", "/a/..//evil.example", "/./\t/evil.example"]) {
      expect(safeRedirectPath(v)).toBe("/evil.example");
    }
    // auth.ts strips a locale prefix from this path: the rest must not become '//evil.example'.
    expect(safeRedirectPath("/es//evil.example?x=1")).toBe("/es/evil.example?x=1");
  });
});

describe("matchSiteRedirect", () => {
  const redirects: Redirect[] = [
    { from_url: "/promo/*", to_url: "/promotions", external: false, status: 301 },
    { from_url: "/old-games/*", to_url: "/gamehall/*", external: false, status: 302 },
    { from_url: "/casino", to_url: "/gamehall", external: false, status: 301 },
    { from_url: "/licence", to_url: "https://regulator.example/licence?id=7", external: true, status: 302 },
  ];
  it("matches a wildcard and preserves the query", () => {
    expect(matchSiteRedirect(redirects, "/promo/summer", "?a=1")).toEqual({ location: "/promotions?a=1", status: 301, external: false });
    expect(matchSiteRedirect(redirects, "/promo", "")).toMatchObject({ location: "/promotions" });
  });
  it("carries the wildcard's rest into a wildcard target", () => {
    expect(matchSiteRedirect(redirects, "/old-games/slots", "")).toMatchObject({ location: "/gamehall/slots", status: 302 });
  });
  it("matches exact paths, ignoring a trailing slash", () => {
    expect(matchSiteRedirect(redirects, "/casino/", "?b=2")).toMatchObject({ location: "/gamehall?b=2" });
    expect(matchSiteRedirect(redirects, "/casino-royale", "")).toBeUndefined();
  });
  it("sends external targets out with both queries merged", () => {
    expect(matchSiteRedirect(redirects, "/licence", "?ref=footer")).toEqual({
      location: "https://regulator.example/licence?id=7&ref=footer",
      status: 302,
      external: true,
    });
  });
  it("never redirects a path to itself", () => {
    expect(matchSiteRedirect([{ from_url: "/x*", to_url: "/x", external: false, status: 301 }], "/x", "")).toBeUndefined();
  });
});
