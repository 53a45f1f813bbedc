import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import { tokenFor } from "./realtime-helpers";
import { makePlayer } from "./wallet-helpers";

/*
 * With PLATFORM_ORIGIN set the player's channel lives with the remote platform: /realtime is passed
 * through to it (the "remote-platform" Worker of vitest.config.ts, which marks what it answers),
 * and this app neither checks the token nor opens a socket of its own.
 */
const APP = "https://realtime-proxied.test";
const proxiedEnv = { ...env, PLATFORM_ORIGIN: "http://platform.test", SITE_CACHE_SECONDS: "0" } as Env;

async function viaApp(path: string, headers: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, APP), { headers }), proxiedEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("/realtime with PLATFORM_ORIGIN", () => {
  it("passes the handshake to the remote platform, with its own origin", async () => {
    const token = await tokenFor(await makePlayer());
    const res = await viaApp(`/realtime?token=${token}`, { upgrade: "websocket", origin: APP });
    expect(res.headers.get("x-served-by")).toBe("remote-platform");
    expect(res.headers.get("x-seen-origin")).toBe("http://platform.test");
  });

  it("still refuses another site's page before proxying", async () => {
    const res = await viaApp("/realtime?token=x", { upgrade: "websocket", origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.headers.get("x-served-by")).toBeNull();
  });
});
