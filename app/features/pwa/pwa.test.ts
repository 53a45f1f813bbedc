import { describe, expect, it } from "vitest";
import { detectPlatform } from "./platform";
import { shouldReload } from "./reload-guard";

describe("the reload guard", () => {
  it("reloads once, then not again within 10 s", () => {
    expect(shouldReload(null, 50_000)).toBe(true);
    expect(shouldReload("45000", 50_000)).toBe(false);
    expect(shouldReload("40000", 50_000)).toBe(true);
    expect(shouldReload("garbage", 50_000)).toBe(true);
  });
});

describe("the platform type", () => {
  const req = (path: string, headers: Record<string, string> = {}) => new Request(`https://casino.example${path}`, { headers });
  it("follows the query and remembers it", () => {
    const pwa = detectPlatform(req("/?platform=pwa"), "default", true);
    expect(pwa.platform).toBe("PWA");
    expect(pwa.setCookie).toMatch(/^pf_platform=PWA; .*Secure/);
    expect(detectPlatform(req("/?platform=webview", { cookie: "pf_platform=webViewApp" }), "default", true)).toEqual({
      platform: "webViewApp",
      setCookie: null,
    });
  });
  it("knows an operator app by its user agent, then by the cookie, else the site's setting", () => {
    expect(detectPlatform(req("/", { "user-agent": "Mozilla/5.0 (Linux; Android 14; wv) PlayfrontApp/2.3" }), "default", false).platform).toBe("webViewApp");
    expect(detectPlatform(req("/", { cookie: "pf_platform=webViewApp" }), "default", false).platform).toBe("webViewApp");
    expect(detectPlatform(req("/", { cookie: "pf_platform=bogus" }), "PWA", false).platform).toBe("PWA");
    expect(detectPlatform(req("/?platform=nonsense"), "default", false)).toEqual({ platform: "default", setCookie: null });
  });
});
