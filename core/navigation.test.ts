import { describe, expect, it } from "vitest";
import type { Redirect } from "./api/cms";
import { checkNavigation, matchSiteRedirect, safeRedirectPath, sameOriginPath, UnsafeNavigationError } from "./navigation";

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

describe("sameOriginPath", () => {
  it("keeps a site path, and gives an absolute URL on the origin as its path", () => {
    expect(sameOriginPath("/gamehall?category=slots#top", origin)).toBe("/gamehall?category=slots#top");
    expect(sameOriginPath("https://casino.example/es/about?x=1", origin)).toBe("/es/about?x=1");
  });
  it("reads a leading run of slashes or backslashes as one slash: the path, not a host", () => {
    expect(sameOriginPath("//evil.example", origin)).toBe("/evil.example");
    expect(sameOriginPath("///evil.example/x?y=1", origin)).toBe("/evil.example/x?y=1");
    expect(sameOriginPath("/\\evil.example", origin)).toBe("/evil.example");
    expect(sameOriginPath("\\/evil.example", origin)).toBe("/evil.example");
    expect(sameOriginPath("/.//evil.example", origin)).toBe("/evil.example");
    expect(sameOriginPath("//", origin)).toBe("/");
  });
  it("gives the fallback for other origins, other schemes and control characters", () => {
    for (const v of ["https://evil.example/", "http://casino.example/", "javascript:alert(1)", "/\t/evil.example", "/x\ny"]) {
      expect(sameOriginPath(v, origin, "/home"), JSON.stringify(v)).toBe("/home");
    }
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
  it("keeps an internal wildcard target on the site whatever the captured rest", () => {
    const toRoot: Redirect[] = [{ from_url: "/go/*", to_url: "/*", external: false, status: 302 }];
    for (const path of ["/go//evil.example", "/go///evil.example/x", "/go/%2F%2Fevil.example"]) {
      const r = matchSiteRedirect(toRoot, path, "?a=1")!;
      expect(new URL(r.location, origin).origin, path).toBe(origin);
      expect(r.external).toBe(false);
    }
    expect(matchSiteRedirect(toRoot, "/go//evil.example", "")?.location).toBe("/evil.example");
  });
  it("keeps an external wildcard target on the operator's site", () => {
    const out: Redirect[] = [{ from_url: "/partner/*", to_url: "https://partner.example/*", external: true, status: 302 }];
    const r = matchSiteRedirect(out, "/partner//evil.example/x", "")!;
    expect(new URL(r.location).origin).toBe("https://partner.example");
    expect(r.external).toBe(true);
  });
  it("never redirects a path to itself", () => {
    expect(matchSiteRedirect([{ from_url: "/x*", to_url: "/x", external: false, status: 301 }], "/x", "")).toBeUndefined();
  });
});
