import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { roundId } from "./game-studio-helpers";
import { data } from "./helpers";
import { connect, tokenFor } from "./realtime-helpers";
import { account, checkLedger, gameOf, grantPoints, info, ledgerOf, notices, playerWith, real } from "./loyalty-helpers";
import { playerDb } from "./player-db";

/**
 * Points earned by play (issue 20, decision 0046): by game kind at the seeded programme's rates
 * (USD: 1 point per 10.00 on slots, per 50.00 on table games, none on live games), only on real
 * money, with the fraction of a point carried; experience and levels; notices read and pushed.
 */

describe("loyalty points from real-money rounds", () => {
  it("a slot earns 1 point per 10.00 wagered, the remainder carried to the next round", async () => {
    const p = await playerWith(100_000);
    const slot = await gameOf("slot");
    for (let i = 0; i < 3; i++) await real(p, slot, 700);
    // 21.00 wagered: 2 points, 0.1 carried.
    let a = await info(p);
    expect([a.points, a.experience, a.wagered]).toEqual([2, 2, { amount: 2100, currency: "USD" }]);
    await real(p, slot, 900);
    a = await info(p);
    expect([a.points, a.experience]).toEqual([3, 3]);
    expect((await account(p.uid))!.carry_milli).toBe(0);
    // Value: 1000 points are 10.00, so 3 points are worth 0.03; 3 points' 0.03 ÷ 30.00 wagered = 0.1 % = 10 bp.
    expect(a.points_value).toEqual({ amount: 3, currency: "USD" });
    expect(a.return_rate_bp).toBe(10);
    await checkLedger(p.uid);
    expect((await ledgerOf(p.uid)).map((r) => r.reason)).toEqual(["round", "round", "round", "round"]);
  });

  it("a table game earns 1 point per 50.00, a live game none", async () => {
    const table = await gameOf("table");
    const live = await gameOf("live");
    const p = await playerWith(100_000);
    for (let i = 0; i < 5; i++) await real(p, table, 1000);
    expect((await info(p)).points).toBe(1);
    for (let i = 0; i < 3; i++) await real(p, live, 1000);
    const a = await info(p);
    expect([a.points, a.wagered.amount]).toEqual([1, 8000]);
    await checkLedger(p.uid);
  });

  it("a retried round earns once", async () => {
    const p = await playerWith(10_000);
    const slot = await gameOf("slot");
    const id = roundId();
    await real(p, slot, 1000, id);
    await real(p, slot, 1000, id);
    expect((await info(p)).points).toBe(1);
    expect(await ledgerOf(p.uid)).toHaveLength(1);
  });

  it("bonus money earns nothing: only the main balance's part of a bet counts", async () => {
    const p = await playerWith(100);
    const list = await data(p.browser.get("bonuses/get"));
    const bonusId = list.available.find((b: { sysname: string }) => b.sysname === "no-deposit").id;
    await data(p.browser.post("bonuses/activate", { bonus_id: bonusId }));
    const slot = await gameOf("slot");
    // 2.00 bets (the bonus's max): the first 1.00 from the main balance and 1.00 from the bonus
    // balance; the win goes to the bonus balance, so the second is the bonus balance's alone.
    await real(p, slot, 200);
    await real(p, slot, 200);
    const rounds = (
      await playerDb(p.uid)
        .prepare("SELECT bet, bet_bonus FROM game_rounds WHERE uid = ?1 ORDER BY created_at")
        .bind(p.uid)
        .all<{ bet: number; bet_bonus: number }>()
    ).results;
    expect(rounds).toEqual([
      { bet: 200, bet_bonus: 100 },
      { bet: 200, bet_bonus: 200 },
    ]);
    const a = await account(p.uid);
    expect([a!.wagered, a!.points, a!.carry_milli]).toEqual([100, 0, 100]);
    // The round funded by the bonus balance alone leaves no row at all.
    expect((await ledgerOf(p.uid)).map((r) => [r.reason, r.wagered])).toEqual([["round", 100]]);
    await checkLedger(p.uid);
  });

  it("levels: 99 is Bronze at 99 %, the round that reaches exactly 100 is Silver and queues one level notice", async () => {
    const p = await playerWith(10_000);
    await grantPoints(p.uid, 99);
    let a = await info(p);
    expect(a.level.sysname).toBe("bronze");
    expect(a.progress).toEqual({ minValue: 0, maxValue: 100, expCount: 99, percent: 99 });
    expect(a.levels.map((l: { sysname: string }) => l.sysname)).toEqual(["bronze", "silver", "gold", "platinum", "diamond"]);
    await real(p, await gameOf("slot"), 1000);
    a = await info(p);
    expect(a.experience).toBe(100);
    expect(a.level.sysname).toBe("silver");
    expect(a.progress).toEqual({ minValue: 100, maxValue: 500, expCount: 100, percent: 0 });
    const got = await notices(p);
    expect(got.map((n) => [n.trigger, n.type, n.amount])).toEqual([
      ["points", "credit", 1],
      ["level", "other", 0],
    ]);
    expect(got[1]).toMatchObject({ title: "New level: Silver", amountType: "none" });
    expect(got[0]).toMatchObject({ title: "Points credited", message: "You earned 1 club points.", amountType: "points" });
  });
});

describe("loyalty notices", () => {
  it("points of several rounds gather in one unread notice; fetching marks it read; the next credit starts a new one", async () => {
    const p = await playerWith(100_000);
    const slot = await gameOf("slot");
    for (let i = 0; i < 3; i++) await real(p, slot, 1000);
    const first = await notices(p);
    expect(first.map((n) => [n.trigger, n.amount])).toEqual([["points", 3]]);
    expect(await notices(p)).toEqual([]);
    await real(p, slot, 2000);
    expect((await notices(p)).map((n) => [n.trigger, n.amount])).toEqual([["points", 2]]);
  });

  it("in the player's locale", async () => {
    const p = await registerPlayer({ locale: "es" } as never);
    await env.DB.prepare("UPDATE users SET locale = 'es' WHERE uid = ?1").bind(p.uid).run();
    await grantPoints(p.uid, 0);
    await playerDb(p.uid)
      .prepare(
        "INSERT INTO loyalty_notices (uid, key, trigger, type, amount, ref, created_at, updated_at) SELECT ?1, 'level:' || id, 'level', 'other', 0, id, 1, 1 FROM loyalty_levels WHERE sysname = 'gold'",
      )
      .bind(p.uid)
      .run();
    const got = (await data(p.browser.get("loyalty/getnotifications", { locale: "es" }))).items;
    expect(got[0]).toMatchObject({ title: "Nuevo nivel: Oro" });
  });

  it("each queued notice is pushed on the player's channel as loyalty.notification", async () => {
    const p = await playerWith(100_000);
    const client = await connect(await tokenFor(p.uid));
    await real(p, await gameOf("slot"), 1000);
    let m = await client.next();
    while (m.event !== "loyalty.notification") m = await client.next();
    expect(m.data).toMatchObject({ trigger: "points", type: "credit", amount: 1, amountType: "points", title: "Points credited" });
    client.ws.close();
  });
});
