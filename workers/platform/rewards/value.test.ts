import { describe, expect, it } from "vitest";
import { overpayment, paidWheelReturn, rewardValue, VALUATION_RTP_BP, wheelExpectedReturn, wheelOverpayments, type ValuedSector } from "./value.mjs";

/** 1,000 points worth 10.00: a point is worth one cent. */
const rates = { pointValuePer1000: 1000 };

describe("rewardValue (decision 0058)", () => {
  it("values money at face, nothing at nothing", () => {
    expect(rewardValue({ type: "money", amount: 250 }, rates)).toBe(250);
    expect(rewardValue({ type: "money", amount: null }, rates)).toBe(0);
    expect(rewardValue({ type: "nothing" }, rates)).toBe(0);
  });

  it("values a bonus at amount × (1 − house edge × wagering), never below nothing", () => {
    expect(VALUATION_RTP_BP).toBe(9700);
    expect(rewardValue({ type: "bonus", amount: 1000, wager_multiplier: 10 }, rates)).toBe(700);
    expect(rewardValue({ type: "bonus", amount: 1000, wager_multiplier: 0 }, rates)).toBe(1000);
    expect(rewardValue({ type: "bonus", amount: 1000, wager_multiplier: 50 }, rates)).toBe(0);
    expect(rewardValue({ type: "bonus", amount: 1000, wager_multiplier: 10 }, { ...rates, rtpBp: 9600 })).toBe(600);
  });

  it("values free spins at spins × bet × RTP, points at the stated point value, spins at the wheel's spin price", () => {
    expect(rewardValue({ type: "freespins", count: 20, bet: 20 }, rates)).toBe(388);
    expect(rewardValue({ type: "freespins", count: 20, bet: null }, rates)).toBe(0);
    expect(rewardValue({ type: "points", points: 25 }, rates)).toBe(25);
    expect(rewardValue({ type: "points", points: 25 }, { pointValuePer1000: 5000 })).toBe(125);
    expect(rewardValue({ type: "spins", spins: 2 }, { ...rates, spinValue: 100 })).toBe(200);
  });

  it("cannot value points or spins without a stated rate", () => {
    expect(rewardValue({ type: "points", points: 25 }, { pointValuePer1000: null })).toBeNull();
    expect(rewardValue({ type: "spins", spins: 1 }, rates)).toBeNull();
  });
});

describe("wheelExpectedReturn", () => {
  const cash = (amount: number, weight: number): ValuedSector => ({ weight, prize: { type: "money", amount }, fallback: null });

  it("is Σ weight × value ÷ Σ weight", () => {
    expect(wheelExpectedReturn([cash(200, 300), { weight: 700, prize: { type: "nothing" }, fallback: null }], rates)).toBe(60);
    expect(wheelExpectedReturn([], rates)).toBe(0);
  });

  it("counts a stock-limited sector at the better of its prize and its fallback", () => {
    const limited: ValuedSector = { weight: 1, prize: { type: "money", amount: 100 }, fallback: { type: "points", points: 500 } };
    expect(wheelExpectedReturn([limited], rates)).toBe(500);
  });

  it("values the wheel's own spins at its dearer price", () => {
    const sectors: ValuedSector[] = [
      { weight: 1, prize: { type: "spins", spins: 1 }, fallback: null },
      { weight: 1, prize: { type: "nothing" }, fallback: null },
    ];
    expect(paidWheelReturn({ money: 100, points: 200 }, sectors, rates)).toBe(100);
  });

  it("the premium wheel as seeded before issue 35 returned 1.70 a spin: twice its price in points' worth, more than its price in money", () => {
    const before: ValuedSector[] = [
      cash(200, 300),
      { weight: 200, prize: { type: "bonus", amount: 1000, wager_multiplier: 10 }, fallback: null },
      { weight: 250, prize: { type: "points", points: 100 }, fallback: null },
      { weight: 200, prize: { type: "nothing" }, fallback: null },
      cash(2500, 45),
      { weight: 5, prize: { type: "money", amount: 50000 }, fallback: { type: "nothing" } },
    ];
    expect(paidWheelReturn({ money: 100, points: 50 }, before, rates)).toBeCloseTo(60 + 140 + 25 + 112.5 + 250);
    expect(wheelOverpayments("premium-wheel", "USD", { money: 100, points: 50 }, before, rates)).toEqual([
      "premium-wheel (a spin for 1.00 USD): expected to return 5.88 for a price worth 1.00; nothing sold may pay back as much as it costs (DESIGN §7, decision 0058)",
      "premium-wheel (a spin for 50 points, USD): expected to return 5.88 for a price worth 0.50; nothing sold may pay back as much as it costs (DESIGN §7, decision 0058)",
    ]);
  });
});

describe("overpayment", () => {
  it("allows a return below the price only", () => {
    expect(overpayment("p", 99.9, 100)).toBeNull();
    expect(overpayment("p", 100, 100)).toMatch(/^p: expected to return 1.00 for a price worth 1.00/);
    expect(overpayment("p", null, 100)).toMatch(/no stated value/);
    expect(overpayment("p", 0, null)).toMatch(/price has no stated value/);
  });
});
