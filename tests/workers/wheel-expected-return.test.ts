import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { mainBalance } from "./cashier-helpers";
import { data, failure, get, send } from "./helpers";
import { account, buy, grantPoints, ledgerOf, playerWith, productId } from "./loyalty-helpers";
import { balanceOf, buySpins, campaignId, spinLedger } from "./wheel-helpers";

/**
 * Nothing sold pays more than it costs (issue 35, DESIGN §7, decision 0058): a paid wheel's
 * expected return per spin is published beside its odds and is below its price; a wheel or a shop
 * product that would pay back its price is not sold.
 */

/** A paid wheel of its own: one sector paying `cash` every spin, sold for 1.00 or `points` points. */
async function wheelPaying(sysname: string, cash: number, points: number | null) {
  await env.DB.prepare(
    `INSERT INTO wheel_campaigns (sysname, is_spin_cost, spin_price, spin_price_points, texts) VALUES (?1, 1, '{"USD":100}', ?2, '{"en":{"title":"Generous"}}')`,
  )
    .bind(sysname, points)
    .run();
  const id = await campaignId(sysname);
  await env.DB.prepare(
    `INSERT INTO wheel_sectors (campaign_id, position, weight, reward_type, money, texts) VALUES (?1, 0, 1, 'money', ?2, '{"en":{"title":"Cash"}}')`,
  )
    .bind(id, JSON.stringify({ USD: cash }))
    .run();
  return id;
}

describe("a paid wheel's expected return", () => {
  it("the premium wheel publishes its return per spin below its price, paid with money or points; the free wheel publishes none", async () => {
    const premium = await data(get("FortuneWheels/wheelInfoGet", { campaign_id: await campaignId("premium-wheel") }));
    expect(premium.expected_return).toEqual({
      per_spin: { amount: 88, currency: "USD" },
      of_price_bp: 8750,
      of_points_price_bp: 8750,
      points_price_value: { amount: 100, currency: "USD" },
      rtp_bp: 9700,
    });
    // The regression of issue 35: 100 spins bought for 100.00 (or 10,000 points) are expected to pay back 87.50, not 855.00.
    expect(100 * premium.campaign.spin_price.amount * (premium.expected_return.of_price_bp / 10_000)).toBe(8750);
    expect(premium.expected_return.of_points_price_bp).toBeLessThan(10_000);
    const daily = await data(get("FortuneWheels/wheelInfoGet", { campaign_id: await campaignId("daily-wheel") }));
    expect(daily.expected_return).toBeNull();
  });

  it("the wheel page shows the expected return next to the odds, in the reader's locale", async () => {
    const premium = await campaignId("premium-wheel");
    const html = await (await send(`/wheel-of-fortune?campaign=${premium}`)).text();
    const block = /<div[^>]+data-testid="wheel-expected-return"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(html.indexOf('data-testid="wheel-odds"')).toBeLessThan(html.indexOf('data-testid="wheel-expected-return"'));
    expect(block).toContain("Expected return per spin: $0.88, 87.5% of its price.");
    expect(block).toContain("Bought with loyalty points (worth $1 a spin): 87.5% of their worth.");
    expect(block).toContain("at a 3% house edge; free spins at 97% of their bets");
    const es = await (await send(`/es/wheel-of-fortune?campaign=${premium}`)).text();
    expect(es).toContain("el 87.5% de su precio");
  });

  it("a wheel expected to pay back a spin's price is not sold (409 not_for_sale), for money or points; nothing moves", async () => {
    const generous = await wheelPaying("generous-wheel", 100, 100);
    const p = await playerWith(1000);
    await grantPoints(p.uid, 500);
    const before = (await ledgerOf(p.uid)).length;
    for (const payWith of ["money", "points"] as const) {
      const refused = await failure(buySpins(p, generous, 2, payWith), 409, "InvalidParameterException");
      expect(refused.params).toMatchObject({ code: "not_for_sale" });
      expect(refused.message).toBe("Spins of this wheel are not on sale: a spin would be expected to pay back at least its price");
    }
    expect(await mainBalance(p)).toBe(1000);
    expect((await account(p.uid))!.points).toBe(500);
    expect(await ledgerOf(p.uid)).toHaveLength(before);
    expect(await balanceOf(p.uid, generous)).toBe(0);
    expect(await spinLedger(p.uid)).toEqual([]);
    // Its return is published as it is: 100 % of the price.
    expect((await data(get("FortuneWheels/wheelInfoGet", { campaign_id: generous }))).expected_return).toMatchObject({ of_price_bp: 10_000 });
  });

  it("a wheel returning just under a spin's money price is sold for money, and not for points worth less", async () => {
    // 0.99 a spin: below 1.00, above what 50 points are worth (0.50).
    const fair = await wheelPaying("nearly-wheel", 99, 50);
    const p = await playerWith(1000);
    await grantPoints(p.uid, 500);
    expect(await data(buySpins(p, fair, 1, "money"))).toMatchObject({ spins_bought: 1 });
    const refused = await failure(buySpins(p, fair, 1, "points"), 409, "InvalidParameterException");
    expect(refused.params).toMatchObject({ code: "not_for_sale" });
    expect((await account(p.uid))!.points).toBe(500);
  });
});

describe("a loyalty product's expected return", () => {
  it("a product worth more than its points is not sold (409 not_for_sale); the seeded ones are", async () => {
    // The 10.00 bonus of bonus-10 (wagered 10 times: worth 7.00) for 100 points (worth 1.00).
    await env.DB.prepare(
      `INSERT INTO loyalty_products (program_id, sysname, price, stock, reward_type, bonus_template_id, texts)
       SELECT program_id, 'too-cheap', 100, NULL, 'bonus', bonus_template_id, texts FROM loyalty_products WHERE sysname = 'bonus-10'`,
    ).run();
    const p = await playerWith(0);
    await grantPoints(p.uid, 2000);
    const refused = await failure(buy(p, await productId("too-cheap")), 409, "InvalidParameterException");
    expect(refused.params).toMatchObject({ code: "not_for_sale" });
    expect((await account(p.uid))!.points).toBe(2000);
    expect((await data(buy(p, await productId("bonus-10")))).points).toBe(1200);
  });
});
