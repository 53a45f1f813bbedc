import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { registerPlayer, type Player } from "./auth-helpers";
import { mainBalance } from "./cashier-helpers";
import { data } from "./helpers";
import { campaignId, checkSpinLedger, grantSpins, spin, spinKey } from "./wheel-helpers";
import { playerDb } from "./player-db";
import { reserveStock, STOCK_GRACE_MS, sweepStock } from "../../workers/platform/rewards/stock";

/**
 * The stock rule (issue 21, decision 0047): a stock-limited sector draws with its weight whatever
 * its stock; the spin's batch reads the stock, takes one and pays the prize only while some is
 * left, else pays the fallback. Concurrent spins never award more than the stock.
 */

describe("a stock-limited prize", () => {
  it("100 concurrent spins on a certain 100.00 sector with stock 3 award it exactly 3 times; the rest pay the fallback", async () => {
    // A wheel of its own whose only sector is the prize: every spin draws it.
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO wheel_campaigns (sysname, is_spin_cost, texts) VALUES ('stock-test', 0, '{"en":{"title":"Stock test"}}')`),
      env.DB.prepare(
        `INSERT INTO wheel_sectors (campaign_id, position, weight, reward_type, money, stock, fallback, texts)
         SELECT id, 0, 1, 'money', '{"USD":10000,"EUR":10000,"BRL":10000}', 3, 'nothing', '{"en":{"title":"100.00 cash"}}' FROM wheel_campaigns WHERE sysname = 'stock-test'`,
      ),
    ]);
    const wheel = await campaignId("stock-test");
    // 20 players × 5 spins each, all at once (a player's own concurrent spins race for their nonce and draw again).
    const players: Player[] = [];
    for (let i = 0; i < 20; i++) players.push(await registerPlayer());
    for (const p of players) await grantSpins(p.uid, wheel, 5);
    const answers = await Promise.all(players.flatMap((p) => Array.from({ length: 5 }, () => data(spin(p, wheel)))));
    expect(answers).toHaveLength(100);
    const won = answers.filter((a) => a.spin.reward.type === "money");
    expect(won).toHaveLength(3);
    expect(answers.filter((a) => a.spin.reward.type === "nothing")).toHaveLength(97);
    expect(await env.DB.prepare("SELECT stock FROM wheel_sectors WHERE campaign_id = ?1").bind(wheel).first<number>("stock")).toBe(0);
    // Each prize's unit was reserved in D1 and consumed by its spin; no reservation is left held.
    expect(
      await env.DB.prepare(
        "SELECT COUNT(*) FILTER (WHERE consumed_at IS NULL) AS held, COUNT(*) FILTER (WHERE consumed_at IS NOT NULL) AS consumed FROM stock_reservations WHERE item = 'wheel_sectors' AND item_id IN (SELECT id FROM wheel_sectors WHERE campaign_id = ?1)",
      )
        .bind(wheel)
        .first(),
    ).toEqual({ held: 0, consumed: 3 });
    // Each player's own ledger (decision 0075), added up.
    const paid = { n: 0, total: 0 };
    for (const p of players) {
      const own = await playerDb(p.uid)
        .prepare(
          "SELECT COUNT(*) AS n, COALESCE(SUM(l.delta), 0) AS total FROM ledger l JOIN wallet_operations o ON o.id = l.operation_id WHERE o.uid = ?2 AND o.type = 'wheel_reward' AND o.reference IN (SELECT id FROM wheel_spins WHERE uid = ?2 AND campaign_id = ?1)",
        )
        .bind(wheel, p.uid)
        .first<{ n: number; total: number }>();
      paid.n += own!.n;
      paid.total += own!.total;
    }
    expect(paid).toEqual({ n: 3, total: 30000 });
    let total = 0;
    for (const p of players) {
      total += await mainBalance(p);
      await checkSpinLedger(p.uid);
    }
    expect(total).toBe(30000);
    // Every spin is recorded with the published weight, and the nonces of each player are 0..4.
    for (const p of players) {
      const nonces = (
        await playerDb(p.uid).prepare("SELECT nonce FROM wheel_spins WHERE uid = ?1 ORDER BY nonce").bind(p.uid).all<{ nonce: number }>()
      ).results.map((r) => r.nonce);
      expect(nonces).toEqual([0, 1, 2, 3, 4]);
    }
  });

  it("a unit reserved by a Worker that died before the spin: the retried key spins with it, no second unit; an abandoned one comes back after the grace, once", async () => {
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO wheel_campaigns (sysname, is_spin_cost, texts) VALUES ('stock-crash', 0, '{"en":{"title":"Stock crash"}}')`),
      env.DB.prepare(
        `INSERT INTO wheel_sectors (campaign_id, position, weight, reward_type, money, stock, fallback, texts)
         SELECT id, 0, 1, 'money', '{"USD":1000,"EUR":1000,"BRL":1000}', 3, 'nothing', '{"en":{"title":"10.00 cash"}}' FROM wheel_campaigns WHERE sysname = 'stock-crash'`,
      ),
    ]);
    const wheel = await campaignId("stock-crash");
    const sector = (await env.DB.prepare("SELECT id FROM wheel_sectors WHERE campaign_id = ?1").bind(wheel).first<number>("id"))!;
    const stock = async () => (await env.DB.prepare("SELECT stock FROM wheel_sectors WHERE id = ?1").bind(sector).first<number>("stock"))!;
    const p = await registerPlayer();
    await grantSpins(p.uid, wheel, 5);
    const now = Date.now();

    // Reserved for `retried`, then the Worker died; the retry draws the same sector (same nonce) and uses that unit.
    const retried = spinKey();
    expect((await reserveStock(env.DB, p.uid, "wheel_sectors", sector, retried, now)).taken).toBe(true);
    expect(await stock()).toBe(2);
    expect((await data(spin(p, wheel, retried))).spin.reward.type).toBe("money");
    expect(await stock()).toBe(2);

    // Reserved for `abandoned`, and nobody came back.
    await reserveStock(env.DB, p.uid, "wheel_sectors", sector, spinKey(), now);
    expect(await stock()).toBe(1);
    await sweepStock(env, now + STOCK_GRACE_MS - 1);
    expect(await stock()).toBe(1);
    expect((await sweepStock(env, now + STOCK_GRACE_MS)).released).toBe(1);
    expect(await stock()).toBe(2);
    await sweepStock(env, now + STOCK_GRACE_MS + 60_000);
    expect(await stock()).toBe(2);

    // The two units left pay two spins; the third pays the fallback; no reservation stays held.
    const rewards = [];
    for (let i = 0; i < 3; i++) rewards.push((await data(spin(p, wheel))).spin.reward.type);
    expect(rewards).toEqual(["money", "money", "nothing"]);
    expect(await stock()).toBe(0);
    expect(await mainBalance(p)).toBe(3000);
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM stock_reservations WHERE item = 'wheel_sectors' AND item_id = ?1 AND consumed_at IS NULL")
        .bind(sector)
        .first<number>("n"),
    ).toBe(0);
    await checkSpinLedger(p.uid);
  });
});
