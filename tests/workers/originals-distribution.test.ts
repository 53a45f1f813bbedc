import { describe, expect, it } from "vitest";
import { drawOriginal, type OriginalChoice, PLINKO_PAYOUTS } from "../../core/originals";

/**
 * The originals' draws fit their published distributions (decision 0115), as the wheel's do
 * (wheel-distribution.test.ts): χ² goodness-of-fit tests over 50,000 consecutive nonces of one seed
 * pair, drawn in the Worker runtime by the very function the rounds use. Fixed seeds: deterministic.
 */

const SERVER_SEED = "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae";
const CLIENT_SEED = "chi-square-originals";
const DRAWS = 50_000;

function chiSquare(counts: number[], probabilities: number[]): number {
  const n = counts.reduce((a, b) => a + b, 0);
  return counts.reduce((sum, observed, i) => sum + (observed - n * probabilities[i]!) ** 2 / (n * probabilities[i]!), 0);
}

async function results(choice: OriginalChoice): Promise<number[]> {
  const out: number[] = [];
  const BATCH = 1000;
  for (let from = 0; from < DRAWS; from += BATCH) {
    const draws = await Promise.all(Array.from({ length: BATCH }, (_, i) => drawOriginal(SERVER_SEED, CLIENT_SEED, from + i, choice)));
    for (const d of draws) out.push(d.outcome.result);
  }
  return out;
}

describe("the originals' distributions", () => {
  it("dice: the rolls are uniform over 0.00…100.00 (10 bins, χ² 9 degrees of freedom, p = 0.001), and a skew is rejected", { timeout: 120_000 }, async () => {
    const rolls = await results({ game: "dice", target: 5000, over: true });
    const counts = Array.from({ length: 10 }, () => 0);
    for (const r of rolls) counts[Math.min(9, Math.floor(r / 1000))]!++;
    // Bins of 1,000 rolls each but the last, which also holds 100.00.
    const uniform = [...Array.from({ length: 9 }, () => 1000 / 10001), 1001 / 10001];
    const CRITICAL_9_DF = 27.877;
    expect(chiSquare(counts, uniform)).toBeLessThan(CRITICAL_9_DF);
    // The test can fail: a die 5 % heavier on its low half is rejected by the same counts.
    const skewed = uniform.map((p, i) => (i < 5 ? p * 1.05 : p * 0.95));
    expect(chiSquare(counts, skewed)).toBeGreaterThan(CRITICAL_9_DF);
  });

  it("limbo: the result reaches m with chance 0.99 ÷ m (5 bins, χ² 4 degrees of freedom, p = 0.001), and a 5 % edge is rejected", {
    timeout: 120_000,
  }, async () => {
    const all = await results({ game: "limbo", target: 200 });
    const edges = [125, 200, 500, 2000]; // hundredths: 1.25×, 2×, 5×, 20×
    const counts = [0, 0, 0, 0, 0];
    for (const r of all) counts[edges.filter((e) => r >= e).length]!++;
    const reach = (keep: number) => [1, ...edges.map((e) => keep / (e / 100))];
    const bins = (keep: number) => reach(keep).map((p, i, a) => p - (a[i + 1] ?? 0));
    const CRITICAL_4_DF = 18.467;
    expect(chiSquare(counts, bins(0.99))).toBeLessThan(CRITICAL_4_DF);
    expect(chiSquare(counts, bins(0.95))).toBeGreaterThan(CRITICAL_4_DF);
    // The return: every target of 2× is won about 49.5 % of the time (within 1 %).
    const won = all.filter((r) => r >= 200).length / DRAWS;
    expect(Math.abs(won - 0.495)).toBeLessThan(0.01);
  });

  it("plinko: the bins of 16 rows are binomial(16, ½) (13 groups, χ² 12 degrees of freedom, p = 0.001), a ball leaning right is rejected, and it returns 99 %", {
    timeout: 120_000,
  }, async () => {
    const bins = await results({ game: "plinko", rows: 16, risk: "medium" });
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
    const binomial = (right: number) => Array.from({ length: 17 }, (_, k) => choose(16, k) * right ** k * (1 - right) ** (16 - k));
    // The rare edge bins grouped (0–2 and 14–16) so every group expects more than 5 balls.
    const group = (k: number) => (k <= 2 ? 0 : k >= 14 ? 12 : k - 2);
    const grouped = (p: number[]) => {
      const g = Array.from({ length: 13 }, () => 0);
      for (const [k, pk] of p.entries()) g[group(k)]! += pk;
      return g;
    };
    const counts = Array.from({ length: 13 }, () => 0);
    for (const b of bins) counts[group(b)]!++;
    const CRITICAL_12_DF = 32.909;
    expect(chiSquare(counts, grouped(binomial(0.5)))).toBeLessThan(CRITICAL_12_DF);
    expect(chiSquare(counts, grouped(binomial(0.52)))).toBeGreaterThan(CRITICAL_12_DF);
    // What the draws paid on the low and medium tables: 99 % of the stake, within 3 %.
    const perBin = Array.from({ length: 17 }, () => 0);
    for (const b of bins) perBin[b]!++;
    for (const risk of ["low", "medium"] as const) {
      const paid = perBin.reduce((sum, n, k) => sum + n * PLINKO_PAYOUTS[risk][16][k]!, 0) / 100 / DRAWS;
      expect(Math.abs(paid - 0.99), risk).toBeLessThan(0.03);
    }
  });
});
