// Image-proxy load (issue 15): how much do anonymous cache misses of /_ipx slow an unrelated API
// call? Against a running server (BASE, default http://127.0.0.1:8831, e.g. scripts/e2e-server.mjs
// with E2E_PORT=8831): the median of /api/games/get alone, then while BURST distinct-cover misses
// are in flight at once. Loopback only, bounded in count and time; prints figures, asserts nothing.
//   node bench/ipx-load.mjs            (through npx/npm, so Node 22 is used)
const BASE = process.env.BASE ?? "http://127.0.0.1:8831";
const N = Number(process.env.N ?? 15);
const BURST = Number(process.env.BURST ?? 6);
const API = `${BASE}/api/games/get?options=${encodeURIComponent(JSON.stringify({ count: 24 }))}`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(url) {
  const t = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status };
}

const games = (await (await fetch(`${BASE}/api/games/get?options=${encodeURIComponent(JSON.stringify({ count: 100, sort: "name" }))}`)).json()).data.items;
// A fresh cover per miss (the run's own quality/width pick keeps repeated runs missing too).
const run = Date.now();
let next = (run % 40) * BURST;
const miss = (w) => `${BASE}/_ipx/f_webp,q_95,w_${w}/platform/covers/${games[next++ % games.length].sysname}.svg`;

const idle = [];
for (let i = 0; i < N; i++) idle.push((await timed(API)).ms);

const busy = [];
const statuses = {};
for (let round = 0; round < 3; round++) {
  const burst = [2048, 1536, 1280, 1024, 960, 768, 720, 640].slice(0, BURST).map((w) => timed(miss(w)));
  for (let i = 0; i < N / 3; i++) busy.push((await timed(API)).ms);
  for (const r of await Promise.all(burst)) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
}
console.log(
  JSON.stringify({ base: BASE, burst: BURST, idleMedianMs: Math.round(median(idle)), underMissesMedianMs: Math.round(median(busy)), ipxStatuses: statuses }),
);
