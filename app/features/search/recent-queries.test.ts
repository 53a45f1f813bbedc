import { describe, expect, it } from "vitest";
import { addRecent, clearRecent, MAX_RECENT, readRecent, RECENT_KEY } from "./recent-queries";

function memory(initial?: string) {
  const map = new Map<string, string>(initial === undefined ? [] : [[RECENT_KEY, initial]]);
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("recent queries", () => {
  it("keeps the last five, newest first, without duplicates", () => {
    const store = memory();
    for (const q of ["a1", "b2", "c3", "d4", "e5", "f6"]) addRecent(q, store);
    expect(readRecent(store)).toEqual(["f6", "e5", "d4", "c3", "b2"]);
    expect(addRecent("c3", store)).toEqual(["c3", "f6", "e5", "d4", "b2"]);
    expect(readRecent(store)).toHaveLength(MAX_RECENT);
    expect(JSON.parse(store.map.get(RECENT_KEY)!)).toEqual(["c3", "f6", "e5", "d4", "b2"]);
  });

  it("ignores a broken or foreign value", () => {
    expect(readRecent(memory("{not json"))).toEqual([]);
    expect(readRecent(memory('{"a":1}'))).toEqual([]);
    expect(readRecent(memory('"book"'))).toEqual([]);
    expect(readRecent(memory('["book", 3, null, "", "  ", "dragon", "book"]'))).toEqual(["book", "dragon"]);
    const store = memory("garbage");
    expect(addRecent("book", store)).toEqual(["book"]);
  });

  it("survives storage that throws or is missing", () => {
    const throwing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(readRecent(throwing)).toEqual([]);
    expect(addRecent("book", throwing)).toEqual(["book"]);
    expect(() => clearRecent(throwing)).not.toThrow();
    expect(readRecent(null)).toEqual([]);
  });

  it("clears the list and skips blank queries", () => {
    const store = memory();
    addRecent("  ", store);
    expect(readRecent(store)).toEqual([]);
    addRecent(" book ", store);
    expect(readRecent(store)).toEqual(["book"]);
    clearRecent(store);
    expect(readRecent(store)).toEqual([]);
  });
});
