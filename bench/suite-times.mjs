// npm run bench:suite — records what the last `npm test` cost, per stage, against the commit it ran
// on, so the suite's growth is visible commit by commit (issue 36). Reads what scripts/test.mjs
// left in test-results/ (stages.json and one JSON report per runner stage), prints the table and
// appends one line to bench/history/suite-times.jsonl. Commit that file with the change it measured.
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { printReport, readReports, summarise } from "../scripts/suite-report.mjs";

const STAGES = "test-results/stages.json";
if (!existsSync(STAGES)) {
  console.error("no test-results/stages.json: run `npm test` first");
  process.exit(1);
}
const { stages } = JSON.parse(readFileSync(STAGES, "utf8"));
const reports = readReports();
const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();

const record = {
  commit: git("rev-parse", "--short", "HEAD"),
  subject: git("log", "-1", "--format=%s").slice(0, 100),
  at: new Date().toISOString(),
  cores: availableParallelism(),
  stages: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, Math.round(v * 10) / 10])),
  total: Math.round(Object.values(stages).reduce((a, b) => a + b, 0) * 10) / 10,
  runners: summarise(reports),
};

for (const [stage, seconds] of Object.entries(record.stages)) console.log(`  ${stage.padEnd(44)} ${seconds.toFixed(1).padStart(8)} s`);
console.log(`  ${"total".padEnd(44)} ${record.total.toFixed(1).padStart(8)} s`);
printReport(reports);
mkdirSync("bench/history", { recursive: true });
appendFileSync("bench/history/suite-times.jsonl", `${JSON.stringify(record)}\n`);
console.log("\nappended to bench/history/suite-times.jsonl");
