import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { drawSector, seedHash } from "../../core/fairness";
import { registerPlayer } from "./auth-helpers";
import { mainBalance } from "./cashier-helpers";
import { data, failure, get, send } from "./helpers";
import { account, checkLedger } from "./loyalty-helpers";
import { balanceOf, campaignId, checkSpinLedger, fairness, grantSpins, spin, spinKey, spinLedger } from "./wheel-helpers";
import { playerDb } from "./player-db";

/** Spinning the wheel (issue 21, decision 0047): the draw verifiable, one batch per spin, once per key. */

describe("FortuneWheels reads", () => {
  it("lists the running campaigns and the daily wheel's sectors with published chances, for a visitor", async () => {
    const list = await data(get("FortuneWheels/campaignsGet"));
    expect(list.items.map((c: { sysname: string }) => c.sysname)).toEqual(["daily-wheel", "premium-wheel"]);
    expect(list.items[0]).toMatchObject({ title: "Daily Wheel", is_spin_cost: false, spin_balance: 0, spin_price: null });
    expect(list.items[1]).toMatchObject({ title: "Premium Wheel", is_spin_cost: true, spin_price: { amount: 100, currency: "USD" }, spin_price_points: 100 });

    const wheel = await data(get("FortuneWheels/wheelInfoGet", { campaign_id: list.items[0].id }));
    expect(wheel.total_weight).toBe(1000);
    expect(wheel.fairness).toBeNull();
    expect(wheel.sectors.map((s: { weight: number }) => s.weight)).toEqual([150, 100, 250, 120, 150, 200, 5, 25]);
    expect(wheel.sectors.map((s: { chance_ppm: number }) => s.chance_ppm)).toEqual([150000, 100000, 250000, 120000, 150000, 200000, 5000, 25000]);
    expect(wheel.sectors[0].reward).toMatchObject({ type: "bonus", sysname: "wheel-bonus-5", amount: { amount: 500, currency: "USD" } });
    expect(wheel.sectors[1].reward).toMatchObject({ type: "freespins", sysname: "wheel-spins-10", units: 10 });
    expect(wheel.sectors[6]).toMatchObject({ stock: 3, reward: { type: "money", amount: { amount: 10000, currency: "USD" } }, fallback: { type: "nothing" } });

    const es = await data(get("FortuneWheels/campaignsInfo", { campaign_id: list.items[0].id, locale: "es" }));
    expect(es).toMatchObject({ title: "Rueda diaria" });
    expect(es.rules).toMatch(/semilla/);
  });
});

describe("FortuneWheels.spinWheel", () => {
  it("records a spin equal to drawSector recomputed from the revealed seed, on every spin of that seed", async () => {
    const p = await registerPlayer();
    const daily = await campaignId("daily-wheel");
    await grantSpins(p.uid, daily, 5);
    const committed = await data(p.browser.post("FortuneWheels/clientSeedSet", { client_seed: "my-lucky-seed" }));
    expect(committed).toMatchObject({ client_seed: "my-lucky-seed", nonce: 0 });

    const spins = [];
    for (let i = 0; i < 3; i++) spins.push((await data(spin(p, daily))).spin);
    expect(spins.map((s) => s.nonce)).toEqual([0, 1, 2]);
    expect(spins.every((s) => s.server_seed === null && s.server_seed_hash === committed.server_seed_hash)).toBe(true);

    const rotated = await data(p.browser.post("FortuneWheels/seedRotate"));
    expect(rotated.revealed).toMatchObject({ server_seed_hash: committed.server_seed_hash, client_seed: "my-lucky-seed", spins: 3 });
    expect(await seedHash(rotated.revealed.server_seed)).toBe(committed.server_seed_hash);
    expect(rotated.fairness.server_seed_hash).not.toBe(committed.server_seed_hash);
    expect(rotated.fairness).toMatchObject({ client_seed: "my-lucky-seed", nonce: 0 });
    for (const s of spins) {
      const draw = await drawSector(rotated.revealed.server_seed, "my-lucky-seed", s.nonce, s.weights);
      expect({ ticket: s.ticket, index: s.sector_index }).toEqual({ ticket: draw.ticket, index: draw.index });
    }
    // The mine scope now shows the revealed seed on those spins.
    const mine = await data(p.browser.get("FortuneWheels/wheelSpinResults", { campaign_id: daily, scope: "mine" }));
    expect(mine.count).toBe(3);
    expect(mine.items.every((s: { server_seed: string }) => s.server_seed === rotated.revealed.server_seed)).toBe(true);
    await checkSpinLedger(p.uid);
  });

  it("draws the known vectors of a fixed seed (computed outside, with Python's hmac) and pays what they land on", async () => {
    const p = await registerPlayer();
    const daily = await campaignId("daily-wheel");
    const seed = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    await playerDb(p.uid)
      .prepare("INSERT INTO wheel_seeds (uid, server_seed, server_seed_hash, client_seed, next_nonce, created_at) VALUES (?1, ?2, ?3, 'vector', 0, ?4)")
      .bind(p.uid, seed, "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c", Date.now())
      .run();
    expect((await fairness(p)).server_seed_hash).toBe("7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c");
    await grantSpins(p.uid, daily, 4);
    const drawn = [];
    for (let i = 0; i < 4; i++) drawn.push((await data(spin(p, daily))).spin);
    expect(drawn.map((s) => [s.nonce, s.ticket, s.sector_index, s.reward.type])).toEqual([
      [0, 22, 0, "bonus"],
      [1, 538, 3, "money"],
      [2, 563, 3, "money"],
      [3, 188, 1, "freespins"],
    ]);
    expect(drawn[0].bonus_id).toMatch(/^[0-9a-f]{32}$/);
    const bonuses = await data(p.browser.get("bonuses/get"));
    expect(bonuses.available.map((b: { id: string; sysname: string }) => [b.id, b.sysname])).toContainEqual([drawn[0].bonus_id, "wheel-bonus-5"]);
    expect(await mainBalance(p)).toBe(200);
    expect(
      await playerDb(p.uid)
        .prepare("SELECT count FROM freespin_packs WHERE uid = ?1 AND grant_key = ?2")
        .bind(p.uid, `wheel:${drawn[3].id}`)
        .first<number>("count"),
    ).toBe(10);
    expect(await balanceOf(p.uid, daily)).toBe(0);
    await checkSpinLedger(p.uid);
  });

  it("pays each kind of prize through its one way, and debits one spin per spin", async () => {
    const p = await registerPlayer();
    const daily = await campaignId("daily-wheel");
    await grantSpins(p.uid, daily, 40);
    const paid = new Map<string, number>();
    for (let i = 0; i < 40 && (await balanceOf(p.uid, daily)) > 0; i++) {
      const { spin: s } = await data(spin(p, daily));
      paid.set(s.reward.type, (paid.get(s.reward.type) ?? 0) + 1);
    }
    const rows = (
      await playerDb(p.uid)
        .prepare("SELECT reward_type, sector_index, fallback_paid, bonus_id FROM wheel_spins WHERE uid = ?1")
        .bind(p.uid)
        .all<Record<string, any>>()
    ).results;
    const count = (t: string) => rows.filter((r) => r.reward_type === t).length;
    // Money: wheel_reward wallet operations; the main balance is their sum.
    const money = rows.filter((r) => r.reward_type === "money").map((r) => (r.sector_index === 3 ? 100 : 10000));
    expect(await mainBalance(p)).toBe(money.reduce((a, b) => a + b, 0));
    const ops = await playerDb(p.uid)
      .prepare("SELECT COUNT(*) AS n FROM wallet_operations WHERE uid = ?1 AND type = 'wheel_reward'")
      .bind(p.uid)
      .first<number>("n");
    expect(ops).toBe(count("money"));
    // Bonuses by the bonus engine (grant key wheel:<spin>), recorded on the spin.
    const bonuses = await playerDb(p.uid)
      .prepare("SELECT COUNT(*) AS n FROM player_bonuses WHERE uid = ?1 AND grant_key LIKE 'wheel:%'")
      .bind(p.uid)
      .first<number>("n");
    expect(bonuses).toBe(count("bonus"));
    expect(rows.filter((r) => r.reward_type === "bonus").every((r) => r.bonus_id !== null)).toBe(true);
    const packs = await playerDb(p.uid)
      .prepare("SELECT COUNT(*) AS n FROM freespin_packs WHERE uid = ?1 AND grant_key LIKE 'wheel:%'")
      .bind(p.uid)
      .first<number>("n");
    expect(packs).toBe(count("freespins"));
    // Points through the loyalty ledger (reason wheel).
    const points = rows
      .filter((r) => r.reward_type === "points")
      .map((r) => (r.sector_index === 2 ? 25 : 50))
      .reduce((a, b) => a + b, 0);
    expect((await account(p.uid))?.points ?? 0).toBe(points);
    await checkLedger(p.uid);
    // Spins: one debit per spin, a credit per extra-spin prize; Σ ledger = balance.
    const ledger = await spinLedger(p.uid);
    expect(ledger.filter((r) => r.reason === "spin")).toHaveLength(rows.length);
    expect(ledger.filter((r) => r.reason === "reward")).toHaveLength(count("spins"));
    await checkSpinLedger(p.uid);
    expect(rows.length).toBeGreaterThan(0);
  });

  it("spins once per key: the same key answers the first spin, another wheel's key is refused", async () => {
    const p = await registerPlayer();
    const daily = await campaignId("daily-wheel");
    await grantSpins(p.uid, daily, 2);
    const key = spinKey();
    const first = await data(spin(p, daily, key));
    expect(first).toMatchObject({ replayed: false });
    const again = await data(spin(p, daily, key));
    expect(again).toMatchObject({ replayed: true, spin: { id: first.spin.id } });
    expect((await spinLedger(p.uid)).filter((r) => r.reason === "spin")).toHaveLength(1);
    const reused = await failure(spin(p, await campaignId("premium-wheel"), key), 400, "InvalidParameterException");
    expect(reused.params).toMatchObject({ code: "key_reused" });
    await checkSpinLedger(p.uid);
  });

  it("refuses a spin without spins (409 no_spins) and on an unknown wheel (404)", async () => {
    const p = await registerPlayer();
    const none = await failure(spin(p, await campaignId("daily-wheel")), 409, "InvalidParameterException");
    expect(none.params).toMatchObject({ code: "no_spins" });
    expect(none.message).toMatch(/no spins/);
    const unknown = await failure(spin(p, 999_999), 404, "InvalidParameterException");
    expect(unknown.params).toMatchObject({ code: "unknown_campaign" });
  });

  it("refuses a closed campaign with 409 campaign_closed", async () => {
    await env.DB.prepare(
      `INSERT INTO wheel_campaigns (sysname, is_spin_cost, starts_at, ends_at, texts) VALUES ('ended-wheel', 0, 0, 1000, '{"en":{"title":"Ended"}}')`,
    ).run();
    const ended = await campaignId("ended-wheel");
    const p = await registerPlayer();
    await grantSpins(p.uid, ended, 1);
    const closed = await failure(spin(p, ended), 409, "InvalidParameterException");
    expect(closed.params).toMatchObject({ code: "campaign_closed" });
    expect((await data(get("FortuneWheels/campaignsGet"))).items.map((c: { sysname: string }) => c.sysname)).not.toContain("ended-wheel");
  });
});

describe("provably-fair seeds", () => {
  it("shows the hash, never the seed; a client seed with ':' is refused", async () => {
    const p = await registerPlayer();
    const f = await fairness(p);
    expect(f.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(f)).not.toMatch(/server_seed"/);
    const stored = await playerDb(p.uid)
      .prepare("SELECT server_seed FROM wheel_seeds WHERE uid = ?1 AND revealed_at IS NULL")
      .bind(p.uid)
      .first<string>("server_seed");
    expect(await seedHash(stored!)).toBe(f.server_seed_hash);
    const wheel = await data(p.browser.get("FortuneWheels/wheelInfoGet", { campaign_id: await campaignId("daily-wheel") }));
    expect(wheel.fairness).toEqual(f);
    const bad = await failure(p.browser.post("FortuneWheels/clientSeedSet", { client_seed: "a:b" }), 400, "InvalidParameterException");
    expect(bad.message).toMatch(/client_seed/);
  });
});

describe("the wheel's page", () => {
  it("a spin that drew a bonus shows the received-bonus popup, leading to the player's bonuses", async () => {
    // A wheel of its own whose only sector is the daily wheel's bonus: every spin draws it.
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO wheel_campaigns (sysname, is_spin_cost, texts) VALUES ('bonus-only', 0, '{"en":{"title":"Bonus wheel"}}')`),
      env.DB.prepare(
        `INSERT INTO wheel_sectors (campaign_id, position, weight, reward_type, bonus_template_id, texts)
         SELECT (SELECT id FROM wheel_campaigns WHERE sysname = 'bonus-only'), 0, 1, 'bonus', bonus_template_id, '{"en":{"title":"Bonus 5.00"}}'
         FROM wheel_sectors WHERE reward_type = 'bonus' LIMIT 1`,
      ),
    ]);
    const wheel = await campaignId("bonus-only");
    const p = await registerPlayer();
    await grantSpins(p.uid, wheel, 1);
    const { spin: drawn } = await data(spin(p, wheel));
    expect(drawn.reward.type).toBe("bonus");

    const res = await send(`/wheel-of-fortune?campaign=${wheel}&spin=${drawn.id}`, { headers: p.browser.headers() });
    expect(res.status).toBe(200);
    const html = await res.text();
    const popup = /<article[^>]+data-testid="wheel-result"[\s\S]*?<\/article>/.exec(html)?.[0] ?? "";
    expect(popup).toContain("You received a bonus");
    expect(popup).toContain('data-reward="bonus"');
    expect(popup).toContain("is waiting in your bonuses.");
    expect(popup).toMatch(/<a[^>]+href="\/profile\/bonuses"[^>]*>My bonuses<\/a>/);
    // Not the plain result popup ("You won!"), but a bonus spin is as verifiable as any other.
    expect(popup).not.toContain("You won!");
    expect(popup).toMatch(new RegExp(`<a[^>]+href="[^"]*verify=${drawn.id}[^"]*"[^>]*>Verify this spin</a>`));
  });
});
