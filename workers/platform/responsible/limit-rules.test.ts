import { describe, expect, it } from "vitest";
import { applyDue, COOLING_OFF_MS, isStricter, requestLimit, windowAt, type LimitState } from "./limit-rules";

const DAY = 86_400_000;
const none: LimitState = { current: null, pending: null };

describe("deposit limit rules", () => {
  it("finds the fixed window holding a moment", () => {
    const limit = { days: 7, amount: 100, anchor: 1000 };
    expect(windowAt(limit, 1000)).toEqual({ start: 1000, end: 1000 + 7 * DAY });
    expect(windowAt(limit, 1000 + 7 * DAY)).toEqual({ start: 1000 + 7 * DAY, end: 1000 + 14 * DAY });
  });

  it("calls a first limit, a smaller amount or a longer period stricter, and the rest raises", () => {
    const current = { days: 7, amount: 100, anchor: 0 };
    expect(isStricter({ days: 7, amount: 100 }, null)).toBe(true);
    expect(isStricter(null, null)).toBe(false);
    expect(isStricter({ days: 7, amount: 50 }, current)).toBe(true);
    expect(isStricter({ days: 30, amount: 100 }, current)).toBe(true);
    expect(isStricter({ days: 1, amount: 50 }, current)).toBe(false);
    expect(isStricter({ days: 7, amount: 101 }, current)).toBe(false);
    expect(isStricter(null, current)).toBe(false);
  });

  it("keeps the running window when lowering, and applies a raise after the cooling-off", () => {
    const t0 = 10 * DAY;
    const first = requestLimit(none, { days: 7, amount: 100 }, t0);
    expect(first).toEqual({ current: { days: 7, amount: 100, anchor: t0 }, pending: null });
    const lower = requestLimit(first, { days: 30, amount: 100 }, t0 + 8 * DAY);
    expect(lower.current).toEqual({ days: 30, amount: 100, anchor: t0 + 7 * DAY });
    const raise = requestLimit(lower, { days: 30, amount: 500 }, t0 + 9 * DAY);
    expect(raise.pending).toEqual({ days: 30, amount: 500, effectiveAt: t0 + 9 * DAY + COOLING_OFF_MS });
    expect(applyDue(raise, t0 + 9 * DAY + COOLING_OFF_MS - 1)).toBe(raise);
    expect(applyDue(raise, t0 + 10 * DAY).current).toEqual({ days: 30, amount: 500, anchor: t0 + 7 * DAY });
  });

  it("removes a limit only after the cooling-off", () => {
    const s = requestLimit(requestLimit(none, { days: 1, amount: 100 }, 0), null, 0);
    expect(s.current).not.toBeNull();
    expect(applyDue(s, COOLING_OFF_MS)).toEqual(none);
  });
});
