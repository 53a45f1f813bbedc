import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Player } from "./auth-helpers";
import { depositWith } from "./cashier-helpers";
import { roundId } from "./game-studio-helpers";
import { account, buy, buyKey, checkLedger, gameOf, grantPoints, playerWith, productId, real, type Game } from "./loyalty-helpers";

/**
 * The loyalty ledger's property (issue 20, decision 0046): whatever a player does — real-money
 * rounds of each kind and their retries, deposits, purchases (some refused), repeated purchase
 * keys — after every step Σ ledger = the account (points, experience, wagered, the carried
 * remainder), points never go negative, and the account is what the rules compute: points by kind
 * at the USD rates with the remainder carried, quest rewards, prices paid. Bounded for a busy CI
 * machine: a fresh player per run, at most 10 steps. fast-check prints the seed of a failure.
 */

const RATES = { slot: 1000, table: 5000, live: 0 } as const;
type Kind = keyof typeof RATES;

type Step =
  | { do: "rounds"; kind: Kind; bet: number; count: number }
  | { do: "retry" }
  | { do: "deposit" }
  | { do: "buy"; product: "bonus-10" | "spins-20" | "cash-5"; again: boolean };

const steps: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      do: fc.constant("rounds" as const),
      kind: fc.constantFrom<Kind>("slot", "slot", "table", "live"),
      bet: fc.constantFrom(100, 350, 1000),
      count: fc.integer({ min: 1, max: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("retry" as const) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant("deposit" as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant("buy" as const),
      product: fc.constantFrom("bonus-10" as const, "spins-20" as const, "cash-5" as const),
      again: fc.boolean(),
    }),
  },
);

const games = {} as Record<Kind, Game>;
const PRICES = { "bonus-10": 800, "spins-20": 450, "cash-5": 1000 } as const;
const LIMITS = { "bonus-10": Infinity, "spins-20": 3, "cash-5": 1 } as const;

interface Model {
  milli: number;
  points: number;
  experience: number;
  wagered: number;
  slotRounds: number;
  deposits: number;
  bought: Record<string, number>;
  last: { game: Game; bet: number; round: string } | null;
  lastKey: { product: string; key: string } | null;
}

async function step(p: Player, m: Model, s: Step): Promise<void> {
  switch (s.do) {
    case "rounds":
      for (let i = 0; i < s.count; i++) {
        const round = roundId();
        await real(p, games[s.kind], s.bet, round);
        m.last = { game: games[s.kind], bet: s.bet, round };
        m.wagered += s.bet;
        const milli = RATES[s.kind] ? Math.floor((s.bet * 1000) / RATES[s.kind]) : 0;
        const earned = Math.floor((m.milli + milli) / 1000);
        m.milli = (m.milli + milli) % 1000;
        m.points += earned;
        m.experience += earned;
        if (s.kind === "slot" && ++m.slotRounds === 50) [m.points, m.experience] = [m.points + 50, m.experience + 50];
      }
      return;
    case "retry":
      if (m.last) await real(p, m.last.game, m.last.bet, m.last.round);
      return;
    case "deposit":
      await depositWith(p, "success", { amount: 2000 });
      if (++m.deposits === 2) [m.points, m.experience] = [m.points + 100, m.experience + 100];
      return;
    case "buy": {
      const again = s.again && m.lastKey !== null;
      const key = again ? m.lastKey!.key : buyKey();
      const res = await buy(p, await productId(s.product), key);
      const body = await res.json<any>();
      if (again) {
        expect(res.status, JSON.stringify(body)).toBe(m.lastKey!.product === s.product ? 200 : 400);
        if (res.status === 200) expect(body.data.replayed).toBe(true);
        return;
      }
      const stock = await env.DB.prepare("SELECT stock FROM loyalty_products WHERE sysname = ?1").bind(s.product).first<number | null>("stock");
      const can = m.points >= PRICES[s.product] && (m.bought[s.product] ?? 0) < LIMITS[s.product];
      if (can) {
        expect(res.status, JSON.stringify(body)).toBe(200);
        m.points -= PRICES[s.product];
        m.bought[s.product] = (m.bought[s.product] ?? 0) + 1;
        m.lastKey = { product: s.product, key };
      } else {
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(["insufficient_points", "limit_reached", "out_of_stock"]).toContain(body.error.params.code);
        if (stock !== 0) expect(body.error.params.code).not.toBe("out_of_stock");
      }
      return;
    }
  }
}

describe("the loyalty ledger's property", () => {
  beforeAll(async () => {
    for (const kind of Object.keys(RATES) as Kind[]) games[kind] = await gameOf(kind);
    // Stock is the shop's, shared by every run: enough for all of them.
    await env.DB.prepare("UPDATE loyalty_products SET stock = NULL").run();
  });

  it("Σ ledger = account and the account is what the rules compute, after every step", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(steps, { minLength: 1, maxLength: 10 }), fc.constantFrom(0, 400, 1200), async (plan, start) => {
        const p = await playerWith(1_000_000);
        if (start) await grantPoints(p.uid, start);
        const m: Model = { milli: 0, points: start, experience: start, wagered: 0, slotRounds: 0, deposits: 0, bought: {}, last: null, lastKey: null };
        for (const s of plan) {
          await step(p, m, s);
          await checkLedger(p.uid);
          const a = await account(p.uid);
          expect({ points: a?.points ?? 0, experience: a?.experience ?? 0, wagered: a?.wagered ?? 0, carry: a?.carry_milli ?? 0 }).toEqual({
            points: m.points,
            experience: m.experience,
            wagered: m.wagered,
            carry: m.milli,
          });
        }
      }),
      { numRuns: 12 },
    );
  });
});
