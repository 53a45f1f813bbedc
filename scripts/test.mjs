// npm test — every quality bar in order, stopping at the first failure (DESIGN §5):
//   0. lint        Biome: format and lint rules, read only (biome.json; decision 0068)
//   1. typecheck   wrangler types, react-router typegen, tsc -b
//   2. vitest      the unit project, then the Worker-runtime project
//   3. chromium    Debian's chromium-headless-shell package, installed when missing (no Playwright
//                  browser downloads; decision 0070)
//   4. build       production build and a fresh local database in .wrangler/e2e-state
//   5. playwright  end-to-end against that build (playwright.config.ts): JavaScript on, then off
//   6. faults      that build under wrangler dev killed mid-play and restarted (tests/faults/)
// Machine-readable results go to test-results/{vitest,playwright}-<stage>.json; the stages' times to
// test-results/stages.json (bench/suite-times.mjs records them per commit). At the end it prints
// each stage's time, each runner's ten slowest tests, and the counts.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { bin, prepareDatabase, quietEnv, run } from "./lib.mjs";
import { printReport, readReports } from "./suite-report.mjs";

const E2E_STATE = ".wrangler/e2e-state";
/** The fresh database the fault test starts from: a copy of the e2e one before any test used it. */
const FAULT_SEED = ".wrangler/fault-seed";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const started = Date.now();
const timings = [];

function section(title, fn) {
  const t0 = Date.now();
  console.log(`\n${"━".repeat(72)}\n▶ ${title}\n${"━".repeat(72)}`);
  fn();
  const seconds = (Date.now() - t0) / 1000;
  timings.push([title, seconds]);
  writeFileSync("test-results/stages.json", JSON.stringify({ stages: Object.fromEntries(timings) }, null, 2));
  console.log(`✔ ${title} (${seconds.toFixed(1)} s)`);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) {
    console.log(`${CHROMIUM} is installed`);
    return;
  }
  const root = typeof process.getuid !== "function" || process.getuid() === 0;
  const sudo = root ? [] : ["sudo", "-n"];
  const apt = (args) => {
    const [cmd, ...rest] = [...sudo, "apt-get", ...args];
    run(cmd, rest, { env: { ...quietEnv, DEBIAN_FRONTEND: "noninteractive" } });
  };
  console.log(`${CHROMIUM} is missing: installing Debian's chromium-headless-shell package`);
  apt(["update"]);
  apt(["install", "-y", "--no-install-recommends", "chromium-headless-shell"]);
  if (!existsSync(CHROMIUM)) {
    console.error(`✖ chromium was installed but ${CHROMIUM} does not exist`);
    process.exit(1);
  }
}

// Results of an earlier run must not be mistaken for this one's.
mkdirSync("test-results", { recursive: true });
for (const name of readdirSync("test-results")) {
  if (/^(vitest|playwright)(-[\w-]+)?\.json$|^stages\.json$/.test(name)) rmSync(`test-results/${name}`, { force: true });
}

section("0 Lint and format", () => run(bin("biome"), ["ci", "--colors=off", "."]));

section("1 Typecheck", () => {
  run(bin("wrangler"), ["types", "--strict-vars=false"]);
  run(bin("react-router"), ["typegen"]);
  run(bin("tsc"), ["-b"]);
});

for (const project of ["unit", "workers"]) {
  section(`2 Vitest ${project}`, () => {
    run(bin("vitest"), ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=test-results/vitest-${project}.json`]);
  });
}

section("3 Browser (Debian chromium-headless-shell)", ensureChromium);

section("4 Production build and fresh e2e database", () => {
  run(bin("react-router"), ["build"]);
  rmSync(E2E_STATE, { recursive: true, force: true });
  prepareDatabase(E2E_STATE);
  rmSync(FAULT_SEED, { recursive: true, force: true });
  cpSync(E2E_STATE, FAULT_SEED, { recursive: true });
});

for (const project of ["js", "no-js"]) {
  section(`5 Playwright ${project}`, () => {
    run(bin("playwright"), ["test", "--project", project], {
      env: { ...quietEnv, E2E_PERSIST_TO: E2E_STATE, E2E_JSON: `test-results/playwright-${project}.json` },
    });
  });
}

section("6 Faults (workerd killed and restarted)", () => {
  run(bin("vitest"), ["run", "--project", "faults", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest-faults.json"], {
    env: { ...quietEnv, FAULT_SEED },
  });
});

console.log(`\n${"━".repeat(72)}`);
printReport(readReports());
console.log("");
for (const [title, seconds] of timings) console.log(`  ${title.padEnd(48)} ${seconds.toFixed(1).padStart(7)} s`);
console.log(`✔ npm test passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
