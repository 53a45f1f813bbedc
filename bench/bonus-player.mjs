// A player with an active bonus (issue 18): do the lobby and a game page keep their first-load
// JavaScript and D1 rows read? Against a running server with DB_STATS=on (BASE, default
// http://127.0.0.1:8893, e.g. scripts/e2e-server.mjs with E2E_PORT=8893
// E2E_VARS='{"DB_STATS":"on","SIMULATED_LATENCY":""}' on a prepared database, after a build).
// Three visitors of /gamehall and a game page: anonymous, a player who deposited 50.00 (the
// welcome bonus granted, not active), and one who activated it. Per page: rows read and queries
// (median of N renders as Googlebot, which waits for every loader — bench/lib/rows-read.mjs), the
// first-load JS of the document's markup, and what Chromium actually fetches (bench/lib/first-load.mjs).
// Loopback only; prints figures, asserts nothing.
//   BASE=http://127.0.0.1:8893 node bench/bonus-player.mjs
import { join } from "node:path";
import { activateBonus, deposit, newPlayer } from "./lib/api-player.mjs";
import { anonymousPages, fetchHtml, firstLoad, openChromium } from "./lib/first-load.mjs";
import { rowsRead } from "./lib/rows-read.mjs";
import { ROOT } from "./lib/servers.mjs";

const BASE = process.env.BASE ?? "http://127.0.0.1:8893";
const N = Number(process.env.N ?? 5);
const CLIENT = process.env.CLIENT_DIR ?? join(ROOT, "build", "client");

/** A signed-in player made through the /api contract and the demo payment page; answers the session cookie. */
async function player(activate) {
  const p = await newPlayer(BASE, "bench-bonus");
  await deposit(p, 5000);
  if (activate && !(await activateBonus(p))) throw new Error("no active bonus");
  return p.session();
}

const pages = await anonymousPages(BASE);
const measured = { "/gamehall": pages["/gamehall"], "/game/{sysname}": pages["/game/{sysname}"] };
const visitors = { anonymous: null, "player (bonus granted)": await player(false), "player (bonus active)": await player(true) };

const rows = [];
for (const [who, session] of Object.entries(visitors)) {
  const headers = session ? { cookie: `pf_session=${session}` } : {};
  // Every visitor the same way: a player's page holds its realtime socket open (never network-idle).
  const chromium = await openChromium({ cookies: session ? [{ name: "pf_session", value: session, url: BASE }] : [], waitUntil: "load" });
  try {
    for (const [label, path] of Object.entries(measured)) {
      const html = await fetchHtml(BASE + path, headers);
      if (session && !html.includes("data-player=")) throw new Error(`${path}: not signed in`);
      const markup = firstLoad(html, CLIENT);
      const fetched = await chromium.measure(BASE + path, CLIENT);
      const d1 = await rowsRead(BASE + path, N, headers);
      rows.push({
        who,
        page: label,
        markupJsGzip: markup.gzip,
        markupFiles: markup.count,
        fetchedJsGzip: fetched.gzip,
        fetchedFiles: fetched.count,
        rowsRead: d1.rowsRead,
        queries: d1.queries,
      });
    }
  } finally {
    await chromium.close();
  }
}
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
console.log(`${"visitor".padEnd(24)}${"page".padEnd(18)}${"first-load JS (markup)".padEnd(26)}${"fetched by Chromium".padEnd(24)}rows read / queries`);
for (const r of rows) {
  console.log(
    `${r.who.padEnd(24)}${r.page.padEnd(18)}${`${kb(r.markupJsGzip)} in ${r.markupFiles}`.padEnd(26)}${`${kb(r.fetchedJsGzip)} in ${r.fetchedFiles}`.padEnd(24)}${r.rowsRead} / ${r.queries}`,
  );
}
console.log(JSON.stringify(rows));
