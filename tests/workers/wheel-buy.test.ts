import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { mainBalance } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { account, checkLedger, grantPoints, ledgerOf, playerWith } from "./loyalty-helpers";
import { balanceOf, buySpins, campaignId, checkSpinLedger, spin, spinKey } from "./wheel-helpers";

/** Buying spins of a cost wheel (issue 21, decision 0047): money by the wallet or points by the loyalty ledger, once per key. */

describe("FortuneWheels.buySpin", () => {
  it("buys spins with money from the main balance, once per key; then spins them", async () => {
    const p = await playerWith(500);
    const premium = await campaignId("premium-wheel");
    const key = spinKey();
    const bought = await data(buySpins(p, premium, 3, "money", key));
    expect(bought).toEqual({ spin_balance: 3, spins_bought: 3, paid: { amount: 300, currency: "USD" }, replayed: false });
    expect(await mainBalance(p)).toBe(200);
    // The same key: the first purchase answered, nothing paid twice.
    expect(await data(buySpins(p, premium, 3, "money", key))).toMatchObject({ spin_balance: 3, replayed: true });
    expect(await mainBalance(p)).toBe(200);
    // The same key for another order is refused.
    const reused = await failure(buySpins(p, premium, 2, "money", key), 400, "InvalidParameterException");
    expect(reused.params).toMatchObject({ code: "key_reused" });

    await data(spin(p, premium));
    expect(await balanceOf(p.uid, premium)).toBe(2);
    await checkSpinLedger(p.uid);
  });

  it("refuses a purchase the main balance cannot pay: 409 insufficient_funds, nothing credited", async () => {
    const p = await playerWith(150);
    const premium = await campaignId("premium-wheel");
    const poor = await failure(buySpins(p, premium, 2, "money"), 409, "InvalidParameterException");
    expect(poor.params).toMatchObject({ code: "insufficient_funds" });
    expect(poor.message).toMatch(/2 spins cost 2\.00 USD/);
    expect(await mainBalance(p)).toBe(150);
    expect(await balanceOf(p.uid, premium)).toBe(0);
    await checkSpinLedger(p.uid);
  });

  it("buys spins with loyalty points through the loyalty ledger; too few points: 409 insufficient_points", async () => {
    const p = await registerPlayer();
    await grantPoints(p.uid, 220);
    const premium = await campaignId("premium-wheel");
    expect(await data(buySpins(p, premium, 2, "points"))).toMatchObject({ spin_balance: 2, paid: { points: 200 } });
    expect((await account(p.uid))!.points).toBe(20);
    expect((await ledgerOf(p.uid)).filter((r) => r.reason === "wheel_purchase").map((r) => r.delta)).toEqual([-200]);
    const history = await data(p.browser.get("loyalty/gethistory"));
    expect(history.items[0]).toMatchObject({ reason: "wheel_purchase", delta: -200, title: "Premium Wheel" });
    const poor = await failure(buySpins(p, premium, 1, "points"), 409, "InvalidParameterException");
    expect(poor.params).toMatchObject({ code: "insufficient_points" });
    expect(poor.message).toMatch(/100 points; you have 20/);
    expect((await account(p.uid))!.points).toBe(20);
    expect(await balanceOf(p.uid, premium)).toBe(2);
    await checkLedger(p.uid);
    await checkSpinLedger(p.uid);
  });

  it("refuses what is not for sale: the free daily wheel (400 not_for_sale), a currency without a price (400 not_in_currency)", async () => {
    const p = await playerWith(1000);
    const daily = await failure(buySpins(p, await campaignId("daily-wheel"), 1, "money"), 400, "InvalidParameterException");
    expect(daily.params).toMatchObject({ code: "not_for_sale" });
    // A wheel of its own, sold only in euros, for a dollar player.
    await env.DB.prepare(`INSERT INTO wheel_campaigns (sysname, is_spin_cost, spin_price, texts) VALUES ('euro-wheel', 1, '{"EUR":100}', '{}')`).run();
    const euro = await failure(buySpins(p, await campaignId("euro-wheel"), 1, "money"), 400, "InvalidParameterException");
    expect(euro.params).toMatchObject({ code: "not_in_currency" });
    expect(euro.message).toMatch(/not sold in USD/);
    const points = await failure(buySpins(p, await campaignId("euro-wheel"), 1, "points"), 400, "InvalidParameterException");
    expect(points.params).toMatchObject({ code: "not_for_sale" });
    expect(await mainBalance(p)).toBe(1000);
  });
});
