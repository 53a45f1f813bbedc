import { describe, expect, it } from "vitest";
import { combinedOdds, formatOdds, parseStake, potentialReturn, stakeText } from "./slip-math";

describe("slip math", () => {
  it("combines an accumulator's odds as the product, rounded down", () => {
    expect(combinedOdds([185])).toBe(185);
    expect(combinedOdds([185, 210])).toBe(388); // 3.885 → 3.88
    expect(combinedOdds([150, 150, 150])).toBe(337); // 3.375 → 3.37
    expect(formatOdds(combinedOdds([200, 250]))).toBe("5.00");
  });

  it("returns stake × odds for a single and stake × product for an accumulator, to the minor unit", () => {
    expect(potentialReturn(1000, [185])).toBe(1850);
    expect(potentialReturn(1000, [185, 210])).toBe(3885); // exact product, not the rounded combined odds
    expect(potentialReturn(333, [333])).toBe(1108); // 11.0889 → 11.08
    expect(potentialReturn(0, [185])).toBe(0);
    expect(potentialReturn(1000, [])).toBe(0);
  });

  it("a free bet without stake return pays the winnings only; with stake return the whole", () => {
    expect(potentialReturn(1000, [185], { freeBet: true, stakeReturned: false })).toBe(850);
    expect(potentialReturn(1000, [185], { freeBet: true, stakeReturned: true })).toBe(1850);
  });

  it("reads typed stakes in minor units and refuses anything else", () => {
    expect(parseStake("2")).toBe(200);
    expect(parseStake("2.5")).toBe(250);
    expect(parseStake("1,000.05")).toBe(100005);
    for (const bad of ["", "0", "-1", "1.234", "abc", "1e3", null]) expect(parseStake(bad)).toBeNull();
    expect(stakeText(250)).toBe("2.50");
    expect(stakeText(200)).toBe("2");
  });
});
