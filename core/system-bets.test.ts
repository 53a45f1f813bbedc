import { describe, expect, it } from "vitest";
import { choose, combinations, parseSystemSizes, systemLines, systemName, systemOptions, systemReturn, systemSizesProblem, systemWorth } from "./system-bets";

describe("system bets", () => {
  it("counts the named systems' lines as the books do", () => {
    const named: [number, number, string, number][] = [
      [3, 2, "trixie", 4],
      [3, 1, "patent", 7],
      [4, 2, "yankee", 11],
      [4, 1, "lucky15", 15],
      [5, 2, "canadian", 26],
      [5, 1, "lucky31", 31],
      [6, 2, "heinz", 57],
      [6, 1, "lucky63", 63],
      [7, 2, "superHeinz", 120],
      [8, 2, "goliath", 247],
    ];
    for (const [n, from, name, lines] of named) {
      expect(systemName(n, from, n)).toBe(name);
      expect(systemLines(n, from, n)).toBe(lines);
    }
    expect(systemName(4, 2, 2)).toBe("doubles");
    expect(systemName(5, 3, 3)).toBe("trebles");
    expect(systemName(5, 2, 3)).toBeNull();
  });

  it("lists every combination once, in order", () => {
    const all = [...combinations(5, 3)];
    expect(all).toHaveLength(choose(5, 3));
    expect(new Set(all.map((c) => c.join())).size).toBe(10);
    expect(all[0]).toEqual([0, 1, 2]);
    expect(all.at(-1)).toEqual([2, 3, 4]);
    expect([...combinations(3, 4)]).toEqual([]);
  });

  it("offers the named covers, then every fold short of the accumulator", () => {
    expect(systemOptions(3).map((o) => [o.from, o.to, o.lines, o.name])).toEqual([
      [2, 3, 4, "trixie"],
      [1, 3, 7, "patent"],
      [2, 2, 3, "doubles"],
    ]);
    expect(systemOptions(8).map((o) => `${o.from}-${o.to}:${o.lines}`)).toEqual(["2-8:247", "2-2:28", "3-3:56", "4-4:70", "5-5:56", "6-6:28", "7-7:8"]);
    expect(systemOptions(2)).toEqual([]);
    expect(systemOptions(9)).toEqual([]);
  });

  it("refuses sizes that make no system", () => {
    expect(systemSizesProblem(3, 2, 3)).toBeNull();
    expect(systemSizesProblem(2, 1, 2)).toMatch(/3 to 8 selections/);
    expect(systemSizesProblem(9, 2, 3)).toMatch(/3 to 8 selections/);
    expect(systemSizesProblem(4, 3, 2)).toMatch(/smaller size first/);
    expect(systemSizesProblem(4, 0, 2)).toMatch(/smaller size first/);
    expect(systemSizesProblem(4, 2, 5)).toMatch(/smaller size first/);
    expect(systemSizesProblem(4, 4, 4)).toMatch(/accumulator/);
  });

  it("pays a Trixie line by line, each line rounded down on its own", () => {
    const legs = (r: ("win" | "lose" | "void" | null)[]) => [200, 300, 400].map((odds, i) => ({ odds, result: r[i]! }));
    // 1.00 a line: doubles 6 + 8 + 12, treble 24.
    expect(systemReturn(100, legs([null, null, null]), 2, 3)).toEqual({ total: 5000, lines: 4, alive: 4 });
    // The 4.00 leg lost: only the 2.00 × 3.00 double is left.
    expect(systemReturn(100, legs(["win", "win", "lose"]), 2, 3)).toEqual({ total: 600, lines: 4, alive: 1 });
    // The 3.00 leg void: 2.00, 2.00 × 4.00, 4.00 and 2.00 × 4.00.
    expect(systemReturn(100, legs(["win", "void", "win"]), 2, 3)).toEqual({ total: 200 + 800 + 400 + 800, lines: 4, alive: 4 });
    // Every leg void: each line's stake back.
    expect(systemReturn(100, legs(["void", "void", "void"]), 2, 3).total).toBe(400);
    // Two lost: nothing.
    expect(systemReturn(100, legs(["lose", "lose", "win"]), 2, 3)).toEqual({ total: 0, lines: 4, alive: 0 });
    // Rounded per line: 0.33 a line at 1.85 × 1.85 = ⌊33 × 34225 / 10000⌋ = 112, three times, and the treble.
    const odd = [185, 185, 185].map((odds) => ({ odds, result: null }));
    expect(systemReturn(33, odd, 2, 3).total).toBe(3 * 112 + Math.floor((33 * 185 ** 3) / 100 ** 3));
  });

  it("is worth each live line's return times the chance its open legs win: certain legs give the return, a lost leg kills its lines", () => {
    const at = (result: "win" | "lose" | "void" | null, odds: number, chance: number) => ({ odds, result, chance });
    const open = [at(null, 200, 1), at(null, 300, 1), at(null, 400, 1)];
    expect(systemWorth(100, open, 2, 3)).toBe(systemReturn(100, open, 2, 3).total);
    // Won 2.00; 3.00 at ½; 4.00 at ¼: 600·½ + 800·¼ + 1200·⅛ + 2400·⅛.
    expect(systemWorth(100, [at("win", 200, 0.9), at(null, 300, 0.5), at(null, 400, 0.25)], 2, 3)).toBeCloseTo(300 + 200 + 150 + 300, 9);
    // The 4.00 leg lost: only the double 2.00 × 3.00, at ½.
    expect(systemWorth(100, [at("win", 200, 1), at(null, 300, 0.5), at("lose", 400, 1)], 2, 3)).toBeCloseTo(300, 9);
    // Void counts 1.00, and a void leg is certain.
    expect(systemWorth(100, [at("void", 200, 0.1), at(null, 300, 0.5), at("win", 400, 1)], 2, 3)).toBeCloseTo(300 * 0.5 + 400 + 1200 * 0.5 + 1200 * 0.5, 9);
  });

  it("reads the sizes as the slip and the API write them", () => {
    expect(parseSystemSizes("2-3")).toEqual([2, 3]);
    expect(parseSystemSizes("2")).toBeNull();
    expect(parseSystemSizes("0-3")).toBeNull();
    expect(parseSystemSizes("2-9")).toBeNull();
  });
});
