// SSR CPU A/B: a git revision (A) against the working tree (B), served side by side, each URL
// requested N times, alternating A and B for a few rounds; the figure is the CPU time the
// workerd processes of each side spent per request (utime + stime from /proc/<pid>/stat), which
// other load on a shared machine moves far less than requests per second (decision 0026).
//
//   npm run bench:cpu -- [--base REV] [--rounds 3] [--n 100] [--concurrency 4] [--reuse-a] [--player] [path …]
//
// `--player`: every request as a signed-in player of that side (api-player.mjs `measuredPlayer`: a
// first deposit, the running tournaments joined, a few scoring rounds).
// Defaults: REV = HEAD, paths `/favicon.svg`, `/gamehall`, `/`, a game page. Ports BENCH_PORT+1
// and +2 (8796, 8797 by default) on 127.0.0.1; databases `.wrangler/cpu-a`, `.wrangler/cpu-b`;
// builds in `bench/.out/cpu-*`. `--reuse-a` keeps A's build from the last run. Linux only.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { measuredPlayer } from "./lib/api-player.mjs";
import { BROWSER_UA } from "./lib/first-load.mjs";
import { load } from "./lib/load.mjs";
import { OUT, ROOT, build, killAllOnExit, prepareDatabaseQuietly, servePlayfront, stageRevision, stop } from "./lib/servers.mjs";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";
import { workerdCpu } from "./lib/workerd-cpu.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string", default: "HEAD" },
    rounds: { type: "string", default: "3" },
    n: { type: "string", default: "100" },
    concurrency: { type: "string", default: "4" },
    "reuse-a": { type: "boolean", default: false },
    player: { type: "boolean", default: false },
  },
});
const whole = (name, v, max) => {
  const x = Number(v);
  if (!Number.isInteger(x) || x < 1 || x > max) throw new Error(`--${name} must be a whole number from 1 to ${max}, not ${v}`);
  return x;
};
const rounds = whole("rounds", values.rounds, 20);
const n = whole("n", values.n, 2000);
const concurrency = whole("concurrency", values.concurrency, 16);
const PORT = Number(process.env.BENCH_PORT ?? 8795);

killAllOnExit();
const sides = [
  { name: "A", label: values.base, port: PORT + 1 },
  { name: "B", label: "working tree", port: PORT + 2 },
];
for (const side of sides) {
  side.dir = join(OUT, `cpu-${side.name.toLowerCase()}`);
  if (side.name === "A" && values["reuse-a"] && existsSync(join(side.dir, "build"))) continue;
  stageRevision(side.name === "A" ? values.base : null, side.dir, PLAYFRONT_ENTRIES);
  console.log(`· ${side.name} (${side.label}) built in ${build(side.dir, side.name).toFixed(1)} s`);
}

const headers = { "user-agent": BROWSER_UA, accept: "text/html,*/*;q=0.8", "accept-encoding": "identity" };
const results = {};
try {
  for (const side of sides) {
    side.persistTo = join(ROOT, ".wrangler", `cpu-${side.name.toLowerCase()}`);
    prepareDatabaseQuietly(side.persistTo, side.dir);
    // One server at a time while starting: two wrangler dev starting together can race for a port.
    side.server = await servePlayfront({ appDir: side.dir, port: side.port, persistTo: side.persistTo });
    side.headers = headers;
    if (values.player) {
      const p = await measuredPlayer(`http://127.0.0.1:${side.port}`, "cpu-ab");
      side.headers = { ...headers, cookie: `pf_session=${p.session()}` };
    }
  }
  const game = await (await fetch(`http://127.0.0.1:${sides[0].port}/api/games/get?options=${encodeURIComponent('{"count":1,"sort":"popular"}')}`)).json();
  const paths = positionals.length ? positionals : ["/favicon.svg", "/gamehall", "/", `/game/${game.data.items[0].sysname}`];
  const url = (side, path) => `http://127.0.0.1:${side.port}${path}`;
  for (const path of paths) for (const side of sides) await load(url(side, path), { connections: 1, seconds: 60, maxRequests: 20, headers: side.headers });
  for (let i = 0; i < rounds; i++) {
    for (const path of paths) {
      // Alternate which side goes first, so neither always follows the other.
      for (const side of i % 2 ? [...sides].reverse() : sides) {
        const before = workerdCpu(side.server);
        const r = await load(url(side, path), { connections: concurrency, seconds: 300, maxRequests: n, headers: side.headers });
        const ms = ((workerdCpu(side.server) - before) * 1000) / r.sent;
        if (r.ok !== r.sent) console.warn(`  ${side.name} ${path}: ${r.sent - r.ok} of ${r.sent} requests failed`);
        ((results[path] ??= {})[side.name] ??= []).push(ms);
      }
    }
    console.log(`· round ${i + 1} of ${rounds}`);
  }
} finally {
  for (const side of sides) if (side.server) await stop(side.server);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (x) => x.toFixed(1).padStart(6);
console.log(`\nworkerd CPU ms per request, ${n} requests ${concurrency} at a time, ${rounds} alternating rounds (A = ${values.base}, B = working tree)`);
console.log(`  ${"URL".padEnd(34)} ${"A".padStart(6)} ${"B".padStart(6)}  change   rounds A | B`);
for (const [path, r] of Object.entries(results)) {
  const a = median(r.A);
  const b = median(r.B);
  const change = `${b < a ? "−" : "+"}${Math.round((Math.abs(b - a) / a) * 100)}%`.padStart(6);
  console.log(
    `  ${path.slice(0, 34).padEnd(34)} ${f(a)} ${f(b)}  ${change}   ${r.A.map((x) => x.toFixed(1)).join(" ")} | ${r.B.map((x) => x.toFixed(1)).join(" ")}`,
  );
}
