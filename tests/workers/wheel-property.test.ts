import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Player } from "./auth-helpers";
import { roundId } from "./game-studio-helpers";
import { checkLedger, gameOf, grantPoints, playerWith, real, type Game } from "./loyalty-helpers";
import { balanceOf, buySpins, campaignId, checkSpinLedger, spin, spinKey } from "./wheel-helpers";
import { playerDb } from "./player-db";

/**
 * The spin ledger's property (issue 21, decision 0047): whatever a player does — slot rounds and
 * their retries, purchases with money or points (some refused, some keys repeated), spins on both
 * wheels (some without spins, some keys repeated) — after every step Σ spin ledger = every spin
 * balance, Σ loyalty ledger = the account, the premium balance is what was bought minus what was
 * spun (plus extra-spin prizes), every spin is debited once, every purchase credited and paid once,
 * and the wallet paid exactly the money prizes the spins recorded. Bounded for a busy CI machine:
 * a fresh player per run, at most 10 steps. fast-check prints the seed of a failure.
 */

type Step =
  | { do: "rounds"; count: number }
  | { do: "retry" }
  | { do: "buy"; payWith: "money" | "points"; spins: number; again: boolean }
  | { do: "spin"; wheel: "daily-wheel" | "premium-wheel"; again: boolean };

const steps: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ do: fc.constant("rounds" as const), count: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("retry" as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant("buy" as const),
      payWith: fc.constantFrom("money" as const, "points" as const),
      spins: fc.integer({ min: 1, max: 4 }),
      again: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ do: fc.constant("spin" as const), wheel: fc.constantFrom("daily-wheel" as const, "premium-wheel" as const), again: fc.boolean() }),
  },
);

let slot: Game;
const ids = {} as Record<"daily-wheel" | "premium-wheel", number>;

interface Model {
  /** Premium spins bought minus spun, plus extra-spin prizes (the premium wheel has none). */
  premium: number;
  points: number;
  lastRound: string | null;
  lastBuy: { key: string; payWith: string; spins: number } | null;
  lastSpin: { key: string; wheel: string } | null;
}

async function step(p: Player, m: Model, s: Step): Promise<void> {
  switch (s.do) {
    case "rounds":
      for (let i = 0; i < s.count && (await mainOf(p.uid)) >= 100; i++) await real(p, slot, 100, (m.lastRound = roundId()));
      // Rounds earn loyalty points by loyalty's rules (its own property test models them): follow the account.
      m.points = await pointsOf(p.uid);
      return;
    case "retry":
      if (m.lastRound) await real(p, slot, 100, m.lastRound);
      return;
    case "buy": {
      const again = s.again && m.lastBuy !== null;
      const key = again ? m.lastBuy!.key : spinKey();
      // What the player holds before the purchase decides whether it may succeed (read after, a paid purchase looks refused).
      const mainBefore = await mainOf(p.uid);
      const res = await buySpins(p, ids["premium-wheel"], s.spins, s.payWith, key);
      const body = await res.json<any>();
      if (again) {
        const same = m.lastBuy!.payWith === s.payWith && m.lastBuy!.spins === s.spins;
        expect(res.status, JSON.stringify(body)).toBe(same ? 200 : 400);
        if (same) expect(body.data.replayed).toBe(true);
        return;
      }
      // A premium spin costs 1.00 or 100 points.
      const price = 100 * s.spins;
      const can = s.payWith === "money" ? mainBefore >= price : m.points >= price;
      if (!can) {
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(body.error.params.code).toBe(s.payWith === "money" ? "insufficient_funds" : "insufficient_points");
        return;
      }
      expect(res.status, JSON.stringify(body)).toBe(200);
      if (s.payWith === "points") m.points -= price;
      m.premium += s.spins;
      m.lastBuy = { key, payWith: s.payWith, spins: s.spins };
      return;
    }
    case "spin": {
      const again = s.again && m.lastSpin !== null;
      const key = again ? m.lastSpin!.key : spinKey();
      const before = await balanceOf(p.uid, ids[s.wheel]);
      const res = await spin(p, ids[s.wheel], key);
      const body = await res.json<any>();
      if (again) {
        expect(res.status, JSON.stringify(body)).toBe(m.lastSpin!.wheel === s.wheel ? 200 : 400);
        if (res.status === 200) expect(body.data.replayed).toBe(true);
        return;
      }
      if (before === 0) {
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(body.error.params.code).toBe("no_spins");
        return;
      }
      expect(res.status, JSON.stringify(body)).toBe(200);
      const reward = body.data.spin.reward;
      if (reward.type === "points") m.points += reward.units;
      if (s.wheel === "premium-wheel") m.premium -= 1;
      m.lastSpin = { key, wheel: s.wheel };
      return;
    }
  }
}

const pointsOf = async (uid: number) =>
  (await playerDb(uid).prepare("SELECT points FROM loyalty_accounts WHERE uid = ?1").bind(uid).first<number>("points")) ?? 0;
const mainOf = async (uid: number) =>
  (await playerDb(uid).prepare("SELECT amount FROM balances WHERE uid = ?1 AND kind = 'main'").bind(uid).first<number>("amount")) ?? 0;

async function checkBooks(uid: number, m: Model): Promise<void> {
  await checkSpinLedger(uid);
  await checkLedger(uid);
  expect(await balanceOf(uid, ids["premium-wheel"])).toBe(m.premium);
  expect(await pointsOf(uid)).toBe(m.points);
  const q = (sql: string) => playerDb(uid).prepare(sql).bind(uid).first<number>("n");
  // One debit per spin, one credit per purchase.
  expect(await q("SELECT COUNT(*) AS n FROM wheel_spin_ledger WHERE uid = ?1 AND reason = 'spin'")).toBe(
    await q("SELECT COUNT(*) AS n FROM wheel_spins WHERE uid = ?1"),
  );
  expect(await q("SELECT COALESCE(SUM(delta), 0) AS n FROM wheel_spin_ledger WHERE uid = ?1 AND reason = 'purchase'")).toBe(
    await q("SELECT COALESCE(SUM(spins), 0) AS n FROM wheel_purchases WHERE uid = ?1"),
  );
  // Money purchases paid once by the wallet; money prizes paid exactly as the spins recorded them.
  expect(await q("SELECT COALESCE(-SUM(l.delta), 0) AS n FROM ledger l WHERE l.uid = ?1 AND l.type = 'wheel_purchase'")).toBe(
    await q("SELECT COALESCE(SUM(amount), 0) AS n FROM wheel_purchases WHERE uid = ?1 AND pay_with = 'money'"),
  );
  expect(await q("SELECT COALESCE(SUM(l.delta), 0) AS n FROM ledger l WHERE l.uid = ?1 AND l.type = 'wheel_reward'")).toBe(
    await q("SELECT COALESCE(SUM(json_extract(reward, '$.prize.amount.amount')), 0) AS n FROM wheel_spins WHERE uid = ?1 AND reward_type = 'money'"),
  );
}

describe("the spin ledger's property", () => {
  beforeAll(async () => {
    slot = await gameOf("slot");
    ids["daily-wheel"] = await campaignId("daily-wheel");
    ids["premium-wheel"] = await campaignId("premium-wheel");
  });

  it("Σ spin ledger = balance, and spins, purchases and prizes are each counted once, after every step", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(steps, { minLength: 1, maxLength: 10 }),
        fc.constantFrom(0, 220, 400),
        fc.constantFrom(0, 250, 1000),
        async (plan, points, main) => {
          const p = await playerWith(main);
          if (points) await grantPoints(p.uid, points);
          const m: Model = { premium: 0, points, lastRound: null, lastBuy: null, lastSpin: null };
          for (const s of plan) {
            await step(p, m, s);
            await checkBooks(p.uid, m);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
