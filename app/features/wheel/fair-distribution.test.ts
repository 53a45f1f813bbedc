import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawSector, sectorIndexOf, ticketOf } from "./fair";

/**
 * The published draw matches the published weights (issue 21, decision 0047): a χ² goodness-of-fit
 * test over 100,000 consecutive nonces of one seed pair, on the daily wheel's weights. The digests
 * come from Node's HMAC (fast); the ticket and sector from the module's own functions, and the
 * first thousand draws are checked against drawSector itself. Fixed seeds: the outcome is
 * deterministic, never flaky.
 */

const SERVER_SEED = "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8";
const CLIENT_SEED = "chi-square";
const WEIGHTS = [150, 100, 250, 120, 150, 200, 5, 25];
const DRAWS = 100_000;
/** χ² with 7 degrees of freedom at significance 0.001. */
const CRITICAL_7_DF = 24.322;

const digestOf = (nonce: number) => createHmac("sha256", SERVER_SEED).update(`${CLIENT_SEED}:${nonce}`).digest("hex");

function chiSquare(counts: number[], weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  const n = counts.reduce((a, b) => a + b, 0);
  return counts.reduce((sum, observed, i) => {
    const expected = (n * weights[i]!) / total;
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
}

describe("the draw's distribution", () => {
  const total = WEIGHTS.reduce((a, b) => a + b, 0);
  const counts = WEIGHTS.map(() => 0);
  for (let nonce = 0; nonce < DRAWS; nonce++) counts[sectorIndexOf(ticketOf(digestOf(nonce), total), WEIGHTS)]!++;

  it("is drawSector's own result on the first thousand nonces", async () => {
    for (let nonce = 0; nonce < 1000; nonce++) {
      const draw = await drawSector(SERVER_SEED, CLIENT_SEED, nonce, WEIGHTS);
      expect(draw.index).toBe(sectorIndexOf(ticketOf(digestOf(nonce), total), WEIGHTS));
    }
  });

  it("fits the published weights over 100,000 draws (χ², 7 degrees of freedom, p = 0.001)", () => {
    expect(chiSquare(counts, WEIGHTS)).toBeLessThan(CRITICAL_7_DF);
    // The rare sector (weight 5 of 1000) is drawn about 500 times, not never.
    expect(counts[6]).toBeGreaterThan(350);
  });

  it("would reject weights other than the published ones (the test can fail)", () => {
    const swapped = [100, 150, 250, 120, 150, 200, 5, 25];
    expect(chiSquare(counts, swapped)).toBeGreaterThan(CRITICAL_7_DF);
  });
});
