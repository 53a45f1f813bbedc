// CPU profile of real-money game rounds taken from workerd itself (issue 38): a Playfront build
// (default: the working tree, built into bench/.out/round-profile) under `wrangler dev --inspector-port`,
// one player with a bonus active and every running tournament joined (as bench:players sets
// up), N rounds after warm-ups, the DevTools protocol's Profiler on every inspector target (the
// Worker and the Durable Objects), merged. Prints the largest self-time shares by function and file.
//
//   node bench/round-profile.mjs [--dir a-built-copy] [--n 300] [--top 40]
//
// Ports BENCH_PORT (8795 by default) and BENCH_PORT+3 for the inspector, on 127.0.0.1. Loopback only.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { activateBonus, deposit, form, newPlayer } from "./lib/api-player.mjs";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";
import { connectInspector } from "./lib/inspector.mjs";
import { OUT, ROOT, build, killAllOnExit, prepareDatabaseQuietly, serveWrangler, stageRevision, stop } from "./lib/servers.mjs";

const { values } = parseArgs({
  options: { dir: { type: "string" }, n: { type: "string", default: "300" }, top: { type: "string", default: "40" } },
});
let dir = values.dir;
if (!dir) {
  dir = join(OUT, "round-profile");
  stageRevision(null, dir, PLAYFRONT_ENTRIES);
  console.log(`· working tree built in ${build(dir, "profile").toFixed(1)} s`);
}
const n = Number(values.n);
if (!Number.isInteger(n) || n < 10 || n > 5000) throw new Error(`--n is a whole number from 10 to 5000, not ${values.n}`);
const PORT = Number(process.env.BENCH_PORT ?? 8795);
const INSPECTOR = PORT + 3;
const base = `http://127.0.0.1:${PORT}`;

killAllOnExit();
const persistTo = join(ROOT, ".wrangler", "round-profile");
prepareDatabaseQuietly(persistTo);
const server = await serveWrangler({
  name: "round-profile",
  appDir: resolve(dir),
  port: PORT,
  extraArgs: ["--persist-to", persistTo, "--inspector-port", String(INSPECTOR)],
});

const profiles = [];
try {
  const { items } = (await (await fetch(`${base}/api/tournaments/get?status=active&fields=games`)).json()).data;
  const counts = new Map();
  for (const t of items) for (const g of t.games ?? []) counts.set(g, (counts.get(g) ?? 0) + 1);
  const [game] = [...counts].sort((a, b) => b[1] - a[1])[0];
  const p = await newPlayer(base, "profile");
  await deposit(p, 200_000);
  await activateBonus(p);
  for (const t of items) {
    const res = await p.send("/api/tournaments/participate", form({ tournament_id: t.id }));
    await res.text();
  }
  let i = 0;
  const round = async () => {
    const res = await p.send(`/platform/game/${game}/round`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ bet: 100, mode: "real", round_id: `profile-round-${++i}` }),
    });
    if (res.status !== 200) throw new Error(`round ${i}: ${res.status} ${await res.text()}`);
    await res.text();
  };
  for (let w = 0; w < 30; w++) await round();
  const targets = await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json();
  const sessions = await Promise.all(targets.map(connectInspector));
  for (const s of sessions) {
    await s.send("Profiler.enable");
    await s.send("Profiler.setSamplingInterval", { interval: 100 });
    await s.send("Profiler.start");
  }
  const started = performance.now();
  for (let k = 0; k < n; k++) await round();
  const wall = performance.now() - started;
  for (const s of sessions) {
    const { profile } = await s.send("Profiler.stop");
    profiles.push({ title: s.title, profile });
    s.close();
  }
  console.log(`${n} rounds of ${game}, ${(wall / n).toFixed(1)} ms each (wall, one player, profiled)`);
} finally {
  await stop(server);
}
writeFileSync(join(OUT, "round-profile.json"), JSON.stringify(profiles));

// Self time per node from the samples' time deltas, every target together; idle apart.
const byFn = new Map();
const byFile = new Map();
const byTarget = new Map();
let busy = 0;
for (const { title, profile } of profiles) {
  const self = new Map();
  profile.samples.forEach((nodeId, i) => {
    self.set(nodeId, (self.get(nodeId) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
  });
  for (const node of profile.nodes) {
    const t = self.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    busy += t;
    byTarget.set(title, (byTarget.get(title) ?? 0) + t);
    const file = url.split("/").slice(-2).join("/") || "(native)";
    const fn = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + t);
    byFile.set(file, (byFile.get(file) ?? 0) + t);
  }
}
const top = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
console.log(`busy ${(busy / 1000 / n).toFixed(1)} ms per round over ${profiles.length} inspector target(s) (sampling overhead included)`);
for (const [label, m] of [
  ["target", byTarget],
  ["function", byFn],
  ["file", byFile],
]) {
  console.log(`\nself time by ${label}`);
  for (const [k, t] of top(m)) console.log(`  ${((t / busy) * 100).toFixed(1).padStart(5)}%  ${(t / 1000 / n).toFixed(2).padStart(6)} ms  ${k}`);
}
