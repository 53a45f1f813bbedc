import { describe, expect, it } from "vitest";
import { apiUrl, data, failure, get, ORIGIN, post, send, setCookie } from "./helpers";

// These go through the whole Worker (workers/app.ts): originCheck and securityHeaders are Hono
// middleware in front of the platform and of React Router.

describe("Origin check on writes", () => {
  async function visitor() {
    const res = await get("storage/getKeys");
    return `pf_vid=${setCookie(res, "pf_vid")!.value}`;
  }

  it.each(["https://evil.example", "null", "http://playfront.test", "https://playfront.test:8443", "https://sub.playfront.test"])(
    "refuses a POST from Origin %s with 403 AccessDenied, and changes nothing",
    async (origin) => {
      const cookie = await visitor();
      const e = await failure(post("storage/set", { key: "k", value: "v" }, { origin, cookie }), 403, "AccessDeniedException");
      expect(e.message).toMatch(/Cross-site request refused/);
      expect(await data(get("storage/getKeys", {}, { cookie }))).toEqual([]);
    },
  );

  it("refuses a POST without Origin that the browser marks cross-site or same-site", async () => {
    for (const site of ["cross-site", "same-site"]) {
      const res = send(apiUrl("storage/set"), {
        method: "POST",
        headers: { "sec-fetch-site": site },
        body: new FormData(),
      });
      await failure(res, 403, "AccessDeniedException");
    }
  });

  it("lets a same-origin POST through, with Origin or with Sec-Fetch-Site same-origin", async () => {
    expect(await data(post("storage/set", { key: "k", value: "v" }))).toBe(true);
    const body = new FormData();
    body.append("key", "k");
    body.append("value", "v");
    const res = send(apiUrl("storage/set"), { method: "POST", body, headers: { "sec-fetch-site": "same-origin" } });
    expect(await data(res)).toBe(true);
  });

  it("lets a non-browser client without Origin or Sec-Fetch-Site write", async () => {
    const body = new FormData();
    body.append("key", "k");
    body.append("value", "v");
    expect(await data(send(apiUrl("storage/set"), { method: "POST", body }))).toBe(true);
  });

  it("lets reads from a foreign origin through", async () => {
    expect((await data(get("account/getInfo", {}, { origin: "https://evil.example" }))).uid).toBe(0);
  });

  it("refuses a cross-site form POST to an app page with a plain-text 403", async () => {
    const res = await send(`${ORIGIN}/`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=anything",
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  });
});

describe("security headers", () => {
  function nonceOf(csp: string | null): string {
    const m = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(csp ?? "");
    expect(m, `CSP with a script nonce: ${csp}`).not.toBeNull();
    return m![1]!;
  }

  it("serves HTML with an enforced CSP whose nonce is on every script tag", async () => {
    const res = await send(`${ORIGIN}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = res.headers.get("content-security-policy");
    const nonce = nonceOf(csp);
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(res.headers.has("content-security-policy-report-only")).toBe(false);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");

    const html = await res.text();
    // Every script the browser would run needs the nonce; data blocks (JSON-LD) are not run.
    const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !/type="application\/(ld\+)?json"/.test(tag));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("uses a fresh nonce for every response", async () => {
    const a = nonceOf((await send(`${ORIGIN}/`)).headers.get("content-security-policy"));
    const b = nonceOf((await send(`${ORIGIN}/`)).headers.get("content-security-policy"));
    expect(a).not.toBe(b);
  });

  it("sends the same headers on an HTML error page", async () => {
    const res = await send(`${ORIGIN}/no-such-page-anywhere`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    nonceOf(res.headers.get("content-security-policy"));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("locks API answers down: nosniff and a CSP that allows nothing and no framing", async () => {
    for (const res of [await get("metadata/get"), await get("nosuch/method")]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'self'");
    }
  });

  it("renders the right-to-left locale as a right-to-left document", async () => {
    const html = await (await send(`${ORIGIN}/ar`)).text();
    expect(html).toMatch(/<html[^>]*\blang="ar"/);
    expect(html).toMatch(/<html[^>]*\bdir="rtl"/);
  });
});
