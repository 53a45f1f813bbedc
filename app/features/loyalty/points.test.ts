import { describe, expect, it } from "vitest";
import { formatPoints, formatRate } from "./points";

describe("loyalty figures", () => {
  it("groups points by thousands", () => {
    expect([formatPoints(0), formatPoints(999), formatPoints(1000), formatPoints(1234567)]).toEqual(["0", "999", "1,000", "1,234,567"]);
  });
  it("shows basis points as a percentage without trailing zeros", () => {
    expect([formatRate(0), formatRate(100), formatRate(125), formatRate(10), formatRate(1050)]).toEqual(["0", "1", "1.25", "0.1", "10.5"]);
  });
});
