import { describe, expect, it } from "vitest";
import { BLANK, blankWeightFor, drawGrid, gridWin, lineMultiplier, secureRandomInt, SYMBOLS, theoreticalRtp, topPrize } from "./rounds-math";

describe("secureRandomInt", () => {
  it("is uniform: chi-square of 60,000 draws over 6 values stays far below the 1-in-a-million bound", () => {
    const counts = new Array(6).fill(0);
    const draws = 60_000;
    for (let i = 0; i < draws; i++) counts[secureRandomInt(6)]++;
    const expected = draws / 6;
    const chi2 = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 5 degrees of freedom: P(chi² > 35.9) ≈ 1e-6, so this never fails by chance in practice.
    expect(chi2).toBeLessThan(35.9);
  });

  it("rejects the values that would bias the modulo and draws again", () => {
    // n = 3: 2^32 mod 3 = 1, so 2^32 - 1 is the one rejected value.
    const values = [2 ** 32 - 1, 2 ** 32 - 1, 7];
    const source = (buf: Uint32Array) => {
      buf[0] = values.shift()!;
      return buf;
    };
    expect(secureRandomInt(3, source)).toBe(7 % 3);
    expect(values).toEqual([]);
  });

  it("refuses a range it cannot draw", () => {
    expect(() => secureRandomInt(0)).toThrow(RangeError);
    expect(() => secureRandomInt(1.5)).toThrow(RangeError);
  });
});

describe("paytable", () => {
  /** The RTP computed by enumerating every payline the weights allow, through gridWin itself. */
  function enumeratedRtp(blank: number): number {
    const cells = [...SYMBOLS.map((s) => ({ name: s.name, weight: s.weight })), { name: BLANK, weight: blank }];
    const total = cells.reduce((sum, c) => sum + c.weight, 0);
    let rtp = 0;
    for (const a of cells)
      for (const b of cells)
        for (const c of cells) {
          const p = (a.weight / total) * (b.weight / total) * (c.weight / total);
          rtp += (p * gridWin([[], [a.name, b.name, c.name], []], 100)) / 100;
        }
    return rtp;
  }

  it.each([0.8, 0.94, 0.962])("says the top prize's chance at RTP %s as the paytable's enumeration gives it", (target) => {
    const blank = blankWeightFor(target);
    const cells = [...SYMBOLS.map((s) => ({ name: s.name, weight: s.weight })), { name: BLANK, weight: blank }];
    const total = cells.reduce((sum, c) => sum + c.weight, 0);
    const best = Math.max(...SYMBOLS.map((s) => s.three));
    let chance = 0;
    for (const a of cells)
      for (const b of cells)
        for (const c of cells) if (lineMultiplier([a.name, b.name, c.name]) === best) chance += (a.weight * b.weight * c.weight) / total ** 3;
    expect(topPrize(blank)).toEqual({ multiplier: best, probability: expect.closeTo(chance, 15) });
  });

  it.each([0.8, 0.9, 0.94, 0.962, 0.97, 0.9999])("meets an RTP of %s within ±1 %% (exact, not sampled)", (target) => {
    const blank = blankWeightFor(target);
    expect(Math.abs(theoreticalRtp(blank) - target)).toBeLessThan(0.01);
    expect(enumeratedRtp(blank)).toBeCloseTo(theoreticalRtp(blank), 12);
  });

  it("pays three of a kind, else a pair on the first two reels, on the middle row only", () => {
    expect(lineMultiplier(["seven", "seven", "seven"])).toBe(150);
    expect(lineMultiplier(["seven", "seven", "bell"])).toBe(10);
    expect(lineMultiplier(["bell", "seven", "seven"])).toBe(0);
    expect(lineMultiplier([BLANK, BLANK, BLANK])).toBe(0);
    expect(
      gridWin(
        [
          ["diamond", "diamond", "diamond"],
          ["cherry", "lemon", "bell"],
          ["x", "x", "x"],
        ],
        50,
      ),
    ).toBe(0);
  });

  it("draws a 3 × 3 grid of known symbols", () => {
    const grid = drawGrid(blankWeightFor(0.96));
    expect(grid).toHaveLength(3);
    const names = new Set([...SYMBOLS.map((s) => s.name), BLANK]);
    for (const row of grid) {
      expect(row).toHaveLength(3);
      for (const s of row) expect(names.has(s)).toBe(true);
    }
  });
});
