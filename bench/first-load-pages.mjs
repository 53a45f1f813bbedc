// node bench/first-load-pages.mjs — first-load JavaScript of every page of the route table,
// anonymous and signed in, counting what Chromium asks for until 5 s after the load event
// (measureFirstLoad), against the bare React Router app measured the same way (DESIGN §5 bars:
// 1.10× anonymous, 1.35× signed in). Builds staged copies in bench/.out (never build/).
// FIRST_LOAD_PORT (default 8811) and FIRST_LOAD_PORT+1 are the two servers' ports.
// FIRST_LOAD_PAGES=/support,/tournaments measures only those paths; FIRST_LOAD_FILES=1 lists each page's files.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { deposit, newPlayer } from "./lib/api-player.mjs";
import { PLAYFRONT_ENTRIES } from "./lib/entries.mjs";
import { fetchHtml, measureFirstLoad, openChromium } from "./lib/first-load.mjs";
import { build, killAllOnExit, OUT, prepareDatabaseQuietly, ROOT, servePlayfront, serveWrangler, stageApp, stop } from "./lib/servers.mjs";

const PORT = Number(process.env.FIRST_LOAD_PORT ?? 8811);
const GOAL = { anonymous: 1.1, player: 1.35 };
const ONLY = process.env.FIRST_LOAD_PAGES ? new Set(process.env.FIRST_LOAD_PAGES.split(",")) : null;
const appDir = join(OUT, process.env.FIRST_LOAD_DIR ?? "first-load");
const baseDir = join(OUT, `${process.env.FIRST_LOAD_DIR ?? "first-load"}-baseline`);
const persistTo = join(ROOT, ".wrangler", `${process.env.FIRST_LOAD_DIR ?? "first-load"}-state`);
const client = (dir) => join(dir, "build", "client");
killAllOnExit();

if (!process.env.FIRST_LOAD_NO_BUILD) {
  stageApp(join(ROOT, "bench", "baseline-template"), baseDir);
  stageApp(ROOT, appDir, PLAYFRONT_ENTRIES);
  build(baseDir, "baseline");
  build(appDir, "Playfront");
}
prepareDatabaseQuietly(persistTo, appDir);

/** Every page of app/routes.ts (plain locale) with real ids; `player`: only meaningful signed in. */
async function pages(origin) {
  const api = async (path) => (await (await fetch(origin + path, { signal: AbortSignal.timeout(30_000) })).json()).data;
  const games = await api(`/api/games/get?options=${encodeURIComponent('{"count":1,"sort":"popular"}')}`);
  const jackpots = await api("/api/jackpots/get");
  const tournaments = await api("/api/tournaments/get").catch(() => null);
  const tournament = (Array.isArray(tournaments) ? tournaments : (tournaments?.items ?? tournaments?.tournaments ?? []))[0]?.id ?? 1;
  const anonymous = [
    "/",
    "/about",
    "/unsubscribe",
    "/confirmation",
    "/confirmation/success",
    "/responsible-game",
    "/gamehall",
    "/gamehall/slots",
    "/providers",
    `/game/${games.items[0].sysname}`,
    "/jackpots",
    `/jackpots/${jackpots[0].id}`,
    "/tournaments",
    `/tournaments/${tournament}`,
    `/tournaments/${tournament}/gamehall`,
    "/winners",
    "/wheel-of-fortune",
    "/promotions",
    "/loyalty",
    "/betting",
    "/vpn",
    "/support",
    "/forms/sign_in",
    "/forms/sign_up",
    "/no-such-page",
  ];
  const player = [
    ...anonymous.filter((p) => !p.startsWith("/forms/")),
    "/cashier/wallet",
    "/cashier/billing",
    "/cashier/deposit",
    "/cashier/deposit/demo_card",
    "/cashier/history",
    "/cashier/withdraw",
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
    "/loyalty/shop",
    "/offers",
    "/offers/1",
  ];
  const keep = (list) => (ONLY ? list.filter((p) => ONLY.has(p)) : list);
  return { anonymous: keep(anonymous), player: keep(player) };
}

const kb = (b) => (b / 1024).toFixed(1);
const chromium = await openChromium();
const out = { at: new Date().toISOString(), pages: [] };
try {
  let server = await serveWrangler({ name: "first-load-baseline", appDir: baseDir, port: PORT + 1 });
  try {
    out.baseline = await measureFirstLoad(chromium, `http://127.0.0.1:${PORT + 1}/`, client(baseDir));
  } finally {
    await stop(server);
  }
  console.log(`bare React Router app: ${kb(out.baseline.gzip)} KB gzip in ${out.baseline.count} files`);
  server = await servePlayfront({ appDir, port: PORT, persistTo });
  try {
    const origin = `http://127.0.0.1:${PORT}`;
    const list = await pages(origin);
    const p = await newPlayer(origin, "first-load");
    await deposit(p, 5000);
    const cookies = [{ name: "pf_session", value: p.session(), url: origin }];
    for (const [who, paths] of [
      ["anonymous", list.anonymous],
      ["player", list.player],
    ]) {
      console.log(`\n${who} (bar ${GOAL[who]}×)\n${"page".padEnd(34)} ${"before load".padStart(12)} ${"+5 s".padStart(8)} ${"ratio".padStart(6)}  files`);
      for (const path of paths) {
        const headers = who === "player" ? { cookie: `pf_session=${p.session()}` } : {};
        await fetchHtml(origin + path, headers).catch(() => {}); // warm: the first render of a route compiles its modules
        const r = await measureFirstLoad(chromium, origin + path, client(appDir), {
          cookies: who === "player" ? cookies : [],
          status: path === "/no-such-page" ? 404 : 200,
        }).catch((e) => ({ error: e.message }));
        if (r.error) {
          console.log(`${path.padEnd(34)} ${r.error}`);
          continue;
        }
        const ratio = r.gzip / out.baseline.gzip;
        const ok = ratio <= GOAL[who];
        out.pages.push({ who, path, ratio, gzip: r.gzip, beforeLoad: r.beforeLoad, count: r.count, ok, files: r.files });
        console.log(
          `${path.padEnd(34)} ${`${kb(r.beforeLoad)} KB`.padStart(12)} ${`${kb(r.gzip)} KB`.padStart(8)} ${ratio.toFixed(3).padStart(6)}  ${r.count} ${ok ? "✓" : "✗"}`,
        );
        if (process.env.FIRST_LOAD_FILES) for (const f of r.files) console.log(`    ${kb(f.gzip).padStart(6)} ${f.afterLoad ? "after " : "before"} ${f.path}`);
      }
    }
  } finally {
    await stop(server);
  }
} finally {
  await chromium.close();
}
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, `${process.env.FIRST_LOAD_DIR ?? "first-load"}.json`), JSON.stringify(out, null, 2));
const over = out.pages.filter((r) => !r.ok);
console.log(`\n${over.length} of ${out.pages.length} pages over their bar`);
process.exitCode = over.length ? 1 : 0;
