// npm run bench:load — 100 connections on `/`, `/gamehall` and `/api/games/get` against the
// production build under wrangler dev on loopback, bounded in time and count. Every request must
// end in a whole 200 answer and the server log must show no failed request; exits 1 otherwise.
// The site cache expires every 2 s (SITE_CACHE_SECONDS=2) so the run crosses many expiries, which
// is where requests used to be dropped. See bench/README.md §7.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";
import { failures, load, serverFailures } from "./lib/load.mjs";
import { build, killAllOnExit, OUT, prepareDatabaseQuietly, ROOT, servePlayfront, stageApp, stop } from "./lib/servers.mjs";

const PORT = Number(process.env.BENCH_LOAD_PORT ?? 8793);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
const MAX_REQUESTS = Number(process.env.BENCH_LOAD_MAX_REQUESTS ?? 20_000);
const PATHS = ["/", "/gamehall", "/api/games/get"];

killAllOnExit();
const appDir = join(OUT, "load-playfront");
const persistTo = join(ROOT, ".wrangler", "bench-load-state");
stageApp(ROOT, appDir, PLAYFRONT_ENTRIES);
console.log(`· built in ${build(appDir, "Playfront").toFixed(1)} s`);
prepareDatabaseQuietly(persistTo);

const server = await servePlayfront({ appDir, port: PORT, persistTo, vars: { SITE_CACHE_SECONDS: "2" } });
const results = {};
try {
  for (const path of PATHS) {
    const url = `http://127.0.0.1:${PORT}${path}`;
    // Warm the isolate and the image of this page in the caches, as a live site would be.
    await load(url, { connections: 1, seconds: 1, maxRequests: 3 });
    results[path] = await load(url, { connections: CONNECTIONS, seconds: SECONDS, maxRequests: MAX_REQUESTS });
    console.log(`· ${path} done`);
  }
} finally {
  await stop(server);
}

const log = readFileSync(join(OUT, "logs", `playfront-${PORT}.log`), "utf8");
const logged = serverFailures(log);
let clientFailures = 0;
console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per page (at most ${MAX_REQUESTS} requests), site cache 2 s\n`);
console.log("| page | sent | whole 200 | req/s | p50 ms | p99 ms | dropped | timed out | cut short | other status |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const [path, r] of Object.entries(results)) {
  clientFailures += failures(r);
  const other =
    Object.entries(r.badStatus)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ") || "0";
  console.log(
    `| ${path} | ${r.sent} | ${r.ok} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.dropped} | ${r.timedOut} | ${r.incomplete} | ${other} |`,
  );
  if (r.dropped) console.log(`  dropped: ${JSON.stringify(r.errors)}`);
}
console.log(`\nclient: ${clientFailures} failed requests; server log: ${logged.length} failure lines`);
for (const line of logged.slice(0, 20)) console.log(`  ${line}`);
process.exit(clientFailures === 0 && logged.length === 0 ? 0 : 1);
