import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PlatformClient } from "../../app/lib/api/client";
import { isPlatformError } from "../../core/api/errors";
import type { MethodKey } from "../../core/api/contract";
import { callPlatform, handlePlatform } from "../../workers/platform";
import { registerPlayer } from "./auth-helpers";
import { ORIGIN } from "./helpers";

/**
 * The app's server side calls the embedded platform in-process (issue 39: no Request to build,
 * no query or form to parse, no JSON answer to read again). A call so made must answer exactly
 * what the same call over the wire answers: its data, its error (type, status, fields), and the
 * cookies it sets.
 */

type Outcome = { ok: true; data: unknown; cookies: string[] } | { ok: false; error: object; cookies: string[] };

async function both(key: MethodKey, params: Record<string, unknown>, headers: HeadersInit = {}, locale?: string): Promise<[Outcome, Outcome]> {
  const run = async (direct: boolean): Promise<Outcome> => {
    const ctx = createExecutionContext();
    const cookies: string[] = [];
    const client = new PlatformClient({
      fetch: (request) => handlePlatform(request, env, ctx),
      direct: direct ? { call: (call) => callPlatform(call, env, ctx), request: new Request(`${ORIGIN}/api/`, { headers }) } : undefined,
      origin: ORIGIN,
      headers,
      locale,
      onSetCookie: (c) => cookies.push(c.replace(/pf_vid=[0-9a-f]{32}/, "pf_vid=…")),
    });
    try {
      const data = await client.call(key, params as never);
      return { ok: true, data, cookies };
    } catch (e) {
      if (!isPlatformError(e)) throw e;
      return { ok: false, error: { exception: e.exception, status: e.status, message: e.message, fields: e.fields, params: e.params }, cookies };
    } finally {
      await waitOnExecutionContext(ctx);
    }
  };
  return [await run(false), await run(true)];
}

describe("an in-process platform call", () => {
  it("answers a read with the data the wire answers, in the locale asked for", async () => {
    const [wire, direct] = await both("games.get", { options: JSON.stringify({ count: 3 }) }, {}, "es");
    expect(wire.ok).toBe(true);
    expect(direct).toEqual(wire);
    const [wireMeta, directMeta] = await both("metadata.get", {});
    expect(wireMeta.ok).toBe(true);
    expect(directMeta).toEqual(wireMeta);
    // A path parameter (`/api/nfx/i18n/messages/{locale}`) travels among the parameters.
    const [wireBundle, directBundle] = await both("nfx/i18n.messages", { locale: "es" });
    expect(wireBundle.ok).toBe(true);
    expect(directBundle).toEqual(wireBundle);
  });

  it("answers invalid parameters, an unknown path value and a player-only call without a session with the wire's errors", async () => {
    for (const [key, params] of [
      ["games.get", { options: "{not json" }],
      ["tournaments.get", { ids: "x,y" }],
      ["nfx/i18n.messages", { locale: "not a locale" }],
      ["account.getBalance", {}],
    ] as [MethodKey, Record<string, unknown>][]) {
      const [wire, direct] = await both(key, params);
      expect(wire.ok, key).toBe(false);
      expect(direct, key).toEqual(wire);
    }
  });

  it("answers a signed-in player's reads as the wire does, and relays the cookies a write sets", async () => {
    const p = await registerPlayer();
    const signedIn = { cookie: p.browser.cookie };
    for (const key of ["account.getInfo", "account.getBalance", "bonuses.get"] as MethodKey[]) {
      const [wire, direct] = await both(key, {}, signedIn);
      expect(wire.ok, key).toBe(true);
      expect(direct, key).toEqual(wire);
    }
    // A sign-in sets the session cookie (and a visitor id): the same Set-Cookie headers, but the session's own token.
    const [wire, direct] = await both("auth.login", { login: p.login, password: p.password });
    expect(wire.ok).toBe(true);
    const names = (o: Outcome) => o.cookies.map((c) => c.slice(0, c.indexOf("=")));
    expect(names(direct)).toEqual(names(wire));
    expect(names(direct)).toContain("pf_session");
  });
});
