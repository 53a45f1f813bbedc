import { describe, expect, it } from "vitest";
import { countdownTarget, tickEvery, timeLeft } from "./countdown";

const H = 3_600_000;

describe("tournament countdown", () => {
  it("splits the time left into days, hours, minutes and seconds, and stops at zero", () => {
    expect(timeLeft(2 * 24 * H + 3 * H + 4 * 60_000 + 5_999, 0)).toEqual({ d: 2, h: 3, m: 4, s: 5 });
    expect(timeLeft(1000, 5000)).toEqual({ d: 0, h: 0, m: 0, s: 0 });
  });

  it("ticks each minute while days away, each second in the last day, not at all once over", () => {
    expect(tickEvery(30 * 24 * H, 0)).toBe(60_000);
    expect(tickEvery(23 * H, 0)).toBe(1000);
    expect(tickEvery(10, 10)).toBeNull();
  });

  it("counts to the start of a future tournament, the end of an active one, nothing for a finished one", () => {
    const tr = { starts_at: 100, ends_at: 200 };
    expect(countdownTarget({ ...tr, status: "future" })).toBe(100);
    expect(countdownTarget({ ...tr, status: "active" })).toBe(200);
    expect(countdownTarget({ ...tr, status: "finished" })).toBeNull();
  });
});
