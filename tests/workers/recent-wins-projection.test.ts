import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RECEIVERS } from "../../workers/platform/player/deliveries";
import { registerPlayer } from "./auth-helpers";

/**
 * The wins feed's list as the site's projection (decision 0075, games/recent-wins.ts): a win owed
 * by a player's round is recorded once by its round id, however often it is delivered.
 */
describe("the wins feed's projection", () => {
  it("records an owed win once, and refuses another player's or a malformed one", async () => {
    const p = await registerPlayer();
    const game = (await env.DB.prepare("SELECT id, sysname FROM games WHERE is_sportsbook = 0 LIMIT 1").first<{ id: number; sysname: string }>())!;
    const win = { id: crypto.randomUUID(), uid: p.uid, game_id: game.id, sysname: game.sysname, win: 2500, currency: "USD", created_at: Date.now() };
    await RECEIVERS["wins.record"](env, p.uid, win, `win:${win.id}`);
    await RECEIVERS["wins.record"](env, p.uid, win, `win:${win.id}`); // the alarm's repeat
    const rows = await env.DB.prepare("SELECT win, currency FROM recent_wins WHERE id = ?1").bind(win.id).all();
    expect(rows.results).toEqual([{ win: 2500, currency: "USD" }]);

    await expect(RECEIVERS["wins.record"](env, p.uid + 1, win, "x")).rejects.toThrow(/another player's win/);
    await expect(RECEIVERS["wins.record"](env, p.uid, { ...win, id: "other", win: 0 }, "y")).rejects.toThrow(/not a win/);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM recent_wins WHERE uid = ?1").bind(p.uid).first("n")) as number).toBe(1);
  });
});
