import { describe, expect, it } from "vitest";
import { Ranking } from "../../workers/realtime/board-ranking";

// The live board's ranking rules alone (decision 0048). Here rather than beside the module: the
// platform's board-post.ts imports `../../realtime/${name}.ts`, which bundles every .ts file of
// workers/realtime/, a test included.

const e = (uid: number, points: number, reached_at: number, player = `P${uid}`) => ({ uid, player, points, reached_at });

describe("Ranking", () => {
  it("orders by points, then reached_at, then uid, whatever order the posts came in", () => {
    const posts = [e(3, 10, 5), e(1, 10, 5), e(2, 10, 4), e(4, 20, 9), e(5, 0, 1)];
    for (const order of [posts, [...posts].reverse()]) {
      const r = new Ranking();
      for (const p of order) r.apply(p);
      expect(r.ranked().map((x) => x.uid)).toEqual([4, 2, 1, 3]);
      expect(r.rank(5)).toBeNull();
    }
  });

  it("takes a newer total, ignores an older or repeated one; at the same instant the higher wins", () => {
    const r = new Ranking();
    expect(r.apply(e(1, 10, 100))).toBe(true);
    expect(r.apply(e(1, 10, 100))).toBe(false);
    expect(r.apply(e(1, 99, 50))).toBe(false);
    expect(r.apply(e(1, 5, 100))).toBe(false);
    expect(r.apply(e(1, 12, 100))).toBe(true);
    expect(r.apply(e(1, 0, 200))).toBe(true);
    expect(r.row(1)).toBeNull();
  });

  it("points_to_prize: 0 inside, one more than the last prized total outside, null while a prized place is free (as the record)", () => {
    const r = new Ranking();
    for (const p of [e(1, 50, 1), e(2, 30, 2), e(3, 10, 3)]) r.apply(p);
    expect(r.pointsToPrize(2, 2)).toBe(0);
    expect(r.pointsToPrize(3, 2)).toBe(21);
    expect(r.pointsToPrize(9, 2)).toBe(31);
    expect(r.pointsToPrize(9, 5)).toBeNull();
    expect(r.pointsToPrize(3, null)).toBeNull();
    expect(r.pointsToPrize(0, 2)).toBeNull();
  });
});
