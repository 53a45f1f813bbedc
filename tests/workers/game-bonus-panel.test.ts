import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../workers/app";
import { registerPlayer } from "./auth-helpers";
import { data } from "./helpers";
import { OUTSIDE_JACKPOTS } from "./game-studio-helpers";

/*
 * The game page's bonus panel (decision 0042, update 2026-11-27) is in the page as sent, not a
 * deferred section streamed in by a script: a browser without JavaScript never runs that script,
 * so a bonuses answer slower than the shell used to leave the panel hidden for good.
 */
const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" };

describe("the game page's bonus panel", () => {
  it("is rendered in place, before any streamed segment, even when the bonuses answer is slow", async () => {
    const p = await registerPlayer();
    const signUp = (await data(p.browser.get("bonuses/get"))).available[0];
    await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }));
    const slot = (await env.DB.prepare(`SELECT sysname FROM games WHERE kind = 'slot' AND ${OUTSIDE_JACKPOTS} ORDER BY id LIMIT 1`).first<string>("sysname"))!;
    const slowEnv = { ...env, SIMULATED_LATENCY: "bonuses:300" } as Env;
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`https://playfront.test/game/${slot}?mode=real`, { headers: { ...BROWSER, cookie: p.browser.cookie } }),
      slowEnv,
      ctx,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    await waitOnExecutionContext(ctx);
    const panel = html.indexOf('data-testid="game-bonus"');
    expect(panel).toBeGreaterThan(0);
    const hidden = html.indexOf('<div hidden id="S:');
    if (hidden >= 0) expect(panel).toBeLessThan(hidden);
  }, 20_000);
});
