import { describe, expect, it } from "vitest";
import { isMultipleOf, parseAmountBound, sum, toMinorUnits } from "./amount";

describe("sum", () => {
  it("is required, digits only, with no leading zero", () => {
    expect(sum("")).toEqual({ key: "required" });
    expect(sum("10a")).toEqual({ key: "wrongField" });
    expect(sum("-10")).toEqual({ key: "wrongField" });
    expect(sum("1,000")).toEqual({ key: "wrongField" });
    expect(sum("0100")).toEqual({ key: "wrongField" });
    expect(sum("00")).toEqual({ key: "wrongField" });
    expect(sum("100")).toBeNull();
    expect(sum(" 100 ")).toBeNull();
    expect(sum(100)).toBeNull();
  });

  it("takes up to two decimals, none when decimals is 0", () => {
    expect(sum("10.5")).toBeNull();
    expect(sum("0.5")).toBeNull();
    expect(sum("10.55")).toBeNull();
    expect(sum("10.555")).toEqual({ key: "wrongField" });
    expect(sum("10.")).toEqual({ key: "wrongField" });
    expect(sum("10.5", { decimals: 0 })).toEqual({ key: "wrongField" });
  });

  it("stays within min and max, stripping thousands commas, showing them in the message", () => {
    const limits = { min: "1,000", max: "50,000" };
    expect(sum("999", limits)).toEqual({ key: "sumRange", params: { min: "1,000", max: "50,000" } });
    expect(sum("1000", limits)).toBeNull();
    expect(sum("50000", limits)).toBeNull();
    expect(sum("50000.01", limits)).toEqual({ key: "sumRange", params: { min: "1,000", max: "50,000" } });
    expect(sum("5", { min: 10, max: 100 })).toEqual({ key: "sumRange", params: { min: "10", max: "100" } });
  });

  it("reports min or max alone when only one bound exists", () => {
    expect(sum("5", { min: "10" })).toEqual({ key: "minValue", params: { min: "10" } });
    expect(sum("500", { max: 100 })).toEqual({ key: "maxValue", params: { max: "100" } });
    expect(sum("500", { min: "not a number" })).toBeNull();
  });

  it("is a multiple of the step when one is configured", () => {
    expect(sum("15", { step: 5 })).toBeNull();
    expect(sum("17", { step: 5 })).toEqual({ key: "amountNotMultipleOf", params: { value: "5" } });
    expect(sum("2000", { step: "1,000" })).toBeNull();
    expect(sum("2.5", { step: 0.5 })).toBeNull();
    expect(sum("2.3", { step: "0.5" })).toEqual({ key: "amountNotMultipleOf", params: { value: "0.5" } });
    expect(sum("0.3", { step: 0.1 })).toBeNull();
    expect(sum("1.15", { step: 0.05 })).toBeNull();
    expect(sum("17", { step: 0 })).toBeNull();
  });
});

describe("amount helpers", () => {
  it("parse bounds with thousands commas", () => {
    expect(parseAmountBound("1,000")).toBe(1000);
    expect(parseAmountBound("1,000,000.50")).toBe(1000000.5);
    expect(parseAmountBound(" 25 ")).toBe(25);
    expect(parseAmountBound("abc")).toBeNull();
    expect(parseAmountBound(undefined)).toBeNull();
    expect(parseAmountBound(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("check multiples exactly, decimals included", () => {
    expect(isMultipleOf(0.3, 0.1)).toBe(true);
    expect(isMultipleOf("0.7", "0.1")).toBe(true);
    expect(isMultipleOf("1", "0.3")).toBe(false);
    expect(isMultipleOf(1e-7, 1e-7)).toBe(true);
    expect(isMultipleOf(-5, 5)).toBe(false);
  });

  it("convert to integer minor units", () => {
    expect(toMinorUnits("12.5")).toBe(1250);
    expect(toMinorUnits("12")).toBe(1200);
    expect(toMinorUnits("0.07")).toBe(7);
    expect(toMinorUnits("1.005")).toBe(101);
    expect(toMinorUnits("1.004")).toBe(100);
    expect(toMinorUnits("x")).toBeNaN();
  });
});
