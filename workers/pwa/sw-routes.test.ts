import { describe, expect, it } from "vitest";
import { offlinePathFor, swStrategy } from "./sw-routes";
import { serviceWorkerSource } from "./service-worker";
import { markOfflineCacheable } from "./route";

const origin = "https://casino.example";
const nav = (path: string) => swStrategy({ method: "GET", url: origin + path, mode: "navigate", origin });
const sub = (path: string) => swStrategy({ method: "GET", url: origin + path, mode: "cors", origin });

describe("the service worker's routing", () => {
  it("serves the build's hashed files cache-first", () => {
    expect(sub("/assets/root-Cx1.js")).toBe("static");
    expect(sub("/assets/fonts/inter-9f.woff2")).toBe("static");
    expect(sub("/assets")).toBe("bypass");
  });

  it("never answers the API, platform pages, realtime or route data from a cache", () => {
    for (const path of ["/api/account/getInfo", "/api/nfx/i18n/locales", "/platform/demo/inbox", "/realtime", "/oauth/google", "/gamehall.data", "/es/gamehall.data", "/_ipx/w_200/x.png", "/sw.js"]) {
      expect(nav(path), path).toBe("bypass");
      expect(sub(path), path).toBe("bypass");
    }
  });

  it("keeps public documents network-first and personal pages network-only, with or without a locale prefix", () => {
    for (const path of ["/", "/gamehall", "/es/gamehall", "/game/book-of-gold", "/promotions?x=1", "/es"]) expect(nav(path), path).toBe("document");
    for (const path of ["/profile/bonuses", "/es/profile/settings", "/cashier/deposit", "/pt/cashier", "/vpn", "/forms/sign_in", "/confirmation?token=x", "/auth"])
      expect(nav(path), path).toBe("personal");
  });

  it("lets other methods, origins and non-document requests through", () => {
    expect(swStrategy({ method: "POST", url: `${origin}/gamehall`, mode: "navigate", origin })).toBe("bypass");
    expect(swStrategy({ method: "GET", url: "https://cdn.other.example/assets/x.js", mode: "cors", origin })).toBe("bypass");
    expect(sub("/images/logo.svg")).toBe("bypass");
    expect(swStrategy({ method: "GET", url: "not a url", mode: "navigate", origin })).toBe("bypass");
  });

  it("shows the offline page of the path's locale", () => {
    expect(offlinePathFor("/es/gamehall")).toBe("/es/offline");
    expect(offlinePathFor("/gamehall")).toBe("/offline");
    expect(offlinePathFor("/")).toBe("/offline");
  });

  it("embeds the same routing in the worker's script, which parses", () => {
    const source = serviceWorkerSource({ version: "abc", shell: ["/assets/entry.client-1.js"] });
    expect(source).toContain('"version":"abc"');
    expect(() => new Function(source)).not.toThrow();
  });
});

describe("which documents the worker may keep", () => {
  const html = () => new Response("<!doctype html>", { headers: { "content-type": "text/html; charset=utf-8" } });
  const get = (cookie?: string) => new Request(`${origin}/gamehall`, { headers: cookie ? { cookie } : {} });
  it("marks a page fetched without a session, and no other", () => {
    expect(markOfflineCacheable(get(), html()).headers.get("Playfront-Offline")).toBe("cacheable");
    expect(markOfflineCacheable(get("theme=dark"), html()).headers.get("Playfront-Offline")).toBe("cacheable");
    expect(markOfflineCacheable(get("theme=dark; pf_session=abc"), html()).headers.has("Playfront-Offline")).toBe(false);
    expect(markOfflineCacheable(get("__Host-pf_session=abc"), html()).headers.has("Playfront-Offline")).toBe(false);
    const json = new Response("{}", { headers: { "content-type": "application/json" } });
    expect(markOfflineCacheable(get(), json).headers.has("Playfront-Offline")).toBe(false);
    const locale = html();
    locale.headers.append("set-cookie", "locale=en; Path=/");
    expect(markOfflineCacheable(get(), locale).headers.get("Playfront-Offline")).toBe("cacheable");
    const session = html();
    session.headers.append("set-cookie", "locale=en; Path=/");
    session.headers.append("set-cookie", "pf_session=abc; Path=/; HttpOnly");
    expect(markOfflineCacheable(get(), session).headers.has("Playfront-Offline")).toBe(false);
    expect(markOfflineCacheable(new Request(`${origin}/x`, { method: "POST" }), html()).headers.has("Playfront-Offline")).toBe(false);
  });
});
