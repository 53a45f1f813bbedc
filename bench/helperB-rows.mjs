// D1 rows · queries per page render (issue 39, the D1 part): anonymous warm, cold (a fresh
// server per page), signed in, and signed in after N rounds of history. DB_STATS=on.
//
//   node bench/helperB-rows.mjs [--rev HEAD] [--rounds 1000] [--cold] [--only /a,/b] [--n 3] [--log] [--vars K=V,…]
//
// --rev: build a committed revision (git archive) instead of the working tree. --cold: each
// anonymous page's first render on a freshly started server (the readiness probe renders `/` first,
// so `/`'s own cold cost is hidden; `/es/gamehall` shows a cold locale). --log: the staged copy
// logs every D1 statement with its rows read (bench/.out/logs/playfront-8821.log), to see where a
// page's rows go. A working tool of issue 39; bench/pages.mjs is the bench of record.
//
// Port 8821; database .wrangler/helperB-rows; build in bench/.out/helperB. Loopback only.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { deposit, form, newPlayer } from "./lib/api-player.mjs";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";
import { GOOGLEBOT_UA } from "./lib/streaming.mjs";
import { OUT, ROOT, build, killAllOnExit, prepareDatabaseQuietly, servePlayfront, stageApp, stop } from "./lib/servers.mjs";

const { values } = parseArgs({
  options: {
    dir: { type: "string" },
    rounds: { type: "string", default: "1000" },
    cold: { type: "boolean", default: false },
    only: { type: "string" },
    "skip-build": { type: "boolean", default: false },
    log: { type: "boolean", default: false },
    rev: { type: "string" },
    vars: { type: "string", default: "" },
    n: { type: "string", default: "3" },
  },
});
const PORT = 8821;
const VARS = {
  DB_STATS: "on",
  ...Object.fromEntries(
    values.vars
      .split(",")
      .filter(Boolean)
      .map((kv) => kv.split("=")),
  ),
};
const base = `http://127.0.0.1:${PORT}`;
killAllOnExit();
const dir = resolve(values.dir ?? join(OUT, "helperB"));
if (!values["skip-build"]) {
  if (values.rev) {
    // A committed revision alone (another agent's working tree may not build): git archive, no worktree.
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git archive ${values.rev} ${PLAYFRONT_ENTRIES.join(" ")} | tar -x -C "${dir}"`], { cwd: ROOT });
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
  } else stageApp(ROOT, dir, PLAYFRONT_ENTRIES);
  if (values.log) {
    // Each statement's SQL and rows read in the server log (bench/.out/logs/playfront-8821.log), this copy only.
    const f = join(dir, "workers", "d1-stats.ts");
    let src = readFileSync(f, "utf8");
    src = src
      .replace(
        "function countStatement(stmt: D1PreparedStatement, tally: D1Tally): Counted {",
        'function countStatement(stmt: D1PreparedStatement, tally: D1Tally, sql = ""): Counted {',
      )
      .replaceAll("add(tally, r.meta);", 'add(tally, r.meta); console.warn(`D1Q ${r.meta?.rows_read} ${sql.replace(/\\s+/g, " ").slice(0, 160)}`);')
      .replace(
        'for (const r of results) add(tally, r.meta); console.warn(`D1Q ${r.meta?.rows_read} ${sql.replace(/\\s+/g, " ").slice(0, 160)}`);',
        "for (const r of results) { add(tally, r.meta); console.warn(`D1Q ${r.meta?.rows_read} (batch)`); }",
      )
      .replace("countStatement(stmt.bind(...values), tally)", "countStatement(stmt.bind(...values), tally, sql)")
      .replace("countStatement(target.prepare(sql), tally)", "countStatement(target.prepare(sql), tally, sql)");
    writeFileSync(f, src);
    const a = join(dir, "workers", "app.ts");
    writeFileSync(
      a,
      readFileSync(a, "utf8").replace(
        "return withD1Stats(c.env, async (env) => {",
        'console.warn(`PAGE ${c.req.raw.headers.get("cookie") ? "signed " : ""}${c.req.url}`);\n  return withD1Stats(c.env, async (env) => {',
      ),
    );
  }
  console.log(`· built in ${build(dir, "helperB").toFixed(1)} s`);
}
const persistTo = join(ROOT, ".wrangler", "helperB-rows");
prepareDatabaseQuietly(persistTo, dir);

const TIMING = /d1;desc="rows_read=(\d+) rows_written=(\d+) queries=(\d+)"/;
async function once(path, cookie) {
  const res = await fetch(base + path, { redirect: "manual", headers: { "user-agent": GOOGLEBOT_UA, ...(cookie ? { cookie } : {}) } });
  await res.text();
  const m = TIMING.exec(res.headers.get("server-timing") ?? "");
  return { status: res.status, rows: m ? Number(m[1]) : Number.NaN, queries: m ? Number(m[3]) : Number.NaN };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function warm(path, cookie) {
  await once(path, cookie);
  const runs = [];
  for (let i = 0; i < Number(values.n); i++) runs.push(await once(path, cookie));
  return { status: runs[0].status, rows: median(runs.map((r) => r.rows)), queries: median(runs.map((r) => r.queries)) };
}

const ANON = [
  "/",
  "/de",
  "/es/gamehall",
  "/gamehall",
  "/providers",
  "/game/GAME",
  "/jackpots",
  "/jackpots/1",
  "/tournaments",
  "/tournaments/1",
  "/tournaments/1/gamehall",
  "/winners",
  "/wheel-of-fortune",
  "/promotions",
  "/betting",
  "/loyalty",
  "/loyalty/shop",
  "/loyalty/playfront-club",
  "/vpn",
  "/support",
  "/responsible-game",
  "/about",
  "/forms/sign_in",
];
const SIGNED = [
  ...ANON,
  "/offers",
  "/profile/settings",
  "/profile/notification",
  "/profile/security",
  "/profile/verification",
  "/profile/bonuses",
  "/profile/cashback",
  "/profile/loyalty",
  "/profile/responsible-game",
  "/profile/favorites",
  "/profile/bets/history",
  "/profile/bets/exports",
  "/cashier/deposit",
  "/cashier/withdraw",
  "/cashier/history",
  "/cashier/wallet",
];
const only = values.only ? values.only.split(",") : null;
const pick = (list) => (only ? list.filter((p) => only.includes(p)) : list);

let server = await servePlayfront({ appDir: dir, port: PORT, persistTo, vars: VARS });
const table = new Map();
const put = (path, col, r) => {
  if (!table.has(path)) table.set(path, {});
  table.get(path)[col] =
    `${r.rows} · ${r.queries}${r.status === 200 ? "" : ` (${r.status})`}${r.rows > (col === "cold" ? 600 : 200) || r.queries > (col === "cold" ? 15 : 10) ? " ✗" : ""}`;
};
try {
  const { items } = (await (await fetch(`${base}/api/tournaments/get?status=active&fields=games`)).json()).data;
  const counts = new Map();
  for (const t of items) for (const g of t.games ?? []) counts.set(g, (counts.get(g) ?? 0) + 1);
  const [game] = [...counts].sort((a, b) => b[1] - a[1])[0];
  const sub = (p) => p.replace("GAME", game);

  if (values.cold) {
    for (const path of pick(ANON)) {
      await stop(server);
      server = await servePlayfront({ appDir: dir, port: PORT, persistTo, vars: VARS });
      put(path, "cold", await once(sub(path)));
    }
  }
  for (const path of pick(ANON)) put(path, "anon", await warm(sub(path)));

  const p = await newPlayer(base, "helperb");
  await deposit(p, 500_000);
  for (const t of items) await (await p.send("/api/tournaments/participate", form({ tournament_id: t.id }))).text();
  const cookie = `pf_session=${p.session()}`;
  for (const path of pick(SIGNED)) put(path, "signed", await warm(sub(path), cookie));

  const rounds = Number(values.rounds);
  if (rounds > 0) {
    const t0 = Date.now();
    for (let i = 0; i < rounds; i++) {
      const res = await p.send(`/platform/game/${game}/round`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ bet: 100, mode: "real", round_id: `helperb-${i}` }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`round ${i}: ${res.status} ${text.slice(0, 200)}`);
    }
    console.log(`· ${rounds} rounds in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    for (const path of pick(SIGNED)) put(path, `hist`, await warm(sub(path), cookie));
  }
} finally {
  await stop(server);
}
const cols = ["cold", "anon", "signed", "hist"];
console.log(`\nrows · queries per render (median of ${values.n}; cold: first render on a fresh server)`);
console.log(`${"page".padEnd(28)}${cols.map((c) => c.padStart(16)).join("")}`);
for (const [path, row] of table) console.log(`${path.padEnd(28)}${cols.map((c) => (row[c] ?? "").padStart(16)).join("")}`);
