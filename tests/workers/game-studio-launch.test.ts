import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { handlePlatformPages } from "../../workers/platform/demo";
import { NONCE_HEADER } from "../../workers/platform/demo/game-page";
import { registerPlayer } from "./auth-helpers";
import { aSlot, playRound, roundId } from "./game-studio-helpers";
import { ORIGIN, send } from "./helpers";

/** The page's markup without its inline script (which names the same data attributes). */
const markup = (html: string) => html.split("<script")[0]!;

describe("the demo studio's launch page", () => {
  it("serves a playable slot: 3 × 3 reels, bets within the game's range, a Spin form", async () => {
    const slot = await aSlot();
    const res = await send(`/platform/game/${slot.sysname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const html = await res.text();
    expect(markup(html).match(/data-cell/g)).toHaveLength(9);
    expect(html).toContain(`action="/platform/game/${slot.sysname}/round"`);
    expect(html).toContain(`<option value="${slot.min_bet}" selected>`);
    expect(html).toContain(`<option value="${slot.max_bet}"`);
    const bets = [...html.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));
    for (const b of bets) expect(b >= slot.min_bet && b <= slot.max_bet).toBe(true);
    expect(html).toContain("Demo play: no money moves.");
  });

  it("answers the /play and custom/ variants, and 404 for an unknown game or the sportsbook", async () => {
    const slot = await aSlot();
    for (const path of [`/platform/game/${slot.sysname}/play`, `/platform/game/custom/${slot.sysname}`, `/platform/game/custom/${slot.sysname}/play`]) {
      const res = await send(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain("data-spin-form");
    }
    expect(await (await send(`/platform/game/custom/${slot.sysname}`)).text()).toContain(`action="/platform/game/custom/${slot.sysname}/round"`);
    for (const path of ["/platform/game/no_such_game", "/platform/game/sportsbook", "/platform/game/custom/nope/play", "/platform/game/BAD%20NAME"]) {
      expect((await send(path)).status, path).toBe(404);
    }
  });

  it("runs its script with the response's CSP nonce, which the Worker hands over (a client's header is replaced)", async () => {
    const slot = await aSlot();
    const res = await send(`/platform/game/${slot.sysname}`, { headers: { [NONCE_HEADER]: '"><script>alert(1)</script>' } });
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).not.toContain("alert(1)");
    // Served without a usable nonce there is no script at all: the form still plays.
    const ctx = createExecutionContext();
    const plain = await handlePlatformPages(new Request(`${ORIGIN}/platform/game/${slot.sysname}`, { headers: { [NONCE_HEADER]: '"><script>' } }), env, ctx);
    await waitOnExecutionContext(ctx);
    const text = await plain.text();
    expect(text).not.toContain("<script");
    expect(text).toContain("data-spin-form");
  });

  it("refuses real play to a visitor and shows a signed-in player's balance", async () => {
    const slot = await aSlot();
    const html = await (await send(`/platform/game/${slot.sysname}?mode=real`)).text();
    expect(html).toContain("Sign in to play for real.");
    expect(markup(html)).not.toContain("data-spin-form");

    const { browser } = await registerPlayer();
    const demo = await (await send(`/platform/game/${slot.sysname}?mode=demo`, { headers: browser.headers() })).text();
    expect(demo).toContain("data-balance>$1,000</strong>");
    const real = await (await send(`/platform/game/${slot.sysname}`, { headers: browser.headers() })).text();
    expect(real).toContain("Real money");
    expect(real).toContain("data-balance>$0</strong>");
  });

  it("plays without JavaScript: the form's POST settles and redirects back with the result", async () => {
    const slot = await aSlot();
    const res = await playRound(null, slot.sysname, { bet: slot.min_bet, mode: "demo", round_id: roundId() }, {});
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/platform/game/${slot.sysname}\\?mode=demo&bet=${slot.min_bet}&s=[a-z-]+&win=\\d+$`));
    const html = await (await send(location)).text();
    expect(html).toMatch(/You win|No win this time/);

    const bad = await playRound(null, slot.sysname, { bet: slot.max_bet + 1, mode: "demo", round_id: roundId() }, {});
    expect(bad.status).toBe(303);
    expect(await (await send(bad.headers.get("location")!)).text()).toContain("Choose a bet within the game&#39;s range.");

    const real = await playRound(null, slot.sysname, { bet: slot.min_bet, mode: "real", round_id: roundId() }, {});
    expect(real.headers.get("location")).toContain("error=signin");
  });
});
