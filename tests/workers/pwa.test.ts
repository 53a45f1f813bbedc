import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { send } from "./helpers";

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

describe("the offline page", () => {
  it("is a small document in the locale of its path", async () => {
    const en = await send("/offline");
    expect(en.status).toBe(200);
    expect(en.headers.get("x-robots-tag")).toBe("noindex");
    const html = await en.text();
    expect(html).toContain("You are offline");
    expect(html).not.toMatch(/<script/);
    const es = await (await send("/es/offline")).text();
    expect(es).toContain('lang="es"');
    expect(es).toContain("Sin conexión");
  });

  it("answers 404 for a locale the site does not have", async () => {
    expect((await send("/xx/offline")).status).toBe(404);
  });
});

describe("which documents the service worker may keep", () => {
  it("marks a page served without a session, never a signed-in player's", async () => {
    const anonymous = await send("/gamehall", { headers: { "user-agent": UA } });
    expect(anonymous.headers.get("Playfront-Offline")).toBe("cacheable");
    await anonymous.body?.cancel();
    const player = await registerPlayer();
    const signedIn = await send("/gamehall", { headers: { "user-agent": UA, cookie: player.browser.cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.has("Playfront-Offline")).toBe(false);
    await signedIn.body?.cancel();
  });
});

describe("platform types", () => {
  it("opens the installed app as the PWA platform", async () => {
    const manifest = (await (await send("/manifest.webmanifest")).json()) as { start_url: string };
    expect(manifest.start_url).toBe("/?platform=pwa");
  });

  // /sw.js, /pwa.js and the boot script need the production build: tests/e2e/pwa.spec.ts covers them.
  it("remembers an operator app's platform", async () => {
    const res = await send("/?platform=webview", { headers: { "user-agent": UA } });
    expect(res.headers.getSetCookie().join()).toMatch(/pf_platform=webViewApp/);
    await res.body?.cancel();
  });
});
