import { describe, expect, it } from "vitest";
import { formatUnits } from "../../../core/money";
import { assertDepositAmount, assertStep } from "./amounts";

const rules = { min: 1000, max: 500000, step: 500, presets: [] };

describe("cashier amounts", () => {
  it("shows minor units as a player reads them", () => {
    expect(formatUnits(1000)).toBe("10");
    expect(formatUnits(500000)).toBe("5,000");
    expect(formatUnits(1050)).toBe("10.50");
    expect(formatUnits(123456789)).toBe("1,234,567.89");
  });

  it("refuses amounts outside min/max with the formatted range, and off-step ones", () => {
    expect(() => assertDepositAmount(999, rules, "USD")).toThrow("Amount must be between 10 and 5,000");
    expect(() => assertDepositAmount(500001, rules, "USD")).toThrow("Amount must be between 10 and 5,000");
    expect(() => assertDepositAmount(1200, rules, "USD")).toThrow("Amount must be a multiple of 5");
    expect(() => assertDepositAmount(1500, rules, "USD")).not.toThrow();
    expect(() => assertStep(1234, { ...rules, step: 0 })).not.toThrow();
  });
});
