import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countingD1, type D1Tally } from "../../workers/d1-stats";
import type { RenderScope } from "../../workers/platform/core/render-scope";
import { handlePlatform } from "../../workers/platform/index";
import { registerPlayer } from "./auth-helpers";
import { apiUrl, data, ORIGIN } from "./helpers";

/** The calls of one page render (workers/app.ts hands them one scope), their D1 use counted, each statement's SQL kept. */
function render() {
  const tally: D1Tally = { rowsRead: 0, rowsWritten: 0, queries: 0 };
  const scope: RenderScope = {};
  const statements: string[] = [];
  const watched = new Proxy(env.DB, {
    get: (t, prop) => (prop === "prepare" ? (sql: string) => (statements.push(sql), t.prepare(sql)) : Reflect.get(t, prop, t)),
  });
  const counted = { ...env, DB: countingD1(watched, tally) } as Env;
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
  const call = (cookie: string, path: string, init: RequestInit = {}) =>
    handlePlatform(new Request(apiUrl(path), { ...init, headers: { cookie, origin: ORIGIN, ...(init.headers ?? {}) } }), counted, ctx, scope);
  return { tally, call, statements };
}

const SESSION_SQL = "FROM sessions s JOIN users u";

describe("one session lookup per page render (issue 39)", () => {
  it("a render's reads look the session up once, and each still answers as the player", async () => {
    const p = await registerPlayer();
    const r = render();
    const call = (path: string) => r.call(p.browser.cookie, path);
    const [info, balance, bonuses] = await Promise.all([call("account/getInfo"), call("account/getBalance"), call("bonuses/get")]);
    expect((await data(info)).uid).toBe(p.uid);
    expect(balance.status).toBe(200);
    expect(bonuses.status).toBe(200);
    expect((await data(await call("account/getInfo"))).uid).toBe(p.uid);
    expect(r.statements.filter((s) => s.includes(SESSION_SQL))).toHaveLength(1);
    // Without a render's scope (a browser's own /api calls), every call looks its session up, as before.
    for (const path of ["account/getInfo", "account/getBalance"]) expect((await p.browser.get(path)).status).toBe(200);
  });

  it("a write in the render looks its own session up, and the reads after it see the session it ended", async () => {
    const p = await registerPlayer();
    const { call } = render();
    expect((await data(await call(p.browser.cookie, "account/getInfo"))).uid).toBe(p.uid);
    const out = await call(p.browser.cookie, "auth/logout", { method: "POST", body: new FormData() });
    expect(out.status).toBe(200);
    // The same cookie, read after the sign-out within the same render: a visitor now.
    const after = await call(p.browser.cookie, "account/getInfo");
    expect((await data(after)).uid).toBe(0);
  });

  it("reads with different cookies in one render each get their own session", async () => {
    const [a, b] = [await registerPlayer(), await registerPlayer()];
    const { call, statements } = render();
    expect((await data(await call(a.browser.cookie, "account/getInfo"))).uid).toBe(a.uid);
    expect((await data(await call(b.browser.cookie, "account/getInfo"))).uid).toBe(b.uid);
    expect((await data(await call("", "account/getInfo"))).uid).toBe(0);
    expect((await data(await call(a.browser.cookie, "account/getInfo"))).uid).toBe(a.uid);
    expect(statements.filter((s) => s.includes(SESSION_SQL))).toHaveLength(2);
  });
});
