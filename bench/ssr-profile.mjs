// CPU profile of server renders taken from workerd itself: a Playfront build (default: the
// cpu-ab.mjs B build, bench/.out/cpu-b) under `wrangler dev --inspector-port`, the DevTools
// protocol's Profiler domain over the inspector's WebSocket, N renders of a path after warm-ups.
// Prints the largest self-time shares of the busy time by target (the Worker and the Durable
// Objects), function and file. `--player`: as a signed-in player (api-player.mjs `measuredPlayer`).
//
//   node bench/ssr-profile.mjs [--dir bench/.out/cpu-b] [--n 100] [--top 40] [--player] [path]
//
// Ports BENCH_PORT (8795 by default) and BENCH_PORT+3 for the inspector, on 127.0.0.1.
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BROWSER_UA } from "./lib/first-load.mjs";
import { measuredPlayer } from "./lib/api-player.mjs";
import { printSelfTimes, profileTargets } from "./lib/inspector.mjs";
import { OUT, ROOT, killAllOnExit, prepareDatabaseQuietly, serveWrangler, stop } from "./lib/servers.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    dir: { type: "string", default: join(OUT, "cpu-b") },
    n: { type: "string", default: "100" },
    top: { type: "string", default: "40" },
    player: { type: "boolean", default: false },
  },
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
  // As production runs (and bench:pages measures CPU): no Zod check of each call's answer.
  extraArgs: ["--persist-to", persistTo, "--inspector-port", String(INSPECTOR), "--var", "CHECK_RESULTS:off"],
});
const headers = { "user-agent": BROWSER_UA, accept: "text/html", "accept-encoding": "identity" };
const render = async () => (await fetch(`http://127.0.0.1:${PORT}${path}`, { headers })).text();
let profiles;
try {
  if (values.player) {
    const p = await measuredPlayer(`http://127.0.0.1:${PORT}`, "profile");
    headers.cookie = `pf_session=${p.session()}`;
  }
  for (let i = 0; i < 10; i++) await render();
  profiles = await profileTargets(INSPECTOR, async () => {
    for (let i = 0; i < n; i++) await render();
  });
} finally {
  await stop(server);
}
writeFileSync(join(OUT, "ssr-profile.json"), JSON.stringify(profiles));
console.log(`${path}${values.player ? " (signed in)" : ""}: ${n} renders`);
printSelfTimes(profiles, { n, unit: "render", top: Number(values.top) });
