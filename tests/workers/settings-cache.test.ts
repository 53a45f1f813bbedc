import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";

/*
 * SETTINGS_CACHE_MS (decision 0036): the platform reuses its read of the locales, maintenance
 * switch and general info per isolate for that long. The other Worker tests run with it at 0
 * (vitest.config.ts); here it is set per call, as wrangler.toml's vars would set it.
 */
const call = async (cacheMs: string) => {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request("https://settings-cache.test/api/games/getCategories"), { ...env, SETTINGS_CACHE_MS: cacheMs } as Env, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res.status;
};
const maintenance = (enabled: boolean) =>
  env.DB.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('maintenance', ?1)").bind(JSON.stringify({ enabled })).run();

describe("the platform's settings read, kept per isolate", () => {
  it("is reused within SETTINGS_CACHE_MS and read again at 0", async () => {
    expect(await call("60000")).toBe(200);
    await maintenance(true);
    try {
      // Within the minute: the kept read, taken before the switch was flipped.
      expect(await call("60000")).toBe(200);
      // Not kept: the switch shows at once.
      expect(await call("0")).toBe(503);
    } finally {
      await maintenance(false);
    }
    expect(await call("0")).toBe(200);
  });
});
