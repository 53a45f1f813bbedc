import { describe, expect, it } from "vitest";
import { acceptOdds, parseSlip, parseSlipLegs, serializeSlip, toggleLeg, toggleSelection } from "./slip-cookie";

describe("slip cookie", () => {
  it("reads what it writes and drops malformed or repeated parts", () => {
    const slip = [
      { id: 12, odds: 185 },
      { id: 40, odds: 1210 },
    ];
    expect(parseSlip(serializeSlip(slip))).toEqual(slip);
    expect(parseSlip("12:185,x,12:200,0:150,7:99,9:250")).toEqual([
      { id: 12, odds: 185 },
      { id: 9, odds: 250 },
    ]);
    expect(parseSlip(undefined)).toEqual([]);
  });

  it("keeps at most ten selections", () => {
    const many = Array.from({ length: 12 }, (_, i) => `${i + 1}:150`).join(",");
    expect(parseSlip(many)).toHaveLength(10);
    const full = parseSlip(many);
    expect(toggleSelection(full, { id: 99, odds: 150 })).toHaveLength(10);
  });

  it("toggles a selection and takes new odds when accepted", () => {
    const one = toggleSelection([], { id: 5, odds: 185 });
    expect(one).toEqual([{ id: 5, odds: 185 }]);
    expect(toggleSelection(one, { id: 5, odds: 185 })).toEqual([]);
    expect(acceptOdds(one, new Map([[5, 210]]))).toEqual([{ id: 5, odds: 210 }]);
  });

  it("keeps a bet builder's own legs after the selections, each once, one correct score per event", () => {
    const legs = [
      { event: 7, leg: "btts:yes" },
      { event: 7, leg: "score:2-1" },
    ];
    const raw = serializeSlip([{ id: 12, odds: 185 }], legs);
    expect(raw).toBe("12:185,b7.btts:yes,b7.score:2-1");
    expect(parseSlip(raw)).toEqual([{ id: 12, odds: 185 }]);
    expect(parseSlipLegs(raw)).toEqual(legs);
    expect(parseSlipLegs("b7.btts:yes,b7.btts:yes,b0.btts:no,b7.result:home,b7.score:2:1,b7.score:100-1,x")).toEqual([{ event: 7, leg: "btts:yes" }]);
    expect(toggleLeg(legs, { event: 7, leg: "btts:yes" })).toEqual([{ event: 7, leg: "score:2-1" }]);
    expect(toggleLeg(legs, { event: 7, leg: "score:0-0" })).toEqual([
      { event: 7, leg: "btts:yes" },
      { event: 7, leg: "score:0-0" },
    ]);
    expect(toggleLeg(legs, { event: 8, leg: "score:1-1" })).toHaveLength(3);
  });
});
