import { describe, expect, it } from "vitest";
import { JURISDICTIONS, type JurisdictionId, PROFILES } from "../../../core/jurisdictions";
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

describe("a raise under each market's profile (decision 0082)", () => {
  const t0 = 100 * DAY;
  // A 30-day limit set at t0; the raise is asked for on its second day.
  const set = requestLimit(none, { days: 30, amount: 100 }, t0);
  const expected: Record<JurisdictionId, number> = {
    international: t0 + DAY + 24 * 3_600_000,
    uk: t0 + DAY + 24 * 3_600_000,
    on: t0 + DAY + 24 * 3_600_000,
    de: t0 + DAY + 7 * DAY,
    // 72 hours would end on day 4: these markets also wait for the running 30-day period to end.
    nl: t0 + 30 * DAY,
    se: t0 + 30 * DAY,
  };
  for (const id of JURISDICTIONS) {
    it(`${id}: applies at ${(expected[id] - t0) / DAY} days after the limit was set`, () => {
      const raise = requestLimit(set, { days: 30, amount: 500 }, t0 + DAY, PROFILES[id].depositLimits);
      expect(raise.pending?.effectiveAt).toBe(expected[id]);
      expect(applyDue(raise, expected[id] - 1).current?.amount).toBe(100);
      expect(applyDue(raise, expected[id]).current?.amount).toBe(500);
    });
  }

  it("se: a removal late in the period still waits the 72 hours past its end", () => {
    const removal = requestLimit(set, null, t0 + 29 * DAY, PROFILES.se.depositLimits);
    expect(removal.pending?.effectiveAt).toBe(t0 + 29 * DAY + 72 * 3_600_000);
  });

  it("a stricter limit applies at once under every profile", () => {
    for (const id of JURISDICTIONS) expect(requestLimit(set, { days: 30, amount: 50 }, t0 + DAY, PROFILES[id].depositLimits).current?.amount).toBe(50);
  });
});
