import { afterEach, describe, expect, it } from "vitest";
import { PROFILES } from "../core/jurisdictions.ts";
import { FAIR_WAGER_MULTIPLIER, seedWageringProblems } from "./seed-fairness.mjs";
import { seedCopies } from "./seed-copy.mjs";
import { buildSeedStatements } from "./seed-sql.mjs";

describe("the seed is fair by default (issue 40, decision 0085)", () => {
  const { seedWith, cleanup } = seedCopies();
  afterEach(cleanup);

  it("the fair cap is the strictest any jurisdiction profile sets", () => {
    const caps = Object.values(PROFILES)
      .map((p) => p.bonuses.maxWagerMultiplier)
      .filter((c) => c !== null);
    expect(caps.length).toBeGreaterThan(0);
    expect(FAIR_WAGER_MULTIPLIER).toBe(Math.min(...caps));
  });

  it("no seeded bonus (templates, offers, packs' winnings, wheel sectors, prizes, shop products) asks more, or counts the deposit", () => {
    expect(seedWageringProblems("migrations/seed")).toEqual([]);
  });

  it("a seed with a 35× welcome bonus does not build, and names it", () => {
    const seed = seedWith("bonus-templates.json", (ts) => ts.map((t) => (t.sysname === "welcome-1" ? { ...t, wager_multiplier: 35 } : t)));
    expect(() => buildSeedStatements(seed)).toThrow(/'welcome-1': wagered 35 × the bonus, above the strictest cap we know \(10 ×\)/);
  });

  it("a seeded offer counting the deposit and the bonus does not build", () => {
    const seed = seedWith("campaign-offers.json", (os) =>
      os.map((o) => (o.sysname === "weekend-reload" ? { ...o, bonus: { ...o.bonus, wager_base: "deposit_bonus", wager_multiplier: 5 } } : o)),
    );
    expect(() => buildSeedStatements(seed)).toThrow(/'offer weekend-reload': wagering counts the deposit and bonus/);
  });

  it("a free-spin pack's winnings above the cap do not build", () => {
    const seed = seedWith("freespin-templates.json", (fs) =>
      fs.map((f) => (f.sysname === "welcome-spins" ? { ...f, winnings: { ...f.winnings, wager_multiplier: 11 } } : f)),
    );
    expect(() => buildSeedStatements(seed)).toThrow(/'welcome-spins winnings': wagered 11 ×/);
  });
});
