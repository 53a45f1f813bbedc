import { describe, expect, it } from "vitest";
import { arcsOf, rotationFor, slicePath, labelAngle, labelLines, sliceLabel } from "./geometry";

describe("wheel geometry", () => {
  it("gives each sector an arc proportional to its chance, the arcs covering the turn", () => {
    const arcs = arcsOf([150, 100, 250, 500]);
    expect(arcs.map((a) => a.end - a.start)).toEqual([54, 36, 90, 180]);
    expect(arcs[0]!.start).toBe(0);
    expect(arcs.at(-1)!.end).toBe(360);
  });

  it("turns forward, whole turns and then to the middle of the drawn sector under the pointer", () => {
    const arcs = arcsOf([1, 1, 1, 1]);
    const r = rotationFor(0, arcs, 1);
    expect(r).toBe(5 * 360 + 360 - 135);
    // The drawn sector's middle is at the top once rotated: (mid + r) ≡ 0 (mod 360).
    expect((arcs[1]!.mid + r) % 360).toBe(0);
    const again = rotationFor(r, arcs, 3);
    expect(again).toBeGreaterThan(r + 5 * 360 - 1);
    expect((arcs[3]!.mid + again) % 360).toBe(0);
    expect(rotationFor(0, arcs, 2, 0)).toBe(135);
  });

  it("draws a slice and a whole disc", () => {
    expect(slicePath(100, 90, { start: 0, end: 90, mid: 45 })).toMatch(/^M 100 100 L 100\.000 10\.000 A 90 90 0 0 1 190\.000 100\.000 Z$/);
    expect(slicePath(100, 90, { start: 0, end: 360, mid: 180 })).toContain("A 90 90 0 1 1");
  });
});

describe("wheel labels", () => {
  it("read upright where the wheel rests: outwards on the right half, inwards on the left", () => {
    // A sector in the middle of the right half: horizontal, left to right from the hub.
    expect(labelAngle(90, 0)).toBe(0);
    // In the middle of the left half: horizontal again (turned 360), left to right from the rim.
    expect(labelAngle(270, 0) % 360).toBe(0);
    // The same sector once the wheel rests half a turn on (rotation 180): now on the right half.
    expect(labelAngle(270, 180)).toBe(180);
    expect(labelAngle(90, 180 + 5 * 360) % 360).toBe(180);
  });

  it("fit a long prize on two lines, broken between words, cut with … when longer", () => {
    expect(labelLines("$5 bonus")).toEqual(["$5 bonus"]);
    expect(labelLines("25 free spins on Fortune Panda")).toEqual(["25 free spins", "on Fortune P…"]);
    expect(labelLines("Loyalty points x2")).toEqual(["Loyalty", "points x2"]);
    expect(labelLines("Supercalifragilistic")).toEqual(["Supercalifrag", "ilistic"]);
  });

  it("take two lines on a wide slice, one longer line on a narrow one, none on a sliver", () => {
    expect(sliceLabel("25 loyalty points", 90)).toEqual(["25 loyalty", "points"]);
    expect(sliceLabel("50 loyalty points", 9)).toEqual(["50 loyalty points"]);
    expect(sliceLabel("A prize with a long name", 9)).toEqual(["A prize with a lo…"]);
    expect(sliceLabel("$100 cash", 1.8)).toEqual([]);
  });
});
