import { describe, expect, it } from "vitest";
import { assetRefs, documentUrlFor, offlinePathFor, pushNotification, swStrategy } from "./sw-routes";
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

  it("never answers the API, platform pages, realtime or route discovery from a cache", () => {
    for (const path of [
      "/api/account/getInfo",
      "/api/nfx/i18n/locales",
      "/api/x.data",
      "/platform/demo/inbox",
      "/realtime",
      "/oauth/google",
      "/__manifest?paths=/faq",
      "/_ipx/w_200/x.png",
      "/sw.js",
    ]) {
      expect(nav(path), path).toBe("bypass");
      expect(sub(path), path).toBe("bypass");
    }
  });

  it("takes route data (client-side navigations) to the network only, a GET of this origin's pages", () => {
    for (const path of ["/gamehall.data", "/es/gamehall.data?_routes=routes/gamehall", "/_.data", "/profile/settings.data"])
      expect(sub(path), path).toBe("data");
    expect(swStrategy({ method: "POST", url: `${origin}/support.data`, mode: "cors", origin })).toBe("bypass");
    expect(swStrategy({ method: "GET", url: "https://other.example/faq.data", mode: "cors", origin })).toBe("bypass");
  });

  it("names the page of a route-data request, for the document the router then loads", () => {
    expect(documentUrlFor(`${origin}/faq.data`)).toBe("/faq");
    expect(documentUrlFor(`${origin}/_.data`)).toBe("/");
    expect(documentUrlFor(`${origin}/es/tournaments/7/gamehall.data?_routes=root,routes/x&status=active`)).toBe("/es/tournaments/7/gamehall?status=active");
    expect(documentUrlFor(`${origin}/gamehall.data?category=slots`)).toBe("/gamehall?category=slots");
  });

  it("keeps this build's platform script, not another's name", () => {
    expect(sub("/pwa.js?v=abc")).toBe("static");
    expect(sub("/pwa.js")).toBe("bypass");
  });

  it("finds the build's files a page or a chunk names, lazy imports included", () => {
    const html = '<link rel="modulepreload" href="/assets/root-A1.js"><link rel="stylesheet" href="/assets/app-B2.css"><img src="/images/x.svg">';
    expect(assetRefs(html, "html").sort()).toEqual(["/assets/app-B2.css", "/assets/root-A1.js"]);
    const chunk =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/chat-launcher-C3.js","assets/chat-D4.css"])))=>i.map(i=>d[i]);import{a}from"./shell-E5.js";const L=lazy(()=>Z(()=>import(`./error-page-F6.js`),[]));';
    expect(assetRefs(chunk, "script").sort()).toEqual([
      "/assets/chat-D4.css",
      "/assets/chat-launcher-C3.js",
      "/assets/error-page-F6.js",
      "/assets/shell-E5.js",
    ]);
    expect(assetRefs('import"./x.js"', "html")).toEqual([]);
  });

  it("keeps public documents network-first and personal pages network-only, with or without a locale prefix", () => {
    for (const path of ["/", "/gamehall", "/es/gamehall", "/game/book-of-gold", "/promotions?x=1", "/es"]) expect(nav(path), path).toBe("document");
    for (const path of [
      "/profile/bonuses",
      "/es/profile/settings",
      "/cashier/deposit",
      "/pt/cashier",
      "/vpn",
      "/forms/sign_in",
      "/confirmation?token=x",
      "/auth",
    ])
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
    expect(source).toContain("X-Remix-Redirect");
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

describe("a push's notification (decision 0114)", () => {
  const origin = "https://casino.example";
  it("shows the platform's title and body and opens its URL on the site", () => {
    const shown = pushNotification(JSON.stringify({ title: "Paid", body: "Your withdrawal is paid", url: "/profile/withdraw", tag: "w-1" }), origin);
    expect(shown).toEqual({
      title: "Paid",
      options: { body: "Your withdrawal is paid", tag: "w-1", icon: "/favicon.svg", data: { url: `${origin}/profile/withdraw` } },
    });
  });

  it("never opens another site, and still shows a message that is not its JSON", () => {
    expect(pushNotification(JSON.stringify({ title: "x", url: "https://evil.example/" }), origin).options.data.url).toBe(`${origin}/`);
    expect(pushNotification("hello", origin)).toMatchObject({ title: "Playfront", options: { body: "hello", data: { url: `${origin}/` } } });
    expect(pushNotification(null, origin).title).toBe("Playfront");
  });

  it("is part of the worker's script, with the click handler", () => {
    const source = serviceWorkerSource({ version: "v1", shell: [] });
    expect(source).toContain('addEventListener("push"');
    expect(source).toContain('addEventListener("notificationclick"');
    expect(() => new Function(source)).not.toThrow();
  });
});
