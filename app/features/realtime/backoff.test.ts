import { describe, expect, it } from "vitest";
import { BACKOFF_CAP_MS, backoffDelay } from "./backoff";

describe("backoffDelay", () => {
  it("doubles from 1 s and stops at 30 s", () => {
    const top = (n: number) => backoffDelay(n, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(top)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it("draws each wait between half and all of its step", () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(9, () => 0)).toBe(BACKOFF_CAP_MS / 2);
    for (let n = 0; n < 200; n++) {
      const d = backoffDelay(n % 8);
      expect(d).toBeGreaterThanOrEqual(500);
      expect(d).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    }
  });

  it("treats a negative attempt as the first", () => {
    expect(backoffDelay(-3, () => 1)).toBe(1000);
  });
});
