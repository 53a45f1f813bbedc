import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { data, failure, get } from "./helpers";
import { playerDb } from "./player-db";
import { buy, gameOf, grantPoints, info, playerWith, productId, real } from "./loyalty-helpers";

/** The points history and the quests with their progress (issue 20): loyalty.gethistory, loyalty.getquests. */

const history = async (p: Awaited<ReturnType<typeof registerPlayer>>, query: Record<string, string | number> = {}) =>
  data(p.browser.get("loyalty/gethistory", query));

describe("loyalty.gethistory", () => {
  it("lists what earned and spent points, newest first, with the product's title; events that earned nothing whole are left out", async () => {
    const p = await playerWith(100_000);
    const slot = await gameOf("slot");
    await real(p, slot, 100); // 1.00 on a slot: no whole point yet
    expect(await history(p)).toEqual({ items: [], total: 0 });
    await real(p, slot, 5000); // 50.00: 5 points (with the carried 0.1)
    await grantPoints(p.uid, 150);
    expect((await buy(p, await productId("starter-bonus"))).status).toBe(200);
    const { items, total } = await history(p);
    expect(total).toBe(3);
    expect(items.map((i: any) => [i.reason, i.delta, i.title])).toEqual([
      ["purchase", -150, "Starter bonus $2"],
      ["adjustment", 150, null],
      ["round", 5, null],
    ]);
    expect(items.reduce((sum: number, i: any) => sum + i.delta, 0)).toBe((await info(p)).points);
    // Paged with offset and limit over the same order.
    expect((await history(p, { offset: 1, limit: 1 })).items.map((i: any) => i.reason)).toEqual(["adjustment"]);
  });

  it("is the player's: 401 for a visitor, 400 for a bad page", async () => {
    await failure(get("loyalty/gethistory"), 401, "AuthorizationException");
    const p = await registerPlayer();
    await failure(p.browser.get("loyalty/gethistory", { limit: 0 }), 400, "InvalidParameterException");
    await failure(p.browser.get("loyalty/gethistory", { offset: -1 }), 400, "InvalidParameterException");
    await failure(p.browser.get("loyalty/gethistory", { limit: 101 }), 400, "InvalidParameterException");
  });
});

describe("loyalty.getquests", () => {
  it("answers each quest with the progress of its current period and when the period ends", async () => {
    const p = await playerWith(100_000);
    const before = (await data(p.browser.get("loyalty/getquests"))).items;
    expect(before.map((q: any) => [q.sysname, q.progress, q.completed])).toEqual([
      ["slots-50", 0, false],
      ["deposit-twice", 0, false],
    ]);
    const slots = before[0];
    expect(slots).toMatchObject({ kind: "rounds", game_kind: "slot", target: 50, period: "week", reward_points: 50, title: "Play 50 slot rounds" });
    expect(slots.period_ends_at).toBeGreaterThan(Date.now());
    expect(slots.period_ends_at - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);
    const slot = await gameOf("slot");
    for (let i = 0; i < 3; i++) await real(p, slot, 100);
    const after = (await data(p.browser.get("loyalty/getquests"))).items;
    expect(after.find((q: any) => q.sysname === "slots-50").progress).toBe(3);
  });

  it("lists the programme's quests to a player who has no account in it yet, and creates none (a read writes nothing)", async () => {
    const p = await registerPlayer();
    const account = () => playerDb(p.uid).prepare("SELECT points FROM loyalty_accounts WHERE uid = ?1").bind(p.uid).first();
    expect(await account()).toBeNull();
    const quests = (await data(p.browser.get("loyalty/getquests"))).items;
    expect(quests.map((q: any) => q.sysname)).toEqual(["slots-50", "deposit-twice"]);
    expect(await account()).toBeNull();
    // loyalty.getinfo creates the account on its first read, and reads it after.
    expect((await info(p)).points).toBe(0);
    expect(await account()).toEqual({ points: 0 });
    expect((await info(p)).points).toBe(0);
    expect((await data(p.browser.get("loyalty/getquests"))).items.map((q: any) => q.sysname)).toEqual(["slots-50", "deposit-twice"]);
  });

  it("is the player's: 401 for a visitor", async () => {
    await failure(get("loyalty/getquests"), 401, "AuthorizationException");
  });
});
