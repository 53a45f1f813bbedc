import { describe, expect, it } from "vitest";
import { contributionOf, drawsWin, randomBelow } from "./draw";

describe("randomBelow", () => {
  it("stays in range and rejects the biased top of the 53-bit space", () => {
    for (let i = 0; i < 1000; i++) {
      const r = randomBelow(7);
      expect(Number.isInteger(r) && r >= 0 && r < 7).toBe(true);
    }
    // First draw is all ones (2^53 - 1, above the last multiple of 3·2^51…): rejected, the next one is used.
    const words = [
      [0xffffffff, 0xffffffff],
      [0, 5],
    ];
    let call = 0;
    const fake = (a: Uint32Array) => a.set(words[call++]!);
    expect(randomBelow(2 ** 52 + 1, fake)).toBe(5);
    expect(call).toBe(2);
  });

  it("is roughly uniform", () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 8000; i++) counts[randomBelow(4)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(1700);
  });

  it("refuses a bad bound", () => {
    expect(() => randomBelow(0)).toThrow(RangeError);
    expect(() => randomBelow(1.5)).toThrow(RangeError);
  });
});

describe("drawsWin and contributionOf", () => {
  const pool = { amount: 100, must_drop_at: 1000, odds_factor: 10 };
  it("always wins at the cap, otherwise wins when the draw falls under the bet", () => {
    expect(drawsWin({ ...pool, amount: 1000 }, 1, () => 9999)).toBe(true);
    expect(drawsWin(pool, 50, () => 49)).toBe(true);
    expect(drawsWin(pool, 50, () => 50)).toBe(false);
    expect(drawsWin(pool, 0, () => 0)).toBe(false);
  });
  it("takes the share of the bet in basis points, rounded down", () => {
    expect(contributionOf(1000, 50)).toBe(5);
    expect(contributionOf(199, 50)).toBe(0);
    expect(contributionOf(100_000, 30)).toBe(300);
  });
});
