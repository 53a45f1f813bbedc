import { describe, expect, it } from "vitest";
import { drawSector } from "../../core/fairness";

/**
 * The published draw matches the published weights (issue 21, decision 0047): a χ² goodness-of-fit
 * test over 100,000 consecutive nonces of one seed pair, on the daily wheel's weights, drawn in the
 * Worker runtime by the very function the platform's spins use (workerd's WebCrypto HMAC). Fixed
 * seeds: the outcome is deterministic, never flaky.
 */

const SERVER_SEED = "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8";
const CLIENT_SEED = "chi-square";
const WEIGHTS = [150, 100, 250, 120, 150, 200, 5, 25];
const DRAWS = 100_000;
/** χ² with 7 degrees of freedom at significance 0.001. */
const CRITICAL_7_DF = 24.322;

function chiSquare(counts: number[], weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  const n = counts.reduce((a, b) => a + b, 0);
  return counts.reduce((sum, observed, i) => {
    const expected = (n * weights[i]!) / total;
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
}

describe("the draw's distribution", () => {
  // 100,000 HMACs: about 4 s quiet, given the time a busy two-core machine needs.
  it("fits the published weights over 100,000 draws (χ², 7 degrees of freedom, p = 0.001), and would reject others", { timeout: 120_000 }, async () => {
    const counts = WEIGHTS.map(() => 0);
    const BATCH = 1000;
    for (let from = 0; from < DRAWS; from += BATCH) {
      const draws = await Promise.all(Array.from({ length: BATCH }, (_, i) => drawSector(SERVER_SEED, CLIENT_SEED, from + i, WEIGHTS)));
      for (const d of draws) counts[d.index]!++;
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(DRAWS);
    expect(chiSquare(counts, WEIGHTS)).toBeLessThan(CRITICAL_7_DF);
    // The rare sector (weight 5 of 1000) is drawn about 500 times, not never.
    expect(counts[6]).toBeGreaterThan(350);
    // The test can fail: two sectors' weights swapped are rejected by the same counts.
    expect(chiSquare(counts, [100, 150, 250, 120, 150, 200, 5, 25])).toBeGreaterThan(CRITICAL_7_DF);
  });
});
