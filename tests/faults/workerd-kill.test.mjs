// Issue 38's fault test: the production build under wrangler dev (workerd: the Worker, the players'
// Durable Objects, the tournament boards, the sports feed, D1), killed with SIGKILL — no handler,
// no cleanup, as a machine losing power — in the middle of rounds, deposits, bets, outbox
// deliveries (tournament totals, jackpot contributions) and a sports event's settlement, then
// restarted on the same storage. Players repeat
// what got no answer with the same keys, as the game client, the cashier page and the slip do; the
// minute cron runs as Cloudflare would run it. Then the storage itself is read (the players'
// objects, the boards, the jackpot pools, D1) and every ledger must be exact and every delivery
// made once.
//
// Run by `npm test` after the production build (scripts/test.mjs); alone:
//   npx react-router build && npx vitest run --project faults
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activateBonus, form, newPlayer, payOnDemoPage } from "../../bench/lib/api-player.mjs";
import { kill, prepareDatabaseQuietly, ROOT, servePlayfront, stop } from "../../bench/lib/servers.mjs";

const PORT = Number(process.env.FAULT_PORT ?? 8797);
const BASE = `http://127.0.0.1:${PORT}`;
const STATE = join(ROOT, ".wrangler", "fault-state");
/** A fresh migrated and seeded database to start from (scripts/test.mjs leaves one); else one is made. */
const SEED = process.env.FAULT_SEED ?? "";
const PLAYERS = 5;
const KILLS = Number(process.env.FAULT_KILLS ?? 3);
const BET = 100;
/** Every other round is on a game that feeds all three jackpot pools, at a bet that adds to each (the bonus allows 5.00). */
const POOLED_BET = 500;
const STAKE = 100;

/**
 * Simulated latency points (core/latency.ts; never in production): a delivery of owed tournament
 * totals takes 150 ms, so a kill during play finds deliveries under way; each bettor's part of an
 * event's settlement waits 0.6 s first, so a kill can land between two bettors.
 */
const VARS = { SIMULATED_LATENCY: "deliver:150,settle:600" };

let server = null;
const start = async () => {
  server = await servePlayfront({ appDir: ROOT, port: PORT, persistTo: STATE, vars: VARS });
};
const powerCut = async () => {
  await kill(server);
  server = null;
};

/** The minute cron, as Cloudflare runs it (Miniflare's local trigger). */
async function cron() {
  const res = await fetch(`${BASE}/cdn-cgi/local/scheduled?cron=${encodeURIComponent("* * * * *")}`);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`the cron answered ${res.status}: ${text.slice(0, 300)}`);
}

const json = { "content-type": "application/json", accept: "application/json" };
const post = (path, body) => fetch(BASE + path, { method: "POST", headers: { origin: BASE, ...json }, body: JSON.stringify(body) });

/** A request the kill may cut: answers the Response, or null when the connection died. */
async function attempt(send) {
  try {
    const res = await send();
    const text = await res.text();
    return { status: res.status, text, location: res.headers.get("location") };
  } catch {
    return null;
  }
}

/** The operations a player repeats until they are answered (the same keys each time). */
function roundOp(p, key, pooled) {
  const [game, bet] = pooled ? [p.pooledGame, POOLED_BET] : [p.game, BET];
  return {
    kind: "round",
    key,
    game,
    send: () => p.send(`/platform/game/${game}/round`, { method: "POST", headers: json, body: JSON.stringify({ bet, mode: "real", round_id: key }) }),
  };
}

function betOp(p, key, selection) {
  return {
    kind: "bet",
    key,
    send: () => p.send("/api/sportsbook/placeBet", form({ kind: "single", selections: selection.id, odds: selection.odds, stake: STAKE, key })),
  };
}

/**
 * A deposit in its two steps, each repeatable: the cashier's makedeposit (same idempotency key →
 * the same transaction) and the demo payment page's "success" (a payment decided already answers
 * its result page).
 */
function depositOp(p, key, amount) {
  const op = { kind: "deposit", key, amount, redirect: null };
  op.send = async () => {
    if (!op.redirect) {
      const made = await p.send("/api/cashier/makedeposit", form({ method: "demo_card", amount, idempotency_key: key }));
      if (made.status !== 200) return made;
      op.redirect = JSON.parse(await made.text()).data.redirect_url;
    }
    return payOnDemoPage(p, op.redirect);
  };
  return op;
}

const answered = (op, r) => r !== null && (op.kind === "deposit" ? r.status === 303 : r.status === 200);

/** One player's closed loop until the power goes: rounds, a bet every fifth, a deposit every twelfth. */
async function playUntilCut(p, phase) {
  while (!phase.cut) {
    const i = p.ops++;
    const key = `${p.tag}-${i}`;
    const op =
      i % 12 === 11
        ? depositOp(p, `fault-dep-${key}`, 5_000)
        : i % 5 === 4
          ? betOp(p, `fault-bet-${key}`, p.selection)
          : roundOp(p, `fault-${key}`, i % 2 === 0);
    p.pending = op;
    const r = await attempt(op.send);
    if (r === null) return; // the power went: the op is uncertain, repeated after the restart
    if (!answered(op, r)) throw new Error(`${op.kind} ${key} answered ${r.status}: ${r.text.slice(0, 300)}`);
    p.done.push({ op, first: r });
    p.pending = null;
  }
}

/** After the restart: each uncertain op repeated (same key) until it is answered. */
async function repeatPending(p, log) {
  const op = p.pending;
  if (!op) return;
  for (let tries = 0; tries < 5; tries++) {
    const r = await attempt(op.send);
    if (answered(op, r)) {
      p.done.push({ op, first: null, again: r });
      p.pending = null;
      log.repeated[op.kind]++;
      if (op.kind === "round" && JSON.parse(r.text).data?.replayed) log.committedBeforeCut++;
      return;
    }
    if (r && r.status < 500) throw new Error(`${op.kind} ${op.key} repeated answered ${r.status}: ${r.text.slice(0, 300)}`);
  }
  throw new Error(`${op.kind} ${op.key} was never answered after the restart`);
}

/** Every SQLite file of one Durable Object class in the local state. */
function objectFiles(cls) {
  const dir = join(STATE, "v3", "do", `playfront-${cls}`);
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
        .map((f) => join(dir, f))
    : [];
}

/**
 * Opens a copy of one SQLite file with its write-ahead log: workerd keeps the log's index in its own
 * memory, so what it committed last is read by recovering the log into a copy, never by touching
 * the live file.
 */
function openCopy(file) {
  const dir = mkdtempSync(join(tmpdir(), "fault-db-"));
  const copy = join(dir, "db.sqlite");
  copyFileSync(file, copy);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  const db = new DatabaseSync(copy);
  return {
    db,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The live file itself, written (only while the server is down). */
function withLiveDb(file, fn) {
  const db = new DatabaseSync(file);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

function withDb(file, fn) {
  const { db, close } = openCopy(file);
  try {
    return fn(db);
  } finally {
    close();
  }
}

/** The totals the tournament boards still owe D1 (read from copies, so the running server is not touched). */
function boardsOwe() {
  let n = 0;
  for (const f of objectFiles("TournamentBoard")) {
    n += withDb(f, (db) => (db.prepare("SELECT name FROM sqlite_master WHERE name = 'owed'").get() ? db.prepare("SELECT COUNT(*) AS n FROM owed").get().n : 0));
  }
  return n;
}

/** Each object file of class `cls` by the id its own table names (`sql` answers it as `id`). */
function filesById(cls, sql) {
  const byId = new Map();
  for (const f of objectFiles(cls)) {
    const id = withDb(f, (db) => db.prepare(sql).get()?.id);
    if (id !== undefined) byId.set(Number(id), f);
  }
  return byId;
}

/** Each player object's file by its player's uid. */
const playerFiles = () => filesById("PlayerObject", "SELECT uid AS id FROM users");

function d1File() {
  const dir = join(STATE, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${dir}, found ${files.length}`);
  return join(dir, files[0]);
}

/** Each jackpot pool object's file by its jackpot id. */
const poolFiles = () => filesById("JackpotPool", "SELECT jackpot_id AS id FROM pool");

/**
 * Brings Mini near its cap and makes every pool easy to win, in D1 before the first start (an empty
 * pool object starts from D1's row), so pools are won during the play, between and across the cuts.
 */
function poolsNearTheCap() {
  withLiveDb(d1File(), (db) => {
    db.exec("UPDATE jackpots SET odds_factor = 1");
    db.exec("UPDATE jackpots SET initial_seed = initial_seed + (must_drop_at - 20 - amount), amount = must_drop_at - 20 WHERE id = 1");
  });
}

/** The pools' ledgers, read from the pools' own storage and D1's: answers the violations. */
function poolViolations(players, d1) {
  const out = [];
  const files = poolFiles();
  const pools = d1.prepare("SELECT id, amount, contributed, initial_seed, win_count, contribution_bp FROM jackpots").all();
  const poolsOf = d1.prepare("SELECT jg.jackpot_id FROM jackpot_games jg JOIN games g ON g.id = jg.game_id WHERE g.sysname = ?");
  // Every real round answered on the pooled game is one contribution in each of its pools, of its share.
  const pooledRounds = [];
  const playerFilesByUid = playerFiles();
  for (const p of players) {
    withDb(playerFilesByUid.get(p.uid), (db) => {
      const row = db.prepare("SELECT id, bet FROM game_rounds WHERE round_key = ? AND mode = 'real'");
      for (const { op } of p.done.filter((d) => d.op.kind === "round" && d.op.game === p.pooledGame)) {
        const r = row.get(op.key);
        if (r) pooledRounds.push(r);
      }
    });
  }
  const ids = poolsOf.all(players[0].pooledGame).map((r) => r.jackpot_id);
  if (ids.length === 0) out.push("the pooled game feeds no pool");
  for (const pool of pools) {
    const file = files.get(pool.id);
    if (!ids.includes(pool.id)) continue;
    if (!file) {
      out.push(`jackpot ${pool.id} has no object`);
      continue;
    }
    withDb(file, (db) => {
      const who = `jackpot ${pool.id}`;
      const state = db.prepare("SELECT * FROM pool").get();
      const one = db.prepare("SELECT amount FROM contributions WHERE round_id = ?");
      for (const r of pooledRounds) {
        const c = one.get(r.id);
        const share = Math.floor((r.bet * pool.contribution_bp) / 10_000);
        if (!c) out.push(`${who}: round ${r.id} answered but never contributed`);
        else if (c.amount !== share) out.push(`${who}: round ${r.id} contributed ${c.amount}, its share is ${share}`);
      }
      const { n } = db.prepare("SELECT COUNT(*) AS n FROM contributions").get();
      if (n !== pooledRounds.length) out.push(`${who}: ${n} contributions for ${pooledRounds.length} pooled rounds`);
      // D1's row is the pool's, all of it written.
      if (state.written !== state.version) out.push(`${who}: D1 holds version ${state.written} of ${state.version}`);
      for (const k of ["amount", "contributed", "initial_seed", "win_count"]) {
        if (state[k] !== pool[k]) out.push(`${who}: ${k} is ${state[k]} in the pool, ${pool[k]} in D1`);
      }
      const { unwritten } = db.prepare("SELECT COUNT(*) AS unwritten FROM winners WHERE in_d1 = 0").get();
      if (unwritten) out.push(`${who}: ${unwritten} winner(s) not written to D1`);
    });
    // The audit identity: what went in is what is there plus what was won.
    const w = d1.prepare("SELECT COALESCE(SUM(reseed), 0) AS reseed, COALESCE(SUM(amount), 0) AS won FROM jackpot_winners WHERE jackpot_id = ?").get(pool.id);
    if (pool.initial_seed + w.reseed + pool.contributed !== pool.amount + w.won)
      out.push(`jackpot ${pool.id}: the audit identity fails (${JSON.stringify({ ...pool, ...w })})`);
  }
  // Every winner paid once, what the winner row says.
  for (const w of d1.prepare(`SELECT id, uid, paid_amount, operation_id FROM jackpot_winners WHERE uid IN (${players.map((p) => p.uid).join(",")})`).all()) {
    if (!w.operation_id) out.push(`jackpot winner ${w.id} was never paid`);
    const file = playerFilesByUid.get(w.uid);
    const credits = withDb(file, (db) => db.prepare("SELECT delta FROM ledger WHERE type = 'jackpot_win' AND reference = ?").all(w.id));
    if (credits.length !== 1 || credits[0].delta !== w.paid_amount)
      out.push(`jackpot winner ${w.id} (${w.paid_amount}) was credited ${JSON.stringify(credits)}`);
  }
  return out;
}

/** What the player's outboxes still owe (read while the power is off). */
function owedDeliveries(uids) {
  const files = playerFiles();
  let owed = 0;
  for (const uid of uids) if (files.has(uid)) owed += withDb(files.get(uid), (db) => db.prepare("SELECT COUNT(*) AS n FROM player_outbox").get().n);
  return owed;
}

/** How many of the players have a settled bet (read while the power is off). */
function settledBettors(players) {
  const files = playerFiles();
  return players.filter(
    (p) => files.has(p.uid) && withDb(files.get(p.uid), (db) => db.prepare("SELECT COUNT(*) AS n FROM sport_bets WHERE status <> 'open'").get().n > 0),
  ).length;
}

/** Everything that must hold once the platform has caught up, read from the storage itself: answers the violations. */
function violations(players, eventId) {
  const out = [];
  const files = playerFiles();
  const { db: d1, close: closeD1 } = openCopy(d1File());
  try {
    for (const p of players) {
      const file = files.get(p.uid);
      if (!file) {
        out.push(`player ${p.uid} has no object`);
        continue;
      }
      withDb(file, (db) => {
        const who = `player ${p.uid}`;
        // Σ ledger = balance, for every balance.
        for (const b of db.prepare("SELECT kind, amount, (SELECT COALESCE(SUM(delta), 0) FROM ledger l WHERE l.kind = b.kind) AS sum FROM balances b").all()) {
          if (b.amount !== b.sum) out.push(`${who}: balance ${b.kind} is ${b.amount}, its ledger sums to ${b.sum}`);
        }
        // Every round sent is there once, paid once: its operation moves win − bet; its answer is the stored round.
        const rounds = new Map(
          db
            .prepare("SELECT round_key, bet, win, operation_id FROM game_rounds WHERE mode = 'real'")
            .all()
            .map((r) => [r.round_key, r]),
        );
        const paid = db.prepare("SELECT COALESCE(SUM(delta), 0) AS s, COUNT(*) AS n FROM ledger WHERE operation_id = ?");
        for (const { op, first, again } of p.done.filter((d) => d.op.kind === "round")) {
          const row = rounds.get(op.key);
          if (!row) {
            out.push(`${who}: round ${op.key} was answered but is not recorded`);
            continue;
          }
          const legs = paid.get(row.operation_id ?? "");
          if (legs.s !== row.win - row.bet) out.push(`${who}: round ${op.key} (bet ${row.bet}, win ${row.win}) moved ${legs.s} in ${legs.n} ledger rows`);
          for (const r of [first, again].filter(Boolean)) {
            const win = JSON.parse(r.text).data?.win;
            if (win !== row.win) out.push(`${who}: round ${op.key} answered win ${win}, recorded ${row.win}`);
          }
          rounds.delete(op.key);
        }
        for (const key of rounds.keys()) if (key.startsWith("fault-")) out.push(`${who}: round ${key} is recorded but was never answered`);
        // Every bet sent is there once, staked once, and (its event over) settled once for what it pays.
        const bets = db.prepare("SELECT id, key, status, stake, payout FROM sport_bets").all();
        const sent = new Set(p.done.filter((d) => d.op.kind === "bet").map((d) => d.op.key));
        const legsOf = db.prepare("SELECT type, delta FROM ledger WHERE reference = ?");
        for (const b of bets) {
          if (!sent.delete(b.key)) out.push(`${who}: bet ${b.key} is recorded but was never answered`);
          if (b.status === "open") out.push(`${who}: bet ${b.key} is still open after its event ended (event ${eventId})`);
          const legs = legsOf.all(b.id);
          const stakes = legs.filter((l) => l.type === "sport_bet");
          const credits = legs.filter((l) => l.type !== "sport_bet");
          if (stakes.length !== 1 || stakes[0].delta !== -b.stake) out.push(`${who}: bet ${b.key} staked ${JSON.stringify(stakes)}`);
          const credited = credits.reduce((s, l) => s + l.delta, 0);
          if (credited !== (b.payout ?? 0) || credits.length > 1) out.push(`${who}: bet ${b.key} pays ${b.payout} but was credited ${JSON.stringify(credits)}`);
        }
        for (const key of sent) out.push(`${who}: bet ${key} was answered but is not recorded`);
        // Deposits: what the payment system paid is credited once; what it did not is not.
        const psp = d1.prepare("SELECT status FROM demo_payments WHERE transaction_id = ?");
        const credit = db.prepare("SELECT COUNT(*) AS n, COALESCE(SUM(delta), 0) AS s FROM ledger WHERE type = 'deposit' AND reference = ?");
        for (const t of db.prepare("SELECT id, status, amount, idempotency_key FROM cashier_transactions WHERE type = 'deposit'").all()) {
          const paidBy = psp.get(t.id)?.status;
          if (paidBy !== t.status) out.push(`${who}: deposit ${t.idempotency_key} is ${t.status}, the payment system says ${paidBy}`);
          const c = credit.get(t.id);
          const want = t.status === "success" ? 1 : 0;
          if (c.n !== want || (want && c.s !== t.amount)) out.push(`${who}: deposit ${t.idempotency_key} (${t.status}) has ${c.n} credits of ${c.s}`);
        }
        // Every delivery made: nothing owed, and each tournament's record holds the player's own total.
        const owed = db.prepare("SELECT kind, key, attempts, error FROM player_outbox").all();
        for (const o of owed) out.push(`${who}: outbox still owes ${o.kind} ${o.key} (${o.attempts} attempts: ${o.error})`);
        const entry = d1.prepare("SELECT points, points_version FROM tournament_entries WHERE tournament_id = ? AND uid = ?");
        for (const t of db.prepare("SELECT tournament_id, SUM(delta) AS points, MAX(id) AS version FROM tournament_points GROUP BY tournament_id").all()) {
          const e = entry.get(t.tournament_id, p.uid);
          if (!e || e.points !== t.points || e.points_version !== t.version) {
            out.push(`${who}: tournament ${t.tournament_id} record is ${JSON.stringify(e)}, the player's points ${t.points} (version ${t.version})`);
          }
        }
      });
    }
    const left = d1.prepare("SELECT COUNT(*) AS n FROM sport_event_bettors WHERE event_id = ?").get(eventId).n;
    if (left) out.push(`event ${eventId}: ${left} bettor(s) still listed as unsettled`);
    out.push(...poolViolations(players, d1));
  } finally {
    closeD1();
  }
  const owed = boardsOwe();
  if (owed) out.push(`a tournament board still owes D1 ${owed} total(s)`);
  return out;
}

describe("workerd killed mid-round, mid-deposit, mid-bet, mid-delivery and mid-settlement", () => {
  const players = [];
  const log = { cuts: 0, uncertain: { round: 0, bet: 0, deposit: 0 }, repeated: { round: 0, bet: 0, deposit: 0 }, committedBeforeCut: 0, owedAtCut: [] };
  let event;

  beforeAll(async () => {
    if (!existsSync(join(ROOT, "build", "server", "wrangler.json"))) throw new Error("no production build: run `npx react-router build` first");
    rmSync(STATE, { recursive: true, force: true });
    if (SEED && existsSync(SEED)) cpSync(SEED, STATE, { recursive: true });
    else prepareDatabaseQuietly(STATE);
    poolsNearTheCap();
    await start();
    // A live event of the demo feed that only this test moves; its home win is what everyone backs.
    const created = await post("/platform/demo/sportsbook/events", { status: "live" });
    if (created.status !== 201) throw new Error(`creating the event answered ${created.status}`);
    event = (await created.json()).data;
    const home = event.markets.find((m) => m.kind === "match_result").selections.find((s) => s.outcome === "home");
    const tournaments = (await (await fetch(`${BASE}/api/tournaments/get?status=active&fields=games`)).json()).data.items;
    const game = tournaments.flatMap((t) => t.games ?? [])[0];
    if (!game) throw new Error("no running tournament names a game");
    // A game of all three pools (Mega's are Major's and Mini's too) that takes the pooled bet.
    const [mega] = (await (await fetch(`${BASE}/api/jackpots/get?id=3`)).json()).data;
    const pooledGame = mega.games[0];
    for (let i = 0; i < PLAYERS; i++) {
      const p = await newPlayer(BASE, "fault");
      Object.assign(p, { tag: `p${i}`, game, pooledGame, selection: { id: home.id, odds: home.odds }, ops: 0, done: [], pending: null });
      const dep = depositOp(p, `fault-first-${i}`, 200_000);
      const paid = await attempt(dep.send);
      if (!answered(dep, paid)) throw new Error(`the first deposit answered ${paid?.status}`);
      await activateBonus(p);
      for (const t of tournaments) {
        const res = await p.send("/api/tournaments/participate", form({ tournament_id: t.id }));
        if (res.status !== 200 && res.status !== 409) throw new Error(`joining tournament ${t.id} answered ${res.status}`);
        await res.text();
      }
      p.uid = (await p.ok(await p.send("/api/account/getInfo"))).uid;
      players.push(p);
    }
  });

  afterAll(async () => {
    if (server) await stop(server);
  });

  it("loses and doubles nothing", async () => {
    // Play, cut the power at a moment the players cannot see coming, restart, repeat what got no answer.
    for (let k = 0; k < KILLS; k++) {
      const phase = { cut: false };
      const loops = players.map((p) => playUntilCut(p, phase));
      await new Promise((r) => setTimeout(r, 1200 + 600 * k));
      phase.cut = true;
      await powerCut();
      await Promise.all(loops);
      log.cuts++;
      for (const p of players) if (p.pending) log.uncertain[p.pending.kind]++;
      log.owedAtCut.push(owedDeliveries(players.map((p) => p.uid)));
      await start();
      await Promise.all(players.map((p) => repeatPending(p, log)));
    }

    // The event ends; its bettors settle one by one. Cut the power once the first of them settled.
    const finishing = attempt(() => post(`/platform/demo/sportsbook/events/${event.event_id}/step`, { type: "finish", home: 2, away: 0 }));
    const first = players[0];
    for (let polls = 0; polls < 400; polls++) {
      await new Promise((r) => setTimeout(r, 25));
      const { count } = await first.ok(await first.send("/api/sportsbook/getBets?status=settled&count=1"));
      if (count > 0) break;
    }
    await powerCut();
    const finished = await finishing;
    // What the storage holds at the cut: how many bettors' bets were settled.
    const settledAtCut = settledBettors(players);
    await start();

    // What the minute cron catches up: the event's leftover bettors, and deliveries owed.
    await cron();
    // The boards write what they were given at once when idle, within a second while busy: wait until
    // they owe D1 nothing (a fixed second was not enough on a busy two-core machine: CI of 441f464
    // found a board still owing one total), at most 30 s — past that, the check below names it.
    for (const until = Date.now() + 30_000; boardsOwe() > 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 200));
    await stop(server);
    server = null;

    const uids = players.map((p) => p.uid).join(",");
    const poolWins = withDb(d1File(), (db) => db.prepare(`SELECT COUNT(*) AS n FROM jackpot_winners WHERE uid IN (${uids})`).get().n);
    console.log(
      `fault test: ${log.cuts} power cuts during play, uncertain ${JSON.stringify(log.uncertain)} (rounds committed before the cut: ${log.committedBeforeCut}), ` +
        `deliveries owed at the cuts ${JSON.stringify(log.owedAtCut)}, ${settledAtCut} of ${players.length} bettors settled at the settlement's cut ` +
        `(the finish step ${finished ? `answered ${finished.status}` : "got no answer"}), ` +
        `${players.reduce((n, p) => n + p.done.length, 0)} operations answered, ${poolWins} jackpot(s) won`,
    );
    // The cuts landed where they were meant to.
    expect(log.uncertain.round + log.uncertain.bet + log.uncertain.deposit).toBeGreaterThanOrEqual(KILLS);
    expect(log.owedAtCut.some((n) => n > 0)).toBe(true);
    expect(settledAtCut).toBeGreaterThan(0);
    expect(settledAtCut).toBeLessThan(players.length);
    expect(poolWins).toBeGreaterThan(0);
    // And nothing was lost or doubled.
    expect(violations(players, event.event_id)).toEqual([]);
  });
});
