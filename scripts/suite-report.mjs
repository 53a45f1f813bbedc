// What a test run cost: the runners' JSON reports read back as counts, per-stage test time and the
// slowest tests. scripts/test.mjs prints it after every run; bench/suite-times.mjs records it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const DIR = "test-results";

/** Vitest reports (`vitest-<project>.json`): one row per test. */
function vitestRows(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const rows = [];
  for (const f of report.testResults ?? []) {
    const results = f.assertionResults ?? [];
    for (const t of results) {
      rows.push({ title: `${f.name.replace(`${process.cwd()}/`, "")} › ${t.fullName ?? t.title}`, ms: t.duration ?? 0, status: t.status });
    }
    // A file that failed to load, or whose hook failed, may have no failed test of its own: count it once.
    if (f.status === "failed" && !results.some((t) => t.status === "failed"))
      rows.push({ title: f.name.replace(`${process.cwd()}/`, ""), ms: 0, status: "failed" });
  }
  return rows;
}

/** Playwright reports (`playwright-<project>.json`): one row per test and project. */
function playwrightRows(file) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  const rows = [];
  const walk = (suite, path) => {
    const here = suite.title && !suite.title.endsWith(".ts") ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        const status = t.status === "expected" || t.status === "flaky" ? "passed" : t.status === "skipped" ? "skipped" : "failed";
        rows.push({ title: `${spec.file} › ${[...here, spec.title].join(" › ")} [${t.projectName}]`, ms, status });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return rows;
}

/** Every report of this run, by runner and stage name (the file's suffix). */
export function readReports(dir = DIR) {
  if (!existsSync(dir)) return [];
  const reports = [];
  for (const name of readdirSync(dir).sort()) {
    const m = /^(vitest|playwright)-([\w-]+)\.json$/.exec(name);
    if (!m) continue;
    const rows = m[1] === "vitest" ? vitestRows(join(dir, name)) : playwrightRows(join(dir, name));
    reports.push({ runner: m[1], stage: m[2], rows });
  }
  return reports;
}

export function summarise(reports) {
  return reports.map(({ runner, stage, rows }) => ({
    runner,
    stage,
    passed: rows.filter((r) => r.status === "passed").length,
    failed: rows.filter((r) => r.status === "failed").length,
    skipped: rows.filter((r) => r.status === "skipped").length,
    testSeconds: Math.round(rows.reduce((s, r) => s + r.ms, 0) / 100) / 10,
  }));
}

/** The `n` slowest tests of each runner. */
export function slowest(reports, n = 10) {
  const byRunner = new Map();
  for (const { runner, rows } of reports) byRunner.set(runner, [...(byRunner.get(runner) ?? []), ...rows]);
  return [...byRunner].map(([runner, rows]) => ({ runner, tests: rows.sort((a, b) => b.ms - a.ms).slice(0, n) }));
}

export function printReport(reports) {
  for (const { runner, tests } of slowest(reports)) {
    console.log(`\n  The ten slowest ${runner} tests:`);
    for (const t of tests) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.title}`);
  }
  console.log("");
  for (const s of summarise(reports)) {
    console.log(
      `  ${`${s.runner} ${s.stage}`.padEnd(24)} ${String(s.passed).padStart(5)} passed ${String(s.failed).padStart(3)} failed   ${s.testSeconds.toFixed(1).padStart(8)} s in tests`,
    );
  }
}
