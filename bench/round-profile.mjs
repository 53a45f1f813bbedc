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
import { printSelfTimes, profileTargets } from "./lib/inspector.mjs";
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
  const started = performance.now();
  profiles.push(
    ...(await profileTargets(INSPECTOR, async () => {
      for (let k = 0; k < n; k++) await round();
    })),
  );
  const wall = performance.now() - started;
  console.log(`${n} rounds of ${game}, ${(wall / n).toFixed(1)} ms each (wall, one player, profiled)`);
} finally {
  await stop(server);
}
writeFileSync(join(OUT, "round-profile.json"), JSON.stringify(profiles));

printSelfTimes(profiles, { n, unit: "round", top: Number(values.top) });
