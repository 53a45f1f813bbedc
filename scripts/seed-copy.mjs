// Test support for the seed's guards (seed-prices, seed-fairness): a copy of the seed with one
// file changed, in a temporary folder removed by `cleanup` (call it after each test).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const readSeed = (file) => JSON.parse(readFileSync(`migrations/seed/${file}`, "utf8"));

export function seedCopies() {
  const dirs = [];
  return {
    /** A copy of the seed whose `file` is `change(its parsed JSON)`; returns the copy's folder. */
    seedWith(file, change) {
      const dir = mkdtempSync(join(tmpdir(), "seed-"));
      dirs.push(dir);
      cpSync("migrations/seed", dir, { recursive: true });
      writeFileSync(join(dir, file), JSON.stringify(change(readSeed(file))));
      return dir;
    },
    cleanup() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
