import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { paidWheelReturn } from "../workers/platform/rewards/value.mjs";
import { seedOverpayments } from "./seed-prices.mjs";
import { buildSeedStatements } from "./seed-sql.mjs";

const read = (f) => JSON.parse(readFileSync(`migrations/seed/${f}`, "utf8"));

describe("the seed's paid products (DESIGN §7, decision 0058)", () => {
  let dir = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  /** A copy of the seed with one file changed. */
  function seedWith(file, change) {
    dir = mkdtempSync(join(tmpdir(), "seed-"));
    cpSync("migrations/seed", dir, { recursive: true });
    writeFileSync(join(dir, file), JSON.stringify(change(read(file))));
    return dir;
  }

  it("every wheel sold for money or points and every shop product returns less than its price", () => {
    expect(seedOverpayments("migrations/seed")).toEqual([]);
  });

  it("the premium wheel returns 85–95 % of a spin's price in every currency, bought with money or points", () => {
    const wheel = read("wheel-campaigns.json").find((w) => w.sysname === "premium-wheel");
    const program = read("loyalty-programs.json")[0];
    const packs = new Map(read("freespin-templates.json").map((t) => [t.sysname, t]));
    expect(wheel.sectors.every((x) => ["money", "bonus", "points", "nothing", "freespins"].includes(x.reward.type))).toBe(true);
    for (const [currency, price] of Object.entries(wheel.spin_price)) {
      const pointValuePer1000 = program.rates[currency].value_per_1000;
      const sectors = wheel.sectors.map((x) => {
        const r = x.reward;
        const prize =
          r.type === "money" ? { type: "money", amount: r.money[currency] }
          : r.type === "bonus" ? { type: "bonus", amount: r.bonus.amounts[currency].amount, wager_multiplier: r.bonus.wager_multiplier }
          : r.type === "freespins" ? { type: "freespins", count: packs.get(r.freespins).count, bet: packs.get(r.freespins).bets[currency].bet }
          : r.type === "points" ? { type: "points", points: r.points }
          : { type: "nothing" };
        return { weight: x.weight, prize, fallback: null };
      });
      const perSpin = paidWheelReturn({ money: price, points: wheel.spin_price_points }, sectors, { pointValuePer1000 });
      // 100 spins bought cannot be expected to return what they cost, paid either way.
      expect(100 * perSpin).toBeLessThan(100 * price * 0.95);
      expect(100 * perSpin).toBeGreaterThan(100 * price * 0.85);
      expect(100 * perSpin).toBeLessThan((100 * wheel.spin_price_points * pointValuePer1000) / 1000);
    }
  });

  it("a seed whose wheel pays more than a spin costs does not build, and says which wheel", () => {
    const cheap = seedWith("wheel-campaigns.json", (wheels) => wheels.map((w) => (w.sysname === "premium-wheel" ? { ...w, spin_price: { ...w.spin_price, USD: 10 } } : w)));
    expect(() => buildSeedStatements(cheap)).toThrow(/wheel campaign 'premium-wheel' \(a spin for 0\.10 USD\): expected to return \d+\.\d\d for a price worth 0\.10/);
  });

  it("a shop product that pays more than its points are worth does not build, and says which product", () => {
    const cheap = seedWith("loyalty-products.json", (products) => products.map((p) => (p.sysname === "cash-5" ? { ...p, price: 400 } : p)));
    expect(() => buildSeedStatements(cheap)).toThrow(/loyalty product 'cash-5' \(400 points, USD\): expected to return 5\.00 for a price worth 4\.00/);
  });
});
