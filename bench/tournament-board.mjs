// The live tournament board (decision 0048): how many scoring rounds one TournamentBoard Durable
// Object absorbs per second, and how long a committed round takes to reach a subscribed
// WebSocket as a rank change. Against a locally started build (`npm run build` first), on
// 127.0.0.1 only, bounded in count and time. Prints figures; never fails on them.
//
//   node bench/tournament-board.mjs            (BENCH_PORT=8893 by default; BASE=http://127.0.0.1:… for a running server with DB_STATS=on)
import { rmSync } from "node:fs";
import { join } from "node:path";
import { killAllOnExit, OUT, prepareDatabaseQuietly, ROOT, servePlayfront, stop } from "./lib/servers.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 8893);
const PLAYERS = 200;
const BURST = 1000; // rounds per burst, one RPC each (as one round's post after commit)
const BURSTS = 8;
const IDLE_SAMPLES = 15;
const LOAD_SECONDS = 8;
const LOAD_RATE = 500; // rounds per second while latency is measured under load
const TOURNAMENT = 1; // the seeded active tournament (any id works for the board itself)

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const ms = (x) => `${x.toFixed(1)} ms`;

async function main() {
  killAllOnExit();
  let server = null;
  let base = process.env.BASE;
  if (!base) {
    const persistTo = join(OUT, "board-state");
    rmSync(persistTo, { recursive: true, force: true });
    prepareDatabaseQuietly(persistTo);
    server = await servePlayfront({ appDir: ROOT, port: PORT, persistTo, vars: { DB_STATS: "on" } });
    base = `http://127.0.0.1:${PORT}`;
  }
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error("BASE must be http://127.0.0.1:<port>");
  try {
    const points = new Map();
    let clock = Date.now();
    /** The next total of one player: +1..100 points, reached now. */
    const bump = (uid) => {
      const p = (points.get(uid) ?? 0) + 1 + Math.floor(Math.random() * 100);
      points.set(uid, p);
      return { uid, player: `Bench${uid}`, points: p, reached_at: ++clock };
    };
    const postScores = async (entries, each) => {
      const res = await fetch(`${base}/__bench/tournament-board/${TOURNAMENT}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ entries, each }),
      });
      if (!res.ok) throw new Error(`bench post: ${res.status} ${await res.text()}`);
      return (await res.json()).version;
    };

    // A subscriber: every leaderboard.updated with its arrival time.
    const ws = new WebSocket(`${base.replace("http", "ws")}/realtime/tournaments/${TOURNAMENT}`, { headers: { origin: base } });
    const waiters = [];
    let seen = 0;
    ws.addEventListener("message", (e) => {
      const m = JSON.parse(String(e.data));
      if (m.event !== "leaderboard.updated") return;
      seen = Math.max(seen, m.data.version);
      const now = performance.now();
      for (const w of waiters.splice(0)) {
        if (w.version <= seen) w.resolve(now);
        else waiters.push(w);
      }
    });
    await new Promise((resolve, reject) => (ws.addEventListener("open", resolve), ws.addEventListener("error", reject)));
    const seenAt = (version) =>
      version <= seen ? Promise.resolve(performance.now()) : new Promise((resolve) => waiters.push({ version, resolve }));

    // (a) Absorption: bursts of BURST single-round posts, all in flight at once.
    await postScores(Array.from({ length: PLAYERS }, (_, i) => bump(i + 1)), false);
    const rates = [];
    for (let b = 0; b < BURSTS; b++) {
      const entries = Array.from({ length: BURST }, () => bump(1 + Math.floor(Math.random() * PLAYERS)));
      const t0 = performance.now();
      await postScores(entries, true);
      rates.push(BURST / ((performance.now() - t0) / 1000));
    }

    // (b1) Idle latency: one rank change at a time, more than a second apart.
    const idle = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) {
      await new Promise((r) => setTimeout(r, 1100));
      const t0 = performance.now();
      const version = await postScores([bump(1 + (i % PLAYERS))], false);
      const committed = performance.now();
      idle.push({ total: (await seenAt(version)) - t0, afterCommit: (await seenAt(version)) - committed });
    }

    // (b2) Under load: LOAD_RATE rounds a second in batches of 50 every 100 ms; each batch's change timed to the socket.
    const loaded = [];
    const end = performance.now() + LOAD_SECONDS * 1000;
    const inFlight = [];
    while (performance.now() < end) {
      const tick = performance.now();
      const entries = Array.from({ length: LOAD_RATE / 10 }, () => bump(1 + Math.floor(Math.random() * PLAYERS)));
      inFlight.push(
        postScores(entries, true).then(async (version) => {
          const committed = performance.now();
          loaded.push((await seenAt(version)) - committed);
        }),
      );
      await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - tick))));
    }
    await Promise.all(inFlight);
    ws.close();

    const lines = [
      `tournament board (one object, ${PLAYERS} players)`,
      `  (a) rounds absorbed per second (bursts of ${BURST} single-round RPCs through the Worker): median ${pct(rates, 50).toFixed(0)}, min ${Math.min(...rates).toFixed(0)}, max ${Math.max(...rates).toFixed(0)}`,
      `  (b) committed round → rank change on a subscribed WebSocket, idle (n=${idle.length}): p50 ${ms(pct(idle.map((s) => s.afterCommit), 50))}, p99 ${ms(pct(idle.map((s) => s.afterCommit), 99))}`,
      `      under ${LOAD_RATE} rounds/s (n=${loaded.length}, broadcasts at most once a second): p50 ${ms(pct(loaded, 50))}, p99 ${ms(pct(loaded, 99))}`,
    ];
    console.log(lines.join("\n"));
  } finally {
    if (server) await stop(server);
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
