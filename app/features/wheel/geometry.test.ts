import { describe, expect, it } from "vitest";
import { arcsOf, rotationFor, slicePath } from "./geometry";

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
