// Players at once (issue 38): P players in closed loops, each playing real-money rounds on a
// tournament game with a bonus active and every running tournament joined, then placing sports
// bets, against a git revision (A) and the working tree (B) served side by side in one run (the
// same machine noise for both). Per side and P: rounds/s, bets/s (singles, bet builders and cash-out
// quotes in turn), p50/p99 latency, workerd CPU
// per round and the D1 statements, rows read and rows written per round (DB_STATS=on reports a
// request's D1 use in Server-Timing). At the end the event every player bet on ends, and the time
// its settlement took (every bet of every level) is printed per side. Loopback only, bounded in players, time and requests.
//
//   npm run bench:players -- [--base REV] [--players 1,10,50] [--seconds 8] [--max 4000] [--pooled]
//
// --pooled: every player plays a game that feeds all three jackpot pools instead (bet 5.00, the
// most the bonus allows), so every round also moves the same three pools: the hot-pool case.
//
// Defaults: REV = HEAD. Ports BENCH_PLAYERS_PORT (8805) and the next one; databases
// `.wrangler/players-a`, `.wrangler/players-b`; builds in `bench/.out/players-*`. Linux only (CPU
// from /proc). Prints figures, asserts nothing; `--json` adds one JSON line at the end.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { activateBonus, deposit, form, newPlayer, tournamentGame } from "./lib/api-player.mjs";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";
import { OUT, ROOT, build, killAllOnExit, prepareDatabaseQuietly, servePlayfront, stageRevision, stop } from "./lib/servers.mjs";
import { workerdCpu } from "./lib/workerd-cpu.mjs";

const { values } = parseArgs({
  options: {
    base: { type: "string", default: "HEAD" },
    players: { type: "string", default: "1,10,50" },
    seconds: { type: "string", default: "8" },
    max: { type: "string", default: "4000" },
    json: { type: "boolean", default: false },
    pooled: { type: "boolean", default: false },
  },
});
const levels = values.players.split(",").map(Number);
if (levels.some((p) => !Number.isInteger(p) || p < 1 || p > 200)) throw new Error(`--players is a list of whole numbers from 1 to 200, not ${values.players}`);
const seconds = Number(values.seconds);
if (!(seconds >= 1 && seconds <= 60)) throw new Error(`--seconds is from 1 to 60, not ${values.seconds}`);
const max = Number(values.max);
if (!Number.isInteger(max) || max < 10 || max > 20_000) throw new Error(`--max is a whole number from 10 to 20000, not ${values.max}`);
const PORT = Number(process.env.BENCH_PLAYERS_PORT ?? 8805);
const BET = values.pooled ? 500 : 100;

killAllOnExit();
const sides = [
  { name: "A", label: values.base, port: PORT },
  { name: "B", label: "working tree", port: PORT + 1 },
];
for (const side of sides) {
  side.dir = join(OUT, `players-${side.name.toLowerCase()}`);
  stageRevision(side.name === "A" ? values.base : null, side.dir, PLAYFRONT_ENTRIES);
  console.log(`· ${side.name} (${side.label}) built in ${build(side.dir, side.name).toFixed(1)} s`);
  side.persistTo = join(ROOT, ".wrangler", `players-${side.name.toLowerCase()}`);
  prepareDatabaseQuietly(side.persistTo, side.dir);
}

/** D1 use reported in a response's Server-Timing (workers/app.ts, DB_STATS=on): { queries, read, written }. */
function d1Of(res) {
  const t = res.headers.get("server-timing") ?? "";
  const num = (name) => Number(new RegExp(`${name}=(\\d+)`).exec(t)?.[1] ?? Number.NaN);
  return { queries: num("queries"), read: num("rows_read"), written: num("rows_written") };
}

/** A game of all three jackpot pools (Mega's games feed Major and Mini too). */
async function pooledGame(base) {
  const [mega] = (await (await fetch(`${base}/api/jackpots/get?id=3`)).json()).data;
  return mega.games[0];
}

/** The D1 writes of the side's jackpot pools so far (zero where a build has no pool objects: its rounds write D1 themselves). */
async function poolWrites(side) {
  let statements = 0;
  for (const id of [1, 2, 3]) {
    const res = await fetch(`http://127.0.0.1:${side.port}/__bench/jackpot-pool/${id}`);
    if (res.status === 200) statements += (await res.json()).statements;
    else await res.text();
  }
  return statements;
}

/** P players ready to play: registered, deposited, bonus active, every running tournament joined. */
async function players(side, count) {
  const base = `http://127.0.0.1:${side.port}`;
  const made = [];
  // Ten at a time: registration hashes a password (CPU), and the bench measures play, not sign-up.
  for (let i = 0; i < count; i += 10) {
    made.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, count - i) }, async () => {
          const p = await newPlayer(base, `bench-${side.name.toLowerCase()}`);
          await deposit(p, 200_000);
          p.bonus = await activateBonus(p);
          for (const id of side.tournaments) {
            // 409: an automatic tournament counts every player (nothing to join).
            const res = await p.send("/api/tournaments/participate", form({ tournament_id: id }));
            if (res.status !== 409) await p.ok(res);
            else await res.text();
          }
          return p;
        }),
      )),
    );
  }
  return made;
}

/** Closed loops: each player sends `one(p, i)` again as soon as the last answered, until time or `max` is up. */
async function closedLoops(side, list, one) {
  const until = Date.now() + seconds * 1000;
  const lat = [];
  const d1 = { queries: 0, read: 0, written: 0, counted: 0 };
  let sent = 0;
  let failed = 0;
  let firstError = "";
  const cpu0 = workerdCpu(side.server);
  const t0 = performance.now();
  await Promise.all(
    list.map(async (p) => {
      for (let i = 0; Date.now() < until && sent < max; i++) {
        sent++;
        const start = performance.now();
        const res = await one(p, i);
        const body = await res.text();
        lat.push(performance.now() - start);
        if (res.status !== 200) {
          failed++;
          firstError ||= `${res.status} ${body.slice(0, 200)}`;
          continue;
        }
        const c = d1Of(res);
        if (Number.isFinite(c.queries)) {
          d1.queries += c.queries;
          d1.read += c.read;
          d1.written += c.written;
          d1.counted++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = workerdCpu(side.server) - cpu0;
  lat.sort((a, b) => a - b);
  const q = (x) => lat[Math.min(lat.length - 1, Math.floor(lat.length * x))] ?? Number.NaN;
  const okCount = sent - failed;
  const per = (x) => (d1.counted ? x / d1.counted : Number.NaN);
  return {
    perSecond: okCount / elapsed,
    ok: okCount,
    failed,
    firstError,
    p50: q(0.5),
    p99: q(0.99),
    cpuMs: (cpu * 1000) / Math.max(1, okCount),
    queries: per(d1.queries),
    read: per(d1.read),
    written: per(d1.written),
  };
}

/**
 * What the side's tournament boards wrote to D1 for the players' owed totals so far (the boards
 * write the entries the rounds owe, in batches: decision 0075); zeros where a build has no such
 * route (its rounds write the entries themselves, counted in their own Server-Timing).
 */
async function boardWrites(side) {
  const total = { statements: 0, rows: 0 };
  for (const id of side.tournaments) {
    const res = await fetch(`http://127.0.0.1:${side.port}/__bench/tournament-board/${id}`);
    if (res.status !== 200) continue;
    const w = await res.json();
    total.statements += w.statements;
    total.rows += w.rows;
  }
  return total;
}

const round = (side) => (p, i) =>
  p.send(`/platform/game/${side.game}/round`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ bet: BET, mode: "real", round_id: `bench-${p.email.slice(6, 30).replace(/[^\w-]/g, "")}-${i}` }),
  });

/** A live demo event of the side's feed: its match-result home selection and odds, and a bet builder's legs at their quoted price. */
async function sportsSelection(side) {
  const base = `http://127.0.0.1:${side.port}`;
  const res = await fetch(`${base}/platform/demo/sportsbook/events`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({ status: "live" }),
  });
  if (res.status !== 201) return null;
  const { data } = await res.json();
  const { markets } = data;
  const home = markets.find((m) => m.kind === "match_result").selections.find((s) => s.outcome === "home");
  // The feed does not move the event (autoplay off), so one quote of the builder holds for the run.
  const total = markets.find((m) => m.kind === "total" && m.line % 100 !== 0);
  const legs = total ? `result:home,total:over:${total.line}` : null;
  const quote = legs ? await fetch(`${base}/api/sportsbook/priceBuilder?event_id=${data.event_id}&legs=${legs}`, { headers: { origin: base } }) : null;
  const builder = quote?.status === 200 ? { legs, odds: (await quote.json()).data.odds } : null;
  return { id: home.id, odds: home.odds, event: data.event_id, builder };
}

/**
 * The sports bets' mix (issue 42): in turn a single, a bet builder at its quoted price, and a
 * cash-out quote of the player's last bet (a signed offer priced from the feed): the three calls a
 * bettor's session makes most.
 */
const bet = (side) => async (p, i) => {
  const key = `${p.email.slice(6, 30).replace(/[^\w-]/g, "")}-${i}`;
  const { builder } = side.selection;
  if (i % 3 === 2 && p.lastBet) return p.send(`/api/sportsbook/getCashOut?bet_id=${p.lastBet}`);
  const res = await p.send(
    "/api/sportsbook/placeBet",
    i % 3 === 1 && builder
      ? form({ kind: "builder", event_id: side.selection.event, legs: builder.legs, odds: builder.odds, stake: 100, key })
      : form({ kind: "single", selections: side.selection.id, odds: side.selection.odds, stake: 100, key }),
  );
  const text = await res.text();
  if (res.status === 200) {
    p.lastBet = JSON.parse(text).data.bet.id;
    side.placed = (side.placed ?? 0) + 1;
  }
  return new Response(text, { status: res.status });
};

const results = [];
const settlements = [];
try {
  for (const side of sides) {
    // One server at a time while starting: two wrangler dev starting together can race for a port.
    side.server = await servePlayfront({ appDir: side.dir, port: side.port, persistTo: side.persistTo, vars: { DB_STATS: "on" } });
    Object.assign(side, await tournamentGame(`http://127.0.0.1:${side.port}`));
    if (values.pooled) side.game = await pooledGame(`http://127.0.0.1:${side.port}`);
    side.selection = await sportsSelection(side);
  }
  console.log(
    `· game ${sides[0].game}${values.pooled ? " (all three jackpot pools)" : ""}, ${sides[0].tournaments.length} running tournaments joined, bet ${BET} a round`,
  );
  for (const count of levels) {
    for (const side of sides) side.players = await players(side, count);
    // A then B, then B then A at the next level: neither always goes first.
    const order = levels.indexOf(count) % 2 ? [...sides].reverse() : sides;
    for (const side of order) {
      const boards = await boardWrites(side);
      const pools = await poolWrites(side);
      const rounds = await closedLoops(side, side.players, round(side));
      // Written by the boards (and pools) during the level, for the rounds' entries and contributions.
      const after = await boardWrites(side);
      const poolsAfter = await poolWrites(side);
      rounds.boardQueries = (after.statements - boards.statements + poolsAfter - pools) / Math.max(1, rounds.ok);
      rounds.boardWritten = (after.rows - boards.rows) / Math.max(1, rounds.ok);
      const bets = side.selection ? await closedLoops(side, side.players, bet(side)) : null;
      results.push({ side: side.name, players: count, rounds, bets });
      const e = [rounds.firstError, bets?.firstError].filter(Boolean).join(" | ");
      console.log(
        `· ${side.name} P=${count}: ${rounds.perSecond.toFixed(1)} rounds/s${bets ? `, ${bets.perSecond.toFixed(1)} bets/s` : ""}${e ? ` (first error: ${e})` : ""}`,
      );
    }
  }
  // The event every player bet on ends: its settlement (every bet of every level, each bettor's in
  // their own object on B) runs inside the finish step, so the step's time is the fan-out's.
  for (const side of sides) {
    if (!side.selection) continue;
    const base = `http://127.0.0.1:${side.port}`;
    const t0 = performance.now();
    const res = await fetch(`${base}/platform/demo/sportsbook/events/${side.selection.event}/step`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({ type: "finish", home: 2, away: 0 }),
    });
    await res.text();
    const bets = side.placed ?? 0;
    settlements.push({ side: side.name, status: res.status, seconds: (performance.now() - t0) / 1000, bets, bettors: levels.reduce((n, c) => n + c, 0) });
  }
} finally {
  for (const side of sides) if (side.server) await stop(side.server);
}

const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "–");
console.log(
  `\nPlayers in closed loops, ${seconds} s a level (A = ${values.base}, B = working tree); a round bets ${BET} with a bonus active and every running tournament joined`,
);
console.log(
  `  side   P  rounds/s  p50 ms  p99 ms  CPU ms/round  D1 stmts  rows read  rows written  + boards'/pools' stmts / rows   bets/s  bet p50  bet p99  failed`,
);
for (const r of results) {
  const { rounds: x, bets: b } = r;
  console.log(
    `  ${r.side.padEnd(4)} ${String(r.players).padStart(3)}  ${f(x.perSecond).padStart(8)}  ${f(x.p50, 0).padStart(6)}  ${f(x.p99, 0).padStart(6)}  ${f(x.cpuMs).padStart(12)}  ${f(x.queries).padStart(8)}  ${f(x.read).padStart(9)}  ${f(x.written).padStart(12)}  ${`${f(x.boardQueries, 2)} / ${f(x.boardWritten, 2)}`.padStart(29)}   ${f(b?.perSecond).padStart(6)}  ${f(b?.p50, 0).padStart(7)}  ${f(b?.p99, 0).padStart(7)}  ${x.failed + (b?.failed ?? 0)}`,
  );
}
for (const count of levels) {
  const a = results.find((r) => r.side === "A" && r.players === count);
  const b = results.find((r) => r.side === "B" && r.players === count);
  console.log(`  P=${count}: rounds/s B/A ${f(b.rounds.perSecond / a.rounds.perSecond, 2)}×`);
}
for (const s of settlements) {
  console.log(
    `  ${s.side}: the event's end settled ${s.bets} bets of ${s.bettors} bettors in ${f(s.seconds, 2)} s (${f(s.bets / s.seconds, 0)} bets/s)${s.status === 200 ? "" : `, the step answered ${s.status}`}`,
  );
}
if (values.json) console.log(JSON.stringify({ results, settlements }));
