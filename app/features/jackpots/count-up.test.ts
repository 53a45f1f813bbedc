import { describe, expect, it } from "vitest";
import { formatUnits } from "../../../core/money";
import { countUpAt, widestAmount } from "./count-up";

describe("jackpot count-up", () => {
  it("counts from the old amount to the new one, whole cents, rising, ending exactly on it", () => {
    const frames = Array.from({ length: 61 }, (_, i) => countUpAt(18_250, 18_255 + 900, i * 25, 1500));
    expect(frames[0]).toBe(18_250);
    expect(frames.at(-1)).toBe(19_155);
    for (let i = 1; i < frames.length; i++) expect(frames[i]!).toBeGreaterThanOrEqual(frames[i - 1]!);
    expect(frames.every(Number.isInteger)).toBe(true);
    expect(new Set(frames).size).toBeGreaterThan(20); // smooth: many steps, not a jump
    expect(countUpAt(5, 9, 99_999, 1500)).toBe(9);
  });

  it("counts down too (a pool won and reset), and never overshoots", () => {
    const frames = Array.from({ length: 31 }, (_, i) => countUpAt(500_000, 10_000, i * 50, 1500));
    expect(frames.at(-1)).toBe(10_000);
    expect(frames.every((f) => f >= 10_000 && f <= 500_000)).toBe(true);
  });

  it("reserves the width of the widest text between two amounts", () => {
    expect(formatUnits(widestAmount(123_900, 124_000))).toBe("1,240.01");
    expect(formatUnits(widestAmount(123_950, 123_955)).length).toBe("1,239.55".length);
  });
});
