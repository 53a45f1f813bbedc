// CPU profile of server renders taken from workerd itself: a Playfront build (default: the
// cpu-ab.mjs B build, bench/.out/cpu-b) under `wrangler dev --inspector-port`, the DevTools
// protocol's Profiler domain over the inspector's WebSocket, N renders of a path after warm-ups.
// Prints the largest self-time shares of the busy time by function and by file.
//
//   node bench/ssr-profile.mjs [--dir bench/.out/cpu-b] [--n 100] [--top 40] [path]
//
// Ports BENCH_PORT (8795 by default) and BENCH_PORT+3 for the inspector, on 127.0.0.1.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BROWSER_UA } from "./lib/first-load.mjs";
import { connectInspector } from "./lib/inspector.mjs";
import { OUT, ROOT, killAllOnExit, prepareDatabaseQuietly, serveWrangler, stop } from "./lib/servers.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { dir: { type: "string", default: join(OUT, "cpu-b") }, n: { type: "string", default: "100" }, top: { type: "string", default: "40" } },
});
const path = positionals[0] ?? "/gamehall";
const n = Number(values.n);
const PORT = Number(process.env.BENCH_PORT ?? 8795);
const INSPECTOR = PORT + 3;

killAllOnExit();
const persistTo = join(ROOT, ".wrangler", "profile");
prepareDatabaseQuietly(persistTo);
const server = await serveWrangler({
  name: "profile",
  appDir: resolve(values.dir),
  port: PORT,
  extraArgs: ["--persist-to", persistTo, "--inspector-port", String(INSPECTOR)],
});
const headers = { "user-agent": BROWSER_UA, accept: "text/html", "accept-encoding": "identity" };
const render = async () => (await fetch(`http://127.0.0.1:${PORT}${path}`, { headers })).text();
let profile;
try {
  for (let i = 0; i < 10; i++) await render();
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json();
  const target = targets.find((t) => !t.title?.includes("PlayerChannel")) ?? targets[0];
  const { send, close } = await connectInspector(target);
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 100 });
  await send("Profiler.start");
  for (let i = 0; i < n; i++) await render();
  ({ profile } = await send("Profiler.stop"));
  close();
} finally {
  await stop(server);
}
writeFileSync(join(OUT, "ssr-profile.cpuprofile"), JSON.stringify(profile));

// Self time per node from the samples' time deltas; idle and the program's own bookkeeping apart.
const self = new Map();
const deltas = profile.timeDeltas;
profile.samples.forEach((nodeId, i) => {
  self.set(nodeId, (self.get(nodeId) ?? 0) + (deltas[i + 1] ?? 0));
});
const byFn = new Map();
const byFile = new Map();
let busy = 0;
for (const node of profile.nodes) {
  const t = self.get(node.id) ?? 0;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === "(idle)" || functionName === "(program)") continue;
  busy += t;
  const file = url.split("/").slice(-2).join("/") || "(native)";
  const fn = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
  byFn.set(fn, (byFn.get(fn) ?? 0) + t);
  byFile.set(file, (byFile.get(file) ?? 0) + t);
}
const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
console.log(`${path}: ${n} renders, busy ${(busy / 1000 / n).toFixed(1)} ms per render (profiled, sampling overhead included)`);
for (const [label, m] of [
  ["function", byFn],
  ["file", byFile],
]) {
  console.log(`\nself time by ${label}`);
  for (const [k, t] of top(m)) console.log(`  ${((t / busy) * 100).toFixed(1).padStart(5)}%  ${k}`);
}
