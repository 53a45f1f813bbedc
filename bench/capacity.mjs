// D1 rows and queries per page on the demo catalogue (1×, 3,301 games) and on one ten times its
// size (10×, 33,000 games), side by side (issue 15: every page and /api read ≤ 200 rows, ≤ 10
// queries). `npm run bench:capacity` alone (it builds), or measureCapacity() from bench/run.mjs
// with the build it already staged. Ports: BENCH_CAPACITY_PORT (default 8798) and the next one.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import { bin, quietEnv } from "../scripts/lib.mjs";
import { catalogue10xStatements } from "./lib/catalogue-10x.mjs";
import { rowsRead } from "./lib/rows-read.mjs";
import { build, killAllOnExit, OUT, prepareDatabaseQuietly, ROOT, servePlayfront, stageApp, stop } from "./lib/servers.mjs";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";

const GOAL = { rows: 200, queries: 10 };

/** The rebuild statements of workers/platform/games/ranks.ts, bundled from the TypeScript. */
async function rebuildStatements() {
  const out = await esbuild({ entryPoints: [join(ROOT, "workers/platform/games/ranks.ts")], bundle: true, format: "esm", write: false, logLevel: "silent" });
  const file = join(OUT, "ranks.mjs");
  writeFileSync(file, out.outputFiles[0].text);
  return (await import(pathToFileURL(file).href)).REBUILD_STATEMENTS;
}

/** A fresh database with the demo catalogue, grown to 10× when `times` is 10. */
async function prepare(persistTo, times) {
  prepareDatabaseQuietly(persistTo);
  if (times === 1) return;
  const file = join(persistTo, "catalogue-10x.sql");
  writeFileSync(file, [...catalogue10xStatements(), ...(await rebuildStatements())].map((s) => `${s};\n`).join(""));
  const r = spawnSync(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file, "--yes"], {
    cwd: ROOT,
    env: quietEnv,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`10x catalogue: wrangler d1 execute exited with ${r.status}\n${r.stderr}`);
}

const api = (options) => `/api/games/get?options=${encodeURIComponent(JSON.stringify(options))}`;

/** Two providers, and every provider, in the lobby's canonical (sorted) spelling. */
const TWO = ["aurora_reels", "bluefin"];

function pages(total, totals) {
  const last = Math.floor((total - 1) / 24) * 24;
  const lastOf = (n) => Math.max(0, Math.floor((n - 1) / 24) * 24);
  return {
    "/ (home)": "/",
    "/gamehall": "/gamehall",
    "/gamehall?offset=<last>": `/gamehall?offset=${last}`,
    "/gamehall?search=s": "/gamehall?search=s",
    "/gamehall?search=sa": "/gamehall?search=sa",
    "/gamehall?category=slots&search=s": "/gamehall?category=slots&search=s",
    "/jackpots": "/jackpots",
    "games.get sort=name, last page": api({ sort: "name", offset: last }),
    "games.get sort=rtp, middle": api({ sort: "rtp", offset: Math.floor(total / 2) }),
    "games.get random pick (count 1)": api({ count: 1, offset: total - 7 }),
    "games.get search=s": api({ search: "s" }),
    "games.get slots, page 100": api({ category: "slots", offset: 2376 }),
    "/gamehall?providers=<2>&offset=<last>": `/gamehall?providers=${TWO.join(",")}&offset=${lastOf(totals.two)}`,
    "/gamehall?providers=<all>&offset=<mid>": `/gamehall?providers=${totals.all.join(",")}&offset=${lastOf(total / 2)}`,
    "/gamehall?slots&providers=<2>, last": `/gamehall?category=slots&providers=${TWO.join(",")}&offset=${lastOf(totals.twoSlots)}`,
    "games.get providers=<2> name, last": api({ providers: TWO, sort: "name", offset: lastOf(totals.two) }),
    "games.get providers=<all> rtp, middle": api({ providers: totals.all, sort: "rtp", offset: lastOf(total / 2) }),
  };
}

/** The totals the multi-provider pages need: two providers, with slots, and every provider's name. */
async function providerTotals(origin) {
  const all = (await (await fetch(`${origin}/api/games/getProviders`)).json()).data.map((p) => p.sysname).sort();
  const countOf = async (options) => (await (await fetch(`${origin}${api({ ...options, count: 1 })}`)).json()).data.count;
  return { all, two: await countOf({ providers: TWO }), twoSlots: await countOf({ providers: TWO, category: "slots" }) };
}

async function totalOf(origin) {
  const res = await fetch(`${origin}${api({ count: 1 })}`);
  return (await res.json()).data.count;
}

/** Serves `appDir`'s build on a 1× and a 10× database in turn and prints rows and queries per page. */
export async function measureCapacity({ appDir, port = Number(process.env.BENCH_CAPACITY_PORT ?? 8798), n = 3 }) {
  const results = {};
  for (const times of [1, 10]) {
    const persistTo = join(ROOT, ".wrangler", `bench-capacity-${times}x`);
    await prepare(persistTo, times);
    const server = await servePlayfront({ appDir, port: port + (times === 1 ? 0 : 1), persistTo, vars: { DB_STATS: "on" } });
    try {
      const origin = `http://127.0.0.1:${server.port}`;
      const total = await totalOf(origin);
      const out = { total, pages: {} };
      for (const [label, path] of Object.entries(pages(total, await providerTotals(origin)))) out.pages[label] = await rowsRead(origin + path, n);
      results[`${times}x`] = out;
    } finally {
      await stop(server);
    }
  }
  const line = (a, b, c) => console.log(`  ${a.padEnd(38)}${String(b).padStart(18)}${String(c).padStart(18)}`);
  console.log(`\nD1 rows read · queries per request (DB_STATS=on, median of ${n}; goal ≤ ${GOAL.rows} rows, ≤ ${GOAL.queries} queries)`);
  line("", `1× (${results["1x"].total} games)`, `10× (${results["10x"].total} games)`);
  for (const label of Object.keys(results["1x"].pages)) {
    const cell = (r) =>
      `${r.rowsRead} · ${r.queries}${r.status === 200 ? "" : ` (${r.status})`}${r.rowsRead > GOAL.rows || r.queries > GOAL.queries ? " ✗" : ""}`;
    line(label.slice(0, 38), cell(results["1x"].pages[label]), cell(results["10x"].pages[label]));
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  killAllOnExit();
  const appDir = join(OUT, "playfront-capacity");
  mkdirSync(OUT, { recursive: true });
  stageApp(ROOT, appDir, PLAYFRONT_ENTRIES);
  console.log(`· Playfront built in ${build(appDir, "Playfront").toFixed(1)} s`);
  const results = await measureCapacity({ appDir, n: Number(process.env.BENCH_N ?? 3) });
  writeFileSync(join(OUT, "capacity.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log("\nbench/.out/capacity.json written");
}
