// npm run bench — first-load JS against a bare React Router app, and streaming SSR under a slow
// platform. Prints a table and writes bench/.out/results.json. See bench/README.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { anonymousPages, BROWSER_UA, fetchHtml, firstLoad, openChromium } from "./lib/first-load.mjs";
import { build, killAllOnExit, OUT, prepareDatabaseQuietly, ROOT, servePlayfront, serveWrangler, stageApp, stop } from "./lib/servers.mjs";
import { lighthouseAvailable, lighthouseSeries } from "./lib/lighthouse.mjs";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";
import { rowsRead } from "./lib/rows-read.mjs";
import { measureCapacity } from "./capacity.mjs";
import { GOOGLEBOT_UA, series } from "./lib/streaming.mjs";
import { ssrThroughput } from "./lib/ssr-throughput.mjs";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Node ${process.versions.node}: run this as \`npm run bench\` (Node 22 from the devDependency).`);
  process.exit(1);
}

// BENCH_PORT moves the three ports (BENCH_PORT, +1, +2), e.g. for two benches on one machine.
const PORT = Number(process.env.BENCH_PORT ?? 8795);
const PORTS = { playfront: PORT, baseline: PORT + 1, streaming: PORT + 2 };
// BENCH_ONLY=first-load,ssr runs only those sections (first-load, streaming, rows, capacity, ssr, lighthouse).
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",").map((s) => s.trim())) : null;
const want = (section) => !ONLY || ONLY.has(section);
const SSR_SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 10);
const SSR_CONNECTIONS = Number(process.env.BENCH_SSR_CONNECTIONS ?? 8);
const GOAL_LIGHTHOUSE = 98;
const LIGHTHOUSE_N = Number(process.env.BENCH_LIGHTHOUSE_N ?? 5);
const GOAL_FIRST_LOAD = 1.1;
// About 10 ms of CPU per render (Workers Free) on this machine, where a static file costs ~0.7 ms.
const GOAL_SSR_RATIO = 0.15;
const LATENCY = "banners:1500";
const N = Number(process.env.BENCH_N ?? 5);
const persistTo = join(ROOT, ".wrangler", "bench-state");
// The Playfront working tree is built from a copy so that `build/`, which other runs may be
// serving at this moment, is never emptied and rewritten under them.
const playfrontDir = join(OUT, "playfront");
const baselineDir = join(OUT, "baseline");

killAllOnExit();

const kb = (b) => (b / 1024).toFixed(1);
const ms = (x) => (x == null ? "–" : `${Math.round(x)} ms`);
const step = (s) => console.log(`· ${s}`);
const started = performance.now();

async function withServer(start, fn) {
  let server;
  try {
    server = await start();
  } catch (e) {
    console.log(`  (${e.message}; retrying once)`);
    server = await start();
  }
  try {
    return await fn(server);
  } finally {
    await stop(server);
  }
}

// 1. Build both apps the same way.
mkdirSync(OUT, { recursive: true });
stageApp(join(ROOT, "bench", "baseline-template"), baselineDir);
stageApp(ROOT, playfrontDir, PLAYFRONT_ENTRIES);
step(`baseline built in ${build(baselineDir, "baseline").toFixed(1)} s`);
step(`Playfront built in ${build(playfrontDir, "Playfront").toFixed(1)} s`);
prepareDatabaseQuietly(persistTo);
step(`database prepared in ${persistTo.replace(`${ROOT}/`, "")}`);

// 2. First-load JavaScript: what the home document names (and why), then what Chromium actually
// fetches on every anonymous page, each against the bare app fetched the same way.
const clientDir = (dir) => join(dir, "build", "client");
// One server at a time: two wrangler dev starting together can race for the same internal port.
const measureHome = async (s, dir) => firstLoad(await fetchHtml(`http://127.0.0.1:${s.port}/`), clientDir(dir));
let pf, base, ratio, fetched;
if (want("first-load")) {
  const chromium = await openChromium();
  try {
    let pages;
    ({ pf, pages } = await withServer(
      () => servePlayfront({ appDir: playfrontDir, port: PORTS.playfront, persistTo }),
      async (s) => {
        const origin = `http://127.0.0.1:${s.port}`;
        const out = {};
        for (const [label, path] of Object.entries(await anonymousPages(origin))) {
          await fetchHtml(origin + path); // warm: the first render of a route compiles its modules
          out[label] = await chromium.measure(origin + path, clientDir(playfrontDir));
        }
        return { pf: await measureHome(s, playfrontDir), pages: out };
      },
    ));
    let baseFetched;
    ({ base, baseFetched } = await withServer(
      () => serveWrangler({ name: "baseline", appDir: baselineDir, port: PORTS.baseline }),
      async (s) => ({ base: await measureHome(s, baselineDir), baseFetched: await chromium.measure(`http://127.0.0.1:${s.port}/`, clientDir(baselineDir)) }),
    ));
    for (const r of Object.values(pages)) r.ratio = r.gzip / baseFetched.gzip;
    fetched = { baseline: baseFetched, pages };
  } finally {
    await chromium.close();
  }
  ratio = pf.gzip / base.gzip;
  step("first-load JS measured");
}

// 3. Streaming under a slow banners group.
let streaming, people, crawler, streamedRuns, crawlerAtOnce, crawlerInline;
if (want("streaming")) {
  const stream = await withServer(
    () => servePlayfront({ appDir: playfrontDir, port: PORTS.streaming, persistTo, vars: { SIMULATED_LATENCY: LATENCY } }),
    async (s) => {
      const url = `http://127.0.0.1:${s.port}/`;
      const people = await series(url, BROWSER_UA, N);
      const crawler = await series(url, GOOGLEBOT_UA, N);
      return { people, crawler };
    },
  );
  step("streaming measured");

  ({ people, crawler } = stream);
  streamedRuns = people.runs.filter((r) => r.firstFlushHasShell && r.firstFlushHasFallback).length;
  // At once: no Suspense fallback went out (the banners are inline, so React's late-completion
  // marker never appears either) and the last byte came right after the first.
  crawlerAtOnce = crawler.runs.filter((r) => r.fallback === undefined && r.end - r.firstByte <= 100).length;
  crawlerInline = crawler.runs.filter((r) => r.deferredInline).length;
  streaming = {
    latency: LATENCY,
    n: N,
    shellTtfbPeople: people.medians.shell,
    firstBytePeople: people.medians.firstByte,
    endPeople: people.medians.end,
    completeCrawler: crawler.medians.end,
    firstByteCrawler: crawler.medians.firstByte,
    ratioShellToComplete: people.medians.shell / crawler.medians.end,
    ratioShellToPeopleEnd: people.medians.shell / people.medians.end,
    fallbackInFirstFlush: `${streamedRuns}/${people.runs.length}`,
    fallbackInFirstChunkStrict: `${people.runs.filter((r) => r.firstChunkHasFallback).length}/${people.runs.length}`,
    streamed: streamedRuns === people.runs.length,
    crawlerWholeDocumentAtOnce: crawlerAtOnce === crawler.runs.length,
    crawlerDeferredInline: `${crawlerInline}/${crawler.runs.length}`,
    allComplete: [...people.runs, ...crawler.runs].every((r) => r.complete && r.status === 200),
    people,
    crawler,
  };
}

// 4. D1 rows read per render of the lobby, with the full catalogue (thousands of games).
const someGame = async (port) => {
  const res = await fetch(`http://127.0.0.1:${port}/api/games/get?options=${encodeURIComponent('{"count":1,"sort":"popular"}')}`);
  const { data } = await res.json();
  return { sysname: data.items[0].sysname, provider: data.items[0].provider, total: data.count };
};
let lobby;
if (want("rows")) {
  lobby = await withServer(
    () => servePlayfront({ appDir: playfrontDir, port: PORTS.playfront, persistTo, vars: { DB_STATS: "on" } }),
    async (s) => {
      const origin = `http://127.0.0.1:${s.port}`;
      const game = await someGame(s.port);
      const deep = Math.floor((game.total - 1) / 24) * 24;
      const pages = {
        "/gamehall": "/gamehall",
        "/gamehall?category=slots": "/gamehall?category=slots",
        [`/gamehall?providers=${game.provider}`]: `/gamehall?providers=${game.provider}`,
        [`/gamehall?offset=${deep} (last page)`]: `/gamehall?offset=${deep}`,
        "/ (home)": "/",
        "/game/{sysname}": `/game/${game.sysname}`,
      };
      const out = { catalogue: game.total, pages: {} };
      for (const [label, path] of Object.entries(pages)) out.pages[label] = await rowsRead(origin + path, N);
      return out;
    },
  );
  step("rows read measured");
}
let capacity;
if (want("capacity")) {
  capacity = await measureCapacity({ appDir: playfrontDir, n: Math.min(N, 3) }); // 1× and 10× catalogues (issue 15)
  step("capacity measured");
}

// 5. SSR throughput: requests/s of pages against a static file of the same Worker, closed loop.
let ssr;
if (want("ssr")) {
  ssr = await withServer(
    () => servePlayfront({ appDir: playfrontDir, port: PORTS.playfront, persistTo }),
    async (s) => {
      const origin = `http://127.0.0.1:${s.port}`;
      const game = await someGame(s.port);
      const pages = { "/gamehall": "/gamehall", "/": "/", "/game/{sysname}": `/game/${game.sysname}` };
      return ssrThroughput(origin, pages, "/favicon.svg", { seconds: SSR_SECONDS, connections: SSR_CONNECTIONS });
    },
  );
  step("SSR throughput measured");
}

// 6. Lighthouse (mobile) of home, the lobby and a game page, and of the bare app's home.
let lighthouseResult = null;
const lighthouseMissing = process.env.BENCH_LIGHTHOUSE === "0" || !want("lighthouse") ? "BENCH_LIGHTHOUSE=0 or BENCH_ONLY" : lighthouseAvailable();
if (!lighthouseMissing) {
  const pfScores = await withServer(
    // APP_ENV=test: HTML compressed as the edge serves it in production (local runs send it
    // uncompressed so wrangler dev streams it); the baseline is compressed by wrangler dev too.
    () => servePlayfront({ appDir: playfrontDir, port: PORTS.playfront, persistTo, vars: { APP_ENV: "test" } }),
    async (s) => {
      const origin = `http://127.0.0.1:${s.port}`;
      const game = await someGame(s.port);
      return lighthouseSeries(
        { "/": `${origin}/`, "/gamehall": `${origin}/gamehall`, "/game/{sysname}": `${origin}/game/${game.sysname}`, "/betting": `${origin}/betting` },
        LIGHTHOUSE_N,
      );
    },
  );
  const baseScores = await withServer(
    () => serveWrangler({ name: "baseline", appDir: baselineDir, port: PORTS.baseline }),
    (s) => lighthouseSeries({ "baseline /": `http://127.0.0.1:${s.port}/` }, LIGHTHOUSE_N),
  );
  lighthouseResult = { goal: GOAL_LIGHTHOUSE, n: LIGHTHOUSE_N, pages: { ...pfScores, ...baseScores } };
  step("Lighthouse measured");
}

// 7. Report.
const line = (label, a, b = "") => console.log(`  ${label.padEnd(40)}${String(a).padStart(16)}${String(b).padStart(16)}`);
if (pf) {
  console.log("\nFirst-load JS of / (gzip -9)");
  line("", "Playfront", "baseline");
  line("total", `${kb(pf.gzip)} KB`, `${kb(base.gzip)} KB`);
  line("files", pf.count, base.count);
  line("raw (minified)", `${kb(pf.raw)} KB`, `${kb(base.raw)} KB`);
  line("lazy chunks reachable (not counted)", `${pf.lazy.count} · ${kb(pf.lazy.gzip)} KB`, `${base.lazy.count} · ${kb(base.lazy.gzip)} KB`);
  line("first-load CSS (not counted)", `${kb(pf.css.gzip)} KB`, `${kb(base.css.gzip)} KB`);
  line("ratio Playfront / baseline", `${ratio.toFixed(3)}`, `goal ≤ ${GOAL_FIRST_LOAD.toFixed(2)}`);
  console.log(`  ${ratio <= GOAL_FIRST_LOAD ? "✓ within" : "✗ over"} the §5 bar (+${kb(pf.gzip - base.gzip)} KB over the floor)`);
  console.log("  largest Playfront first-load files:");
  for (const f of pf.files.slice(0, 5)) console.log(`    ${kb(f.gzip).padStart(7)} KB  ${f.path}  (${f.why})`);
  if (pf.notPreloaded.length) console.log(`  ! loaded by static import but not modulepreloaded: ${pf.notPreloaded.join(", ")}`);
  if (pf.external.length) console.log(`  ! external scripts not counted: ${pf.external.join(", ")}`);
}

if (fetched) {
  console.log(`\nFirst-load JS as Chromium fetches it (gzip -9, mobile, no interaction, until the network is idle)`);
  line("", "Playfront KB · files", "ratio");
  line("bare React Router app /", `${kb(fetched.baseline.gzip)} KB · ${fetched.baseline.count}`, "1.000");
  for (const [label, r] of Object.entries(fetched.pages)) {
    line(label.slice(0, 40), `${kb(r.gzip)} KB · ${r.count}`, `${r.ratio.toFixed(3)} ${r.ratio <= GOAL_FIRST_LOAD ? "✓" : "✗"}`);
  }
  const worst = Object.values(fetched.pages).sort((a, b) => b.ratio - a.ratio)[0];
  console.log(`  goal ≤ ${GOAL_FIRST_LOAD.toFixed(2)} on every page; largest files of the heaviest (${new URL(worst.url).pathname}):`);
  for (const f of worst.files.slice(0, 5)) console.log(`    ${kb(f.gzip).padStart(7)} KB  ${f.path}`);
}

if (streaming) {
  console.log(`\nStreaming of / with SIMULATED_LATENCY=${LATENCY} (median of ${N}, after 1 warm-up)`);
  line("people: first byte", ms(people.medians.firstByte));
  line("people: shell (</header> or <main)", ms(people.medians.shell));
  line("people: Suspense fallback arrived", ms(people.medians.fallback));
  line("people: deferred banners arrived", ms(people.medians.resolved));
  line("people: stream end", ms(people.medians.end));
  line("Googlebot: first byte", ms(crawler.medians.firstByte));
  line("Googlebot: complete document", ms(crawler.medians.end));
  line("ratio shell / complete (Googlebot)", streaming.ratioShellToComplete.toFixed(3), "want ≪ 1");
  line("ratio shell / stream end (people)", streaming.ratioShellToPeopleEnd.toFixed(3));
  line("people: fallback in the shell's flush", streaming.fallbackInFirstFlush, streaming.streamed ? "streamed ✓" : "NOT streamed ✗");
  line("Googlebot: whole document in one go", `${crawlerAtOnce}/${crawler.runs.length}`, streaming.crawlerWholeDocumentAtOnce ? "✓" : "✗");
  line("Googlebot: banners inline (no fallback)", streaming.crawlerDeferredInline, crawlerInline === crawler.runs.length ? "✓" : "! outlined");
  if (crawlerInline < crawler.runs.length) {
    console.log("  ! crawlers get the banners outlined: fallback in place, content in <div hidden> swapped in by");
    console.log("    React's $RC script (React outlines boundaries past progressiveChunkSize even after allReady).");
  }
  line("every document complete, 200", streaming.allComplete ? "yes ✓" : "no ✗");
}

if (lobby) {
  console.log(`\nD1 rows read per server render (Googlebot, DB_STATS=on, median of ${N}; catalogue: ${lobby.catalogue} games)`);
  line("", "rows read", "queries");
  for (const [label, r] of Object.entries(lobby.pages)) {
    line(`${label}${r.status === 200 ? "" : ` (${r.status})`}`.slice(0, 40), r.rowsRead, r.queries);
  }
  const hall = lobby.pages["/gamehall"];
  line("rows read per tile on /gamehall", hall.tiles ? (hall.rowsRead / hall.tiles).toFixed(1) : "–", `${hall.tiles} tiles`);
  line("ratio rows read / catalogue size", (hall.rowsRead / lobby.catalogue).toFixed(3), "want ≪ 1");
}

if (ssr) {
  const o = ssr.options;
  console.log(`\nSSR throughput (closed loop, ${o.connections} connections, ${o.seconds} s each, HTML uncompressed)`);
  line("", "requests/s", "ratio / static");
  line(`static ${ssr.static.path} (before · after pages)`, `${ssr.static.first.rps} · ${ssr.static.last.rps}`, "1.000");
  for (const [label, r] of Object.entries(ssr.pages)) {
    line(`${label}${r.errors ? ` (${r.errors} not 200)` : ""}`.slice(0, 40), `${r.rps} (p50 ${Math.round(r.p50)} ms)`, r.ratio.toFixed(3));
  }
  console.log(`  goal: /gamehall ≥ ${GOAL_SSR_RATIO} of the static file's rate`);
}

if (lighthouseResult) {
  console.log(`\nLighthouse mobile (Debian Chromium, median of ${LIGHTHOUSE_N}; goal performance ≥ ${GOAL_LIGHTHOUSE})`);
  line("", "perf · a11y", "BP · SEO");
  for (const [label, r] of Object.entries(lighthouseResult.pages)) {
    const m = r.medians;
    line(label, `${m.performance} · ${m.accessibility}`, `${m["best-practices"]} · ${m.seo}`);
    line("  LCP · TBT · CLS", `${ms(m.lcp)} · ${ms(m.tbt)}`, (m.cls ?? 0).toFixed(3));
    if (r.failing.length) console.log(`    below 0.9 in some run: ${r.failing.slice(0, 8).join(", ")}`);
  }
} else {
  console.log(`\nLighthouse skipped: ${lighthouseMissing}`);
}

const results = {
  when: new Date().toISOString(),
  node: process.versions.node,
  seconds: Math.round((performance.now() - started) / 100) / 10,
  firstLoad: pf && { page: "/", goal: GOAL_FIRST_LOAD, ratio, pass: ratio <= GOAL_FIRST_LOAD, playfront: pf, baseline: base },
  firstLoadFetched: fetched && { goal: GOAL_FIRST_LOAD, ...fetched },
  streaming,
  rowsRead: lobby,
  ssrThroughput: ssr && { goal: GOAL_SSR_RATIO, ...ssr },
  capacity,
  lighthouse: lighthouseResult ?? { skipped: lighthouseMissing },
};
writeFileSync(join(OUT, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nbench/.out/results.json written (${results.seconds} s)`);

// DESIGN §5: a bench fails when a page misses its bar.
const fails = [
  ...(pf && ratio > GOAL_FIRST_LOAD ? [`first load of / ${ratio.toFixed(3)}× the bare app`] : []),
  ...(fetched
    ? Object.entries(fetched.pages)
        .filter(([, r]) => r.ratio > GOAL_FIRST_LOAD)
        .map(([label, r]) => `first load of ${label} ${r.ratio.toFixed(3)}×`)
    : []),
  ...(streaming && !streaming.streamed ? [`/ NOT streamed (the fallback in the shell's flush ${streaming.fallbackInFirstFlush})`] : []),
  ...(streaming && !streaming.allComplete ? ["a streamed document was incomplete or not 200"] : []),
  ...(lighthouseResult
    ? Object.entries(lighthouseResult.pages)
        .filter(([label, r]) => !label.startsWith("baseline") && r.medians.performance < GOAL_LIGHTHOUSE)
        .map(([label, r]) => `Lighthouse ${label} ${r.medians.performance}`)
    : []),
];
if (fails.length) {
  console.log(`\n${fails.length} over their bars:`);
  for (const f of fails) console.log(`  ✗ ${f}`);
  process.exit(1);
}
