// npm run bench:pages — every page of the route table against every bar of DESIGN §5 (issue 39):
// D1 rows and queries per render warm and on a cold isolate, SSR CPU, streaming under a slow
// platform, first-load JavaScript as Chromium fetches it, and Lighthouse on the pages the issue
// names; anonymous and as seeded players (one fresh, one with a history of rounds in tournaments
// with many entrants). Prints one table, writes bench/.out/pages.json, and exits 1 when a page
// misses a bar or a route could not be measured. Loopback only, bounded in players and requests.
//
//   npm run bench:pages -- [--rounds 5000] [--entrants 1000] [--n 10] [--only rows,cold,cpu,stream,first-load,lighthouse] [--pages REGEX] [--log]
//
// --log: the servers log every request's D1 statements by platform method (DB_STATS_LOG=on) to
// bench/.out/logs/playfront-<port>.log.
// Ports BENCH_PORT (8795) and +1 (the bare app); database .wrangler/bench-pages-<port>; builds in
// bench/.out/pages-<port> and bench/.out/pages-baseline-<port>. See bench/README.md, "Every page".
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { deposit, joinTournaments, newPlayer, playRound, tournamentGame } from "./lib/api-player.mjs";
import { BROWSER_UA, measureFirstLoad, openChromium } from "./lib/first-load.mjs";
import { lighthouseAvailable, lighthouseSeries } from "./lib/lighthouse.mjs";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";
import { concretePages, pageRoutes, samples } from "./lib/route-pages.mjs";
import { rowsRead } from "./lib/rows-read.mjs";
import { build, killAllOnExit, OUT, prepareDatabaseQuietly, ROOT, servePlayfront, serveWrangler, stageApp, stop } from "./lib/servers.mjs";
import { GOOGLEBOT_UA, median, timeDocument } from "./lib/streaming.mjs";
import { workerdCpuNs } from "./lib/workerd-cpu.mjs";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5000" },
    entrants: { type: "string", default: "1000" },
    n: { type: "string", default: "10" },
    only: { type: "string", default: "rows,cold,cpu,stream,first-load,lighthouse" },
    pages: { type: "string", default: "" },
    log: { type: "boolean", default: false },
  },
});
const whole = (name, v, max) => {
  const x = Number(v);
  if (!Number.isInteger(x) || x < 0 || x > max) throw new Error(`--${name} must be a whole number from 0 to ${max}, not ${v}`);
  return x;
};
const ROUNDS = whole("rounds", values.rounds, 20_000);
const ENTRANTS = whole("entrants", values.entrants, 2_000);
const N = Math.max(1, whole("n", values.n, 100));
const SECTIONS = ["rows", "cold", "cpu", "stream", "first-load", "lighthouse"];
const ONLY = new Set(values.only.split(",").map((s) => s.trim()));
for (const s of ONLY) if (!SECTIONS.includes(s)) throw new Error(`--only takes ${SECTIONS.join(", ")}, not ${s}`);
const PICK = values.pages ? new RegExp(values.pages) : null;

/** DESIGN §5. */
const BAR = {
  rows: 200,
  queries: 10,
  coldRows: 600,
  coldQueries: 15,
  cpuMs: 10,
  shellToComplete: 0.2,
  firstLoadAnonymous: 1.1,
  firstLoadPlayer: 1.35,
  lighthouse: 98,
};
/** The deferred sections the streaming server slows: every page's sidebar banner, and the home's banners. */
const LATENCY_MS = 1500;
const LATENCY = `banners/sidebar:${LATENCY_MS},banners/home:${LATENCY_MS}`;
const LIGHTHOUSE_PAGES = ["/", "/gamehall", "/game/:sysname", "/betting", "/tournaments", "/wheel-of-fortune", "/promotions"];
const PORT = Number(process.env.BENCH_PORT ?? 8795);
const BET = 100;

const [major] = process.versions.node.split(".").map(Number);
if (major < 22) {
  console.error(`Node ${process.versions.node}: run this as \`npm run bench:pages\` (Node 22 from the devDependency).`);
  process.exit(1);
}
killAllOnExit();
const started = performance.now();
const step = (s) => console.log(`· ${s} (${Math.round((performance.now() - started) / 1000)} s)`);
const load = (await import("node:os")).loadavg();

/** Runs `fn` over `items`, `k` at a time, in order of completion; answers results in item order. */
async function pool(items, k, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(k, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

// 1. Builds and the database.
// Per port: two runs at once (BENCH_PORT) must not rebuild the copy the other one serves.
const appDir = join(OUT, `pages-${PORT}`);
const baselineDir = join(OUT, `pages-baseline-${PORT}`);
mkdirSync(OUT, { recursive: true });
stageApp(ROOT, appDir, PLAYFRONT_ENTRIES);
step(`Playfront built in ${build(appDir, "Playfront").toFixed(1)} s`);
if (ONLY.has("first-load")) {
  stageApp(join(ROOT, "bench", "baseline-template"), baselineDir);
  step(`bare React Router app built in ${build(baselineDir, "baseline").toFixed(1)} s`);
}
const persistTo = join(ROOT, ".wrangler", `bench-pages-${PORT}`);
prepareDatabaseQuietly(persistTo, appDir);
const routes = await pageRoutes(appDir);

/** Who looks at the pages: a visitor, a fresh player, and one with a history. */
const visitors = { anonymous: { cookie: null }, fresh: { cookie: null }, history: { cookie: null } };
const results = new Map(); // `${who} ${path}` → { … figures }
const cell = (who, page) => {
  const key = `${who} ${page.path}`;
  if (!results.has(key)) results.set(key, { who, id: page.id, label: page.label, path: page.path });
  return results.get(key);
};
let pages = [];
let missing = [];

/** Seeds the players: a fresh one (a first deposit, the welcome bonus granted), one with ROUNDS rounds, and ENTRANTS more in the tournament measured. */
async function seed(origin) {
  const fresh = await newPlayer(origin, "bench-fresh");
  await deposit(fresh, 5000);
  visitors.fresh.cookie = `pf_session=${fresh.session()}`;
  const { game, tournaments } = await tournamentGame(origin);
  const join = (p) => joinTournaments(p, tournaments);
  const round = (p, id) => playRound(p, game, id, BET);
  const history = await newPlayer(origin, "bench-history");
  await deposit(history, 500_000);
  await join(history);
  let failed = 0;
  await pool(
    Array.from({ length: ROUNDS }, (_, i) => i),
    4,
    async (i) => {
      const res = await round(history, `bench-pages-${Date.now()}-${i}`);
      await res.text();
      if (res.status !== 200) failed++;
    },
  );
  if (failed) throw new Error(`${failed} of ${ROUNDS} rounds of the history player failed`);
  visitors.history.cookie = `pf_session=${history.session()}`;
  step(`history player: ${ROUNDS} rounds of ${game}, ${tournaments.length} tournaments joined`);
  await pool(
    Array.from({ length: ENTRANTS }, (_, i) => i),
    8,
    async (i) => {
      const p = await newPlayer(origin, `bench-entrant-${i}`);
      await deposit(p, 1000);
      await join(p);
      await (await round(p, `bench-entrant-${i}-${Date.now()}`)).text();
    },
  );
  if (ENTRANTS) step(`${ENTRANTS} more players joined the tournaments and played a round`);
  return tournaments[0];
}

/** The pages each visitor measures: anonymous only where a visitor is not sent away. */
async function pagesFor(origin) {
  const s = { ...(await samples(origin, visitors.history.cookie)), ...(tournamentId ? { tournament: tournamentId } : {}) };
  ({ pages, missing } = concretePages(routes, s));
  if (PICK) pages = pages.filter((p) => PICK.test(p.path) || PICK.test(p.id));
  for (const page of pages) {
    const res = await fetch(origin + page.path, { redirect: "manual", headers: { "user-agent": GOOGLEBOT_UA } });
    await res.arrayBuffer();
    page.anonymousStatus = res.status;
    // A protected page sends a visitor to sign in: measured as the players see it.
    page.public = !(res.status >= 300 && res.status < 400 && /[?&]redirectUrl=/.test(res.headers.get("location") ?? ""));
  }
}
const whoFor = (page) => (page.public ? ["anonymous", "fresh", "history"] : ["fresh", "history"]);
const headersOf = (who) => (visitors[who].cookie ? { cookie: visitors[who].cookie } : {});

let tournamentId = null;
const stats = { DB_STATS: "on", ...(values.log && { DB_STATS_LOG: "on" }) };
let server = await servePlayfront({ appDir, port: PORT, persistTo, vars: stats });
let origin = `http://127.0.0.1:${PORT}`;
const browserHeaders = { "user-agent": BROWSER_UA, accept: "text/html,*/*;q=0.8", "accept-encoding": "identity" };
let staticCpu = null;
let firstLoadBase = null;
let lighthouse = null;
try {
  tournamentId = await seed(origin);
  await pagesFor(origin);
  step(`${pages.length} pages from the route table${missing.length ? `; ${missing.length} could not be filled in` : ""}`);

  // 2. Warm renders: D1 rows and queries (Googlebot, so the header comes after every loader).
  if (ONLY.has("rows")) {
    for (const page of pages) {
      for (const who of whoFor(page)) {
        const r = await rowsRead(origin + page.path, 3, headersOf(who));
        // Rows: D1's and the player object's (what a player's tables cost lives there since decision 0075).
        Object.assign(cell(who, page), { status: r.status, rows: r.rowsRead + r.objectRowsRead, objectRows: r.objectRowsRead, queries: r.queries });
      }
    }
    step("warm D1 rows and queries measured");
  }

  // 3. SSR CPU: workerd CPU per render above a static file of the same Worker, warm, on a server that
  // runs what production runs: no D1 counting view (DB_STATS), no result checks (CHECK_RESULTS=off).
  if (ONLY.has("cpu")) {
    await stop(server);
    server = await servePlayfront({ appDir, port: PORT, persistTo, vars: { CHECK_RESULTS: "off" } });
    // Warm: every page's own code has been run N times first (its modules compiled, its inline
    // caches settled); with one warm-up, whichever page of a pair (a locale's, the plain one) came
    // first paid for the code both use. Then each render is timed on its own (the threads'
    // scheduler time, in ns) and a page's figure is the median of its 2N renders: a collection of
    // the whole heap in one page's window moved a 20-render mean by several ms. The renders are
    // taken in CPU_PASSES passes over every page, the static file among them, so a stretch of
    // time when the host gives the machine less (its speed moves over seconds) falls on many
    // pages a little, not on a few pages whole: two runs of page-after-page disagreed on a page by
    // up to 10 ms. The mean is kept in pages.json beside the median.
    const targets = [{ path: "/favicon.svg", headers: browserHeaders, times: [] }];
    for (const page of pages)
      for (const who of ["anonymous", "history"].filter((w) => whoFor(page).includes(w)))
        targets.push({ page, who, path: page.path, headers: { ...browserHeaders, ...headersOf(who) }, times: [] });
    const render = async (t) => (await fetch(origin + t.path, { headers: t.headers, redirect: "manual" })).arrayBuffer();
    for (const t of targets) for (let i = 0; i < N; i++) await render(t);
    const CPU_PASSES = 4;
    for (let pass = 0; pass < CPU_PASSES; pass++) {
      for (const t of targets) {
        for (let i = 0; i < Math.ceil((N * 2) / CPU_PASSES); i++) {
          const before = workerdCpuNs(server);
          await render(t);
          t.times.push((workerdCpuNs(server) - before) / 1e6);
        }
      }
    }
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const [staticFile, ...rendered] = targets;
    staticCpu = median(staticFile.times);
    for (const t of rendered)
      Object.assign(cell(t.who, t.page), { cpuMs: Math.max(0, median(t.times) - staticCpu), cpuMeanMs: Math.max(0, mean(t.times) - mean(staticFile.times)) });
    step(`SSR CPU measured (a static file: ${staticCpu.toFixed(1)} ms a request)`);
    await stop(server);
    server = await servePlayfront({ appDir, port: PORT, persistTo, vars: stats });
  }

  // 4. First-load JavaScript until 5 s after the load event, plain pages only (a locale's page
  // loads the same route modules).
  if (ONLY.has("first-load")) {
    const plain = pages.filter((p) => !p.id.endsWith(".localized"));
    const chromium = await openChromium();
    try {
      for (const who of ["anonymous", "history"]) {
        const cookies = visitors[who].cookie ? [{ name: "pf_session", value: visitors[who].cookie.split("=")[1], url: origin }] : [];
        for (const page of plain.filter((p) => whoFor(p).includes(who))) {
          const c = cell(who, page);
          // The status the rows section read; run alone (`--only first-load`), one request reads it.
          c.status ??= await fetch(origin + page.path, { headers: { ...browserHeaders, ...headersOf(who) }, redirect: "manual" }).then(async (r) => {
            await r.arrayBuffer();
            return r.status;
          });
          if (c.status !== 200 && c.status !== 404) continue;
          try {
            const r = await measureFirstLoad(chromium, origin + page.path, join(appDir, "build", "client"), { cookies, status: c.status });
            c.firstLoad = { gzip: r.gzip, count: r.count, beforeLoad: r.beforeLoad, largest: r.files.slice(0, 3).map((f) => f.path) };
          } catch (e) {
            c.firstLoad = { error: e.message.slice(0, 80) };
          }
        }
      }
    } finally {
      await chromium.close();
    }
    step("first-load JavaScript measured");
  }

  // 5. Lighthouse (mobile) on the pages the issue names, and a signed-in /profile/bonuses.
  const missingLighthouse = ONLY.has("lighthouse") ? lighthouseAvailable() : "not asked for";
  if (!missingLighthouse) {
    const named = Object.fromEntries(
      pages.filter((p) => !p.id.endsWith(".localized") && LIGHTHOUSE_PAGES.includes(p.label)).map((p) => [p.path, `${origin}${p.path}`]),
    );
    lighthouse = await lighthouseSeries(named, 3);
    const bonuses = pages.find((p) => p.label === "/profile/bonuses");
    if (bonuses) {
      Object.assign(lighthouse, await lighthouseSeries({ "/profile/bonuses (signed in)": `${origin}${bonuses.path}` }, 3, { cookie: visitors.history.cookie }));
    }
    step("Lighthouse measured");
  } else lighthouse = { skipped: missingLighthouse };
} finally {
  await stop(server);
}

if (ONLY.has("first-load")) {
  const base = await serveWrangler({ name: "baseline", appDir: baselineDir, port: PORT + 1 });
  try {
    const chromium = await openChromium();
    try {
      firstLoadBase = await measureFirstLoad(chromium, `http://127.0.0.1:${PORT + 1}/`, join(baselineDir, "build", "client"));
    } finally {
      await chromium.close();
    }
  } finally {
    await stop(base);
  }
}

// 6. A cold isolate (no site data kept: every render reads it again) with slow deferred sections:
// cold D1 rows and queries, and whether each page's shell arrives well before its slow part.
if (ONLY.has("cold") || ONLY.has("stream")) {
  server = await servePlayfront({
    appDir,
    port: PORT,
    persistTo,
    vars: { ...stats, SITE_CACHE_SECONDS: "0", SETTINGS_CACHE_MS: "0", SIMULATED_LATENCY: LATENCY },
  });
  origin = `http://127.0.0.1:${PORT}`;
  try {
    const jobs = pages.flatMap((page) => ["anonymous", "history"].filter((w) => whoFor(page).includes(w)).map((who) => ({ page, who })));
    await pool(jobs, 4, async ({ page, who }) => {
      const headers = headersOf(who);
      const c = cell(who, page);
      if (ONLY.has("cold")) {
        const r = await rowsRead(origin + page.path, 1, headers);
        Object.assign(c, { coldRows: r.rowsRead + r.objectRowsRead, coldQueries: r.queries });
      }
      if (ONLY.has("stream")) {
        // The whole document as a crawler gets it, and the shell as a browser gets it.
        const crawler = await timeDocument(origin + page.path, GOOGLEBOT_UA, { headers });
        const people = await timeDocument(origin + page.path, BROWSER_UA, { headers });
        // Only a page that waits for the slow group has deferred data to stream.
        if (crawler.status === 200 && crawler.end >= LATENCY_MS) {
          c.stream = { shell: people.shell, complete: crawler.end, ratio: people.shell / crawler.end, fallback: people.firstFlushHasFallback };
        }
      }
    });
    step("cold renders and streaming measured");
  } finally {
    await stop(server);
  }
}

// 7. The table: every page against every bar.
const fails = [];
const mark = (ok) => (ok ? " " : "✗");
const fmt = (x, d = 0) => (x === undefined || x === null || Number.isNaN(x) ? "–" : x.toFixed(d));
const rowsCell = (rows, queries, barRows, barQueries, where) => {
  if (rows === undefined) return "–";
  const ok = rows <= barRows && queries <= barQueries;
  if (!ok) fails.push(`${where}: ${rows} rows · ${queries} queries`);
  return `${rows}·${queries}${mark(ok)}`;
};
console.log(
  `\nEvery page (DB_STATS=on, Chromium Pixel 7; load average at the start ${load.map((x) => x.toFixed(2)).join(" ")}; ${ROUNDS} rounds of history, ${ENTRANTS} more entrants)`,
);
console.log(
  `  bars: warm ≤ ${BAR.rows} rows (D1 and the player's object)·${BAR.queries} D1 queries, cold ≤ ${BAR.coldRows}·${BAR.coldQueries}, CPU ≤ ${BAR.cpuMs} ms, shell/complete ≤ ${BAR.shellToComplete}, first load ≤ ${BAR.firstLoadAnonymous}× anonymous, ≤ ${BAR.firstLoadPlayer}× signed in`,
);
const head = ["page", "who", "st", "warm r·q", "fresh r·q", "cold r·q", "CPU ms", "shell/end", "first load"];
const widths = [44, 9, 4, 11, 11, 11, 8, 10, 12];
const print = (cols) => console.log(`  ${cols.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(" ")}`);
print(head);
for (const page of pages) {
  for (const who of ["anonymous", "history"].filter((w) => whoFor(page).includes(w))) {
    const c = cell(who, page);
    const f = who === "history" ? cell("fresh", page) : null;
    const where = `${page.path} (${who})`;
    // A 404 is a page too (the catch-all; a page the operator turned off in this locale, as the
    // seed does /vpn outside English): measured, never a failure. A server error is.
    const okStatus = c.status === undefined || c.status < 500;
    if (!okStatus) fails.push(`${where}: status ${c.status}`);
    let cpu = "–";
    if (c.cpuMs !== undefined) {
      const ok = c.cpuMs <= BAR.cpuMs;
      if (!ok) fails.push(`${where}: ${c.cpuMs.toFixed(1)} ms CPU`);
      cpu = `${fmt(c.cpuMs, 1)}${mark(ok)}`;
    }
    let stream = "–";
    if (c.stream) {
      const ok = c.stream.ratio <= BAR.shellToComplete && c.stream.fallback;
      if (!ok) fails.push(`${where}: NOT streamed (shell ${fmt(c.stream.shell)} ms of ${fmt(c.stream.complete)} ms)`);
      stream = `${fmt(c.stream.ratio, 3)}${mark(ok)}`;
    }
    let fl = "–";
    if (c.firstLoad && firstLoadBase) {
      if (c.firstLoad.error) {
        fails.push(`${where}: first load not measured (${c.firstLoad.error})`);
        fl = "error✗";
      } else {
        const ratio = c.firstLoad.gzip / firstLoadBase.gzip;
        const bar = who === "anonymous" ? BAR.firstLoadAnonymous : BAR.firstLoadPlayer;
        const ok = ratio <= bar;
        if (!ok) fails.push(`${where}: first load ${ratio.toFixed(3)}×`);
        c.firstLoad.ratio = ratio;
        fl = `${ratio.toFixed(3)}${mark(ok)}`;
      }
    }
    print([
      page.path.slice(0, widths[0]),
      who,
      c.status ?? "–",
      rowsCell(c.rows, c.queries, BAR.rows, BAR.queries, `${where} warm`),
      f ? rowsCell(f.rows, f.queries, BAR.rows, BAR.queries, `${page.path} (fresh) warm`) : "",
      rowsCell(c.coldRows, c.coldQueries, BAR.coldRows, BAR.coldQueries, `${where} cold`),
      cpu,
      stream,
      fl,
    ]);
  }
}
if (firstLoadBase) console.log(`  first load of the bare React Router app: ${(firstLoadBase.gzip / 1024).toFixed(1)} KB in ${firstLoadBase.count} files`);
if (lighthouse && !lighthouse.skipped) {
  console.log(`\nLighthouse mobile (median of 3; bar ≥ ${BAR.lighthouse})`);
  for (const [label, r] of Object.entries(lighthouse)) {
    const ok = r.medians.performance >= BAR.lighthouse;
    if (!ok) fails.push(`${label}: Lighthouse ${r.medians.performance}`);
    console.log(
      `  ${label.padEnd(44)} ${String(r.medians.performance).padStart(4)}${mark(ok)}  LCP ${fmt(r.medians.lcp)} ms · TBT ${fmt(r.medians.tbt)} ms · CLS ${fmt(r.medians.cls, 3)}`,
    );
  }
} else if (lighthouse) console.log(`\nLighthouse skipped: ${lighthouse.skipped}`);
for (const m of missing) fails.push(`${m}: not measured (its parameters could not be filled in)`);

writeFileSync(
  join(OUT, "pages.json"),
  `${JSON.stringify({ when: new Date().toISOString(), load, rounds: ROUNDS, entrants: ENTRANTS, bars: BAR, staticCpu, firstLoadBase, pages: [...results.values()], lighthouse, fails }, null, 2)}\n`,
);
console.log(`\nbench/.out/pages.json written (${Math.round((performance.now() - started) / 1000)} s)`);
if (fails.length) {
  console.log(`\n${fails.length} over their bars:`);
  for (const f of fails) console.log(`  ✗ ${f}`);
  process.exit(1);
}
console.log("\nevery page within every bar ✓");
