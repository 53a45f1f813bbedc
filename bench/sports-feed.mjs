// The sportsbook feed (decision 0072-sportsbook-feed): how many feed steps the one SportsFeed
// Durable Object applies per second (each a D1 batch through the demo hook), and how long a step
// takes to reach a subscribed /realtime/sports socket. Against a locally started build (`npm run
// build` first), on 127.0.0.1 only, bounded in count and time. Prints figures; never fails on them.
//
//   node bench/sports-feed.mjs            (BENCH_PORT=8892 by default; BASE=http://127.0.0.1:… for a running server)
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { quietEnv } from "../scripts/lib.mjs";
import { killAllOnExit, OUT, prepareDatabaseQuietly, ROOT, servePlayfront, stop } from "./lib/servers.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8892);
const EVENTS = 8; // events stepped side by side
const STEPS_PER_EVENT = 60; // 'next' steps each (drifts, live, minute ticks, goals)
const LATENCY_SAMPLES = 15;

// Node 22 has WebSocket with headers; Node 20 takes the ws package's.
const WS = globalThis.WebSocket ?? (await import("ws")).default;

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const ms = (x) => `${x.toFixed(1)} ms`;

/** A football league the bench owns (the seed's leagues are left alone). */
function addLeague(persistTo) {
  const sql = `INSERT INTO sports (sysname) VALUES ('football') ON CONFLICT (sysname) DO NOTHING;
    INSERT INTO sport_leagues (sport_id, sysname, has_draw, teams, position)
    SELECT id, 'bench-league', 1, '["Alpha","Bravo","Charlie","Delta","Echo","Foxtrot"]', 999 FROM sports WHERE sysname = 'football'
    ON CONFLICT (sysname) DO NOTHING;`;
  const bin = join(ROOT, "node_modules", ".bin", "wrangler");
  execFileSync(bin, ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", sql, "--yes"], { cwd: ROOT, env: quietEnv, stdio: "ignore" });
}

async function main() {
  killAllOnExit();
  let server = null;
  let base = process.env.BASE;
  if (!base) {
    const persistTo = join(OUT, "sports-feed-state");
    prepareDatabaseQuietly(persistTo);
    addLeague(persistTo);
    server = await servePlayfront({ appDir: ROOT, port: PORT, persistTo });
    base = `http://127.0.0.1:${PORT}`;
  }
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error("BASE must be http://127.0.0.1:<port>");
  try {
    const hook = async (path, body) => {
      const res = await fetch(`${base}/platform/demo/sportsbook/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()).data;
    };
    const league = process.env.BASE ? undefined : "bench-league";

    // A subscriber: the arrival time of each (event, version).
    const ws = new WS(`${base.replace("http", "ws")}/realtime/sports`, { headers: { origin: base } });
    const arrivals = new Map();
    const waiters = [];
    ws.addEventListener("message", (e) => {
      const m = JSON.parse(String(e.data));
      const at = performance.now();
      const key = m.data.event_id;
      arrivals.set(key, { version: m.data.version, at });
      for (const w of waiters.splice(0)) {
        if (w.event === key && w.version <= m.data.version) w.resolve(at);
        else waiters.push(w);
      }
    });
    await new Promise((resolve, reject) => {
      ws.addEventListener("open", resolve);
      ws.addEventListener("error", reject);
    });
    const seenAt = (event, version) => {
      const a = arrivals.get(event);
      return a && a.version >= version ? Promise.resolve(a.at) : new Promise((resolve) => waiters.push({ event, version, resolve }));
    };

    // (a) Throughput: EVENTS events stepped through their scripts side by side.
    const events = [];
    for (let i = 0; i < EVENTS; i++) events.push((await hook("events", { league, starts_in_ms: 3_600_000 })).event_id);
    const t0 = performance.now();
    await Promise.all(
      events.map(async (id) => {
        for (let s = 0; s < STEPS_PER_EVENT; s++) await hook(`events/${id}/step`, { type: "next" });
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `(a) ${EVENTS * STEPS_PER_EVENT} steps over ${EVENTS} events: ${((EVENTS * STEPS_PER_EVENT) / seconds).toFixed(0)} steps/s (${seconds.toFixed(1)} s)`,
    );

    // (b) Latency: a step's answer → its sports.event on the socket, steps more than a second apart.
    const id = (await hook("events", { league, status: "live" })).event_id;
    const fromRequest = [];
    const fromAnswer = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      await new Promise((r) => setTimeout(r, 1100));
      const sent = performance.now();
      const state = await hook(`events/${id}/step`, { type: "score", home: i + 1, away: 0 });
      const answered = performance.now();
      const at = await seenAt(id, state.version);
      fromRequest.push(at - sent);
      fromAnswer.push(Math.max(0, at - answered));
    }
    console.log(
      `(b) step → socket message (n=${LATENCY_SAMPLES}): from the request p50 ${ms(pct(fromRequest, 50))}, p99 ${ms(pct(fromRequest, 99))}; after the answer p50 ${ms(pct(fromAnswer, 50))}, p99 ${ms(pct(fromAnswer, 99))}`,
    );
    ws.close();
  } finally {
    if (server) await stop(server);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
