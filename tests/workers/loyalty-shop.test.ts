import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { mainBalance } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { account, buy, buyKey, checkLedger, grantPoints, info, ledgerOf, notices, productId } from "./loyalty-helpers";
import { playerDb } from "./player-db";
import { reserveStock, STOCK_GRACE_MS, sweepStock } from "../../workers/platform/rewards/stock";

/**
 * The loyalty shop (issue 20, decision 0046): a purchase is one batch — points debited, stock and
 * the player's limit guarded, the reward granted by the bonus engine or the wallet — once per key.
 */

const stockOf = async (id: number) => (await env.DB.prepare("SELECT stock FROM loyalty_products WHERE id = ?1").bind(id).first<number>("stock"))!;

/** The product's reservations in D1 (rewards/stock.ts): still held, and consumed by a purchase. */
const reservations = async (id: number) =>
  (await env.DB.prepare(
    "SELECT COUNT(*) FILTER (WHERE consumed_at IS NULL) AS held, COUNT(*) FILTER (WHERE consumed_at IS NOT NULL) AS consumed FROM stock_reservations WHERE item = 'loyalty_products' AND item_id = ?1",
  )
    .bind(id)
    .first<{ held: number; consumed: number }>())!;

const products = async (p: Awaited<ReturnType<typeof registerPlayer>>) => (await data(p.browser.get("loyalty/getproducts"))).items as any[];

describe("loyalty.buyproduct", () => {
  it("buys a bonus with points: points debited in the ledger, the bonus available in bonuses.get, a purchase notice", async () => {
    const p = await registerPlayer();
    await grantPoints(p.uid, 900);
    const id = await productId("bonus-10");
    const key = buyKey();
    const bought = await data(buy(p, id, key));
    expect(bought).toMatchObject({ product_id: id, points: 100, replayed: false });
    const bonuses = await data(p.browser.get("bonuses/get"));
    const granted = bonuses.available.find((b: { sysname: string }) => b.sysname === "loyalty-bonus-10");
    expect(granted).toBeDefined();
    expect(granted.amount).toEqual({ amount: 1000, currency: "USD" });
    // Experience is not spent: the level stays.
    expect((await info(p)).experience).toBe(900);
    await checkLedger(p.uid);
    // (The levels the granted experience reached are announced by this batch too.)
    expect((await notices(p)).filter((n) => n.trigger === "purchase").map((n) => [n.type, n.title])).toEqual([["other", "Purchase made: Bonus $10"]]);

    // The same key again: the first purchase answered, nothing bought twice.
    expect(await data(buy(p, id, key))).toMatchObject({ purchase_id: bought.purchase_id, points: 100, replayed: true });
    expect((await data(p.browser.get("bonuses/get"))).available.filter((b: { sysname: string }) => b.sysname === "loyalty-bonus-10")).toHaveLength(1);
    // The key for another product is refused.
    const reused = await failure(buy(p, await productId("spins-20"), key), 400, "InvalidParameterException");
    expect(reused.params).toMatchObject({ code: "key_reused" });

    const poor = await failure(buy(p, id), 409, "InvalidParameterException");
    expect(poor.params).toMatchObject({ code: "insufficient_points" });
    expect(poor.message).toMatch(/800 points; you have 100/);
    expect((await account(p.uid))!.points).toBe(100);
  });

  it("buys money to the main balance through the wallet, once per player (the product's limit)", async () => {
    const p = await registerPlayer();
    await grantPoints(p.uid, 2500);
    const id = await productId("cash-5");
    const stock = async () => (await env.DB.prepare("SELECT stock FROM loyalty_products WHERE id = ?1").bind(id).first<number>("stock"))!;
    const before = await stock();
    await data(buy(p, id));
    expect(await mainBalance(p)).toBe(500);
    expect(await stock()).toBe(before - 1);
    const limit = await failure(buy(p, id), 409, "InvalidParameterException");
    expect(limit.params).toMatchObject({ code: "limit_reached" });
    expect(await mainBalance(p)).toBe(500);
    expect((await account(p.uid))!.points).toBe(1500);
    expect((await products(p)).find((x) => x.id === id)).toMatchObject({
      purchased: 1,
      per_player_limit: 1,
      stock: before - 1,
      reward: { type: "money", amount: { amount: 500, currency: "USD" } },
    });
    await checkLedger(p.uid);
  });

  it("buys free spins: a pack granted by the bonus engine", async () => {
    const p = await registerPlayer();
    await grantPoints(p.uid, 450);
    await data(buy(p, await productId("spins-20")));
    const packs = (await playerDb(p.uid).prepare("SELECT grant_key, count FROM freespin_packs WHERE uid = ?1 AND grant_key LIKE 'loyalty:%'").bind(p.uid).all())
      .results;
    expect(packs).toHaveLength(1);
    expect(packs[0]).toMatchObject({ count: 20 });
    expect((await account(p.uid))!.points).toBe(0);
  });

  it("50 concurrent buys of the last item: exactly one succeeds; stock 0 and points exact", async () => {
    // A product of its own: the bonus of bonus-10, one left, no per-player limit.
    await env.DB.prepare(
      `INSERT INTO loyalty_products (program_id, sysname, price, stock, reward_type, bonus_template_id, texts)
       SELECT program_id, 'last-one', 800, 1, 'bonus', bonus_template_id, texts FROM loyalty_products WHERE sysname = 'bonus-10'`,
    ).run();
    const id = await productId("last-one");
    const p = await registerPlayer();
    await grantPoints(p.uid, 5000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(p, id)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of answers.filter((x) => x.status === 409)) expect((await r.json<any>()).error.params.code).toBe("out_of_stock");
    expect(await env.DB.prepare("SELECT stock FROM loyalty_products WHERE id = ?1").bind(id).first<number>("stock")).toBe(0);
    expect((await account(p.uid))!.points).toBe(4200);
    expect((await ledgerOf(p.uid)).filter((r) => r.reason === "purchase")).toHaveLength(1);
    const granted = await playerDb(p.uid)
      .prepare("SELECT COUNT(*) AS n FROM player_bonuses WHERE uid = ?1 AND grant_key LIKE 'loyalty:%'")
      .bind(p.uid)
      .first<number>("n");
    expect(granted).toBe(1);
    await checkLedger(p.uid);
  });

  it("10 players racing for the last item: one gets it, the others keep their points", async () => {
    await env.DB.prepare(
      `INSERT INTO loyalty_products (program_id, sysname, price, stock, reward_type, bonus_template_id, texts)
       SELECT program_id, 'last-of-all', 800, 1, 'bonus', bonus_template_id, texts FROM loyalty_products WHERE sysname = 'bonus-10'`,
    ).run();
    const id = await productId("last-of-all");
    const players = await Promise.all(Array.from({ length: 10 }, () => registerPlayer()));
    for (const p of players) await grantPoints(p.uid, 800);
    const answers = await Promise.all(players.map((p) => buy(p, id)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const points = await Promise.all(players.map(async (p) => (await account(p.uid))!.points));
    expect(points.sort((a, b) => a - b)).toEqual([0, 800, 800, 800, 800, 800, 800, 800, 800, 800]);
    for (const p of players) await checkLedger(p.uid);
  });

  it("5 players buying 3 items, twice each, at once: exactly 3 sold, stock 0 in D1, every reservation consumed", async () => {
    await env.DB.prepare(
      `INSERT INTO loyalty_products (program_id, sysname, price, stock, reward_type, bonus_template_id, texts)
       SELECT program_id, 'three-left', 800, 3, 'bonus', bonus_template_id, texts FROM loyalty_products WHERE sysname = 'bonus-10'`,
    ).run();
    const id = await productId("three-left");
    const players = await Promise.all(Array.from({ length: 5 }, () => registerPlayer()));
    for (const p of players) await grantPoints(p.uid, 1600);
    const answers = await Promise.all(players.flatMap((p) => [buy(p, id), buy(p, id)]));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of answers.filter((x) => x.status !== 200)) expect((await r.json<any>()).error.params.code).toBe("out_of_stock");
    expect(await stockOf(id)).toBe(0);
    const points = await Promise.all(players.map(async (p) => (await account(p.uid))!.points));
    expect(points.reduce((a, b) => a + b, 0)).toBe(5 * 1600 - 3 * 800);
    expect(await reservations(id)).toEqual({ held: 0, consumed: 3 });
    for (const p of players) await checkLedger(p.uid);
  });

  it("a unit reserved by a Worker that died before the purchase: a retry of its key takes no second unit; an abandoned one is given back by the sweep after the grace, once", async () => {
    await env.DB.prepare(
      `INSERT INTO loyalty_products (program_id, sysname, price, stock, reward_type, bonus_template_id, texts)
       SELECT program_id, 'crash-stock', 800, 5, 'bonus', bonus_template_id, texts FROM loyalty_products WHERE sysname = 'bonus-10'`,
    ).run();
    const id = await productId("crash-stock");
    const p = await registerPlayer();
    await grantPoints(p.uid, 5000);
    const now = Date.now();

    // The Worker reserved for `retried`, then died: the client's retry of the same key uses that unit.
    const retried = buyKey();
    expect((await reserveStock(env.DB, p.uid, "loyalty_products", id, retried, now)).taken).toBe(true);
    expect(await stockOf(id)).toBe(4);
    expect(await data(buy(p, id, retried))).toMatchObject({ product_id: id, replayed: false });
    expect(await stockOf(id)).toBe(4);

    // The Worker reserved for `abandoned`, then died, and nobody retried.
    const abandoned = buyKey();
    await reserveStock(env.DB, p.uid, "loyalty_products", id, abandoned, now);
    expect(await stockOf(id)).toBe(3);
    // The Worker wrote the purchase of `unconfirmed` and died before marking its unit consumed.
    const unconfirmed = buyKey();
    await reserveStock(env.DB, p.uid, "loyalty_products", id, unconfirmed, now);
    await data(buy(p, id, unconfirmed));
    await env.DB.prepare("UPDATE stock_reservations SET consumed_at = NULL, created_at = ?2 WHERE ref = ?1").bind(unconfirmed, now).run();
    expect(await stockOf(id)).toBe(2);
    expect(await reservations(id)).toEqual({ held: 2, consumed: 1 });

    // Within the grace the Worker may still be at it: the sweep leaves both.
    await sweepStock(env, now + STOCK_GRACE_MS - 1);
    expect(await reservations(id)).toEqual({ held: 2, consumed: 1 });
    // After it: the purchase found in the player's tables keeps its unit, the abandoned one comes back, once.
    expect(await sweepStock(env, now + STOCK_GRACE_MS)).toMatchObject({ consumed: 1, released: 1, failed: 0 });
    expect(await stockOf(id)).toBe(3);
    expect(await reservations(id)).toEqual({ held: 0, consumed: 2 });
    await sweepStock(env, now + STOCK_GRACE_MS + 60_000);
    expect(await stockOf(id)).toBe(3);
    // Two purchases, 1,600 points, and the stock counts them: 5 − 2.
    expect((await ledgerOf(p.uid)).filter((r) => r.reason === "purchase")).toHaveLength(2);
    expect((await account(p.uid))!.points).toBe(3400);
    await checkLedger(p.uid);
  });

  it("a purchase refused after its unit was reserved gives the unit back at once", async () => {
    const p = await registerPlayer();
    await grantPoints(p.uid, 100);
    const id = await productId("cash-5");
    const before = await stockOf(id);
    const poor = await failure(buy(p, id), 409, "InvalidParameterException");
    expect(poor.params).toMatchObject({ code: "insufficient_points" });
    expect(await stockOf(id)).toBe(before);
    expect(await reservations(id)).toMatchObject({ held: 0 });
  });

  it("refuses what cannot be bought: unknown product 404, bad input 400, a visitor 401", async () => {
    const p = await registerPlayer();
    expect((await failure(buy(p, 999_999), 404, "InvalidParameterException")).params).toMatchObject({ code: "unknown_product" });
    const bad = await failure(p.browser.post("loyalty/buyproduct", { product_id: "abc", key: buyKey() }), 400, "InvalidParameterException");
    expect(bad.invalid_parameters?.product_id?.[0]).toMatch(/must be a number/);
    const noKey = await failure(p.browser.post("loyalty/buyproduct", { product_id: 1 }), 400, "InvalidParameterException");
    expect(noKey.invalid_parameters?.key).toBeDefined();
    await failure(p.browser.post("loyalty/buyproduct", { product_id: 1, key: "short" }), 400, "InvalidParameterException");
    const { post } = await import("./helpers");
    await failure(post("loyalty/buyproduct", { product_id: 1, key: buyKey() }), 401, "AuthorizationException");
  });
});
