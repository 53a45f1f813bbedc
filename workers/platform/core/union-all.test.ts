import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { MAX_COMPOUND_TERMS, unionAll } from "./union-all";

describe("unionAll", () => {
  const parts = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? "SELECT 0 AS n, 'a' AS tag" : `SELECT ${i}, 'x'`));

  it("answers every part's row, named by the first part, for any number of parts, within D1's 5 terms", () => {
    const db = new DatabaseSync(":memory:");
    // node:sqlite keeps SQLite's 500: D1's 5 is checked on the statement's shape, no compound of more than 5 terms at any depth.
    for (const n of [1, 5, 6, 24, 25, 26, 130]) {
      const sql = unionAll(parts(n));
      const rows = db.prepare(sql).all() as { n: number; tag: string }[];
      expect(rows.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(Object.keys(rows[0]!)).toEqual(["n", "tag"]);
      for (const level of termsPerLevel(sql)) expect(level).toBeLessThanOrEqual(MAX_COMPOUND_TERMS);
    }
  });

  it("refuses no parts", () => {
    expect(() => unionAll([])).toThrow(RangeError);
  });
});

/** The number of terms of each compound SELECT in `sql`, by parenthesis depth. */
function termsPerLevel(sql: string): number[] {
  const counts: number[] = [1];
  const stack: number[] = [0];
  for (let i = 0; i < sql.length; i++) {
    if (sql[i] === "(") {
      counts.push(1);
      stack.push(counts.length - 1);
    } else if (sql[i] === ")") stack.pop();
    else if (sql.startsWith(" UNION ALL ", i)) counts[stack[stack.length - 1]!]!++;
  }
  return counts;
}
