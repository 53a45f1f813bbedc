import { createExecutionContext, createScheduledController, runDurableObjectAlarm, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { playRound, roundId } from "./game-studio-helpers";
import { formatMoney } from "../../core/money";
import { data, failure, get, send } from "./helpers";
import { balanceOf, ledgerRows } from "./wallet-helpers";
import { playerDb } from "./player-db";
import { setPlayerCurrency } from "../../workers/platform/wallet/currency";
import { type Contribution, CONTRIBUTIONS_KEPT_MS, jackpotPool, POOL_FLUSH_EVERY_MS } from "../../workers/platform/jackpots/pool";
import { unwrap } from "../../workers/platform/player/wire";
import { refreshMirror } from "../../workers/platform/player/remote-d1";

/**
 * Jackpots (decisions 0017, 0075): Jackpots.get / getWinners, growth with real rounds, the must-drop
 * win, one claim. The money moves in each pool's object, which writes D1's row: the tests read D1
 * once the pool wrote everything it holds (`flushed`), as a page a moment later would.
 */

const db = env.DB;

interface PoolRow {
  id: number;
  amount: number;
  seed: number;
  initial_seed: number;
  contribution_bp: number;
  must_drop_at: number;
  win_count: number;
  contributed: number;
}
const pool = async (id: number) => {
  await jackpotPool(env, id).flushed();
  return (await db.prepare("SELECT * FROM jackpots WHERE id = ?1").bind(id).first<PoolRow>())!;
};
/** The contributions a pool's object holds for a round. */
const contributionsOf = (id: number, roundId: string) =>
  runInDurableObject(jackpotPool(env, id).stub, async (_pool, state) =>
    state.storage.sql
      .exec<{ amount: number }>("SELECT amount FROM contributions WHERE round_id = ?", roundId)
      .toArray()
      .map((r) => r.amount),
  );
const winnersOf = async (uid: number) =>
  (await db.prepare("SELECT * FROM jackpot_winners WHERE uid = ?1 ORDER BY won_at").bind(uid).all<Record<string, any>>()).results;

/** A game of Mini and Major only, whose bets reach 1,000.00 (its sysname and a bet). */
let game: { sysname: string; bet: number };

const funded = async (amount = 5_000_000, currency?: string): Promise<Player> => {
  const p = await registerPlayer();
  if (currency) await setPlayerCurrency(playerDb(p.uid), p.uid, currency);
  await applyOperation(playerDb(p.uid), { uid: p.uid, key: `jp-fund-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: amount }] });
  return p;
};

/** Tops a pool up to its cap as an operator would (through its object): the money added counts as seed money, so the audit holds. */
const fillToCap = async (id: number) => {
  const { amount, must_drop_at } = await jackpotPool(env, id).read();
  if (must_drop_at > amount) await jackpotPool(env, id).topUp(must_drop_at - amount);
};

const real = (p: Player, bet = game.bet) => playRound(p.browser, game.sysname, { bet, mode: "real", round_id: roundId() });

/** The audit identity, per pool, in D1 once every pool wrote: what went in equals what is there plus what was paid out. */
async function auditHolds() {
  for (const id of [1, 2, 3]) await jackpotPool(env, id).flushed();
  const { results } = await db
    .prepare(
      `SELECT j.id,
         j.initial_seed + COALESCE((SELECT SUM(reseed) FROM jackpot_winners w WHERE w.jackpot_id = j.id), 0)
           + j.contributed AS money_in,
         j.amount + COALESCE((SELECT SUM(amount) FROM jackpot_winners w WHERE w.jackpot_id = j.id), 0) AS money_out
       FROM jackpots j`,
    )
    .all<{ id: number; money_in: number; money_out: number }>();
  for (const r of results) expect(r.money_in, `pool ${r.id}`).toBe(r.money_out);
}

beforeAll(async () => {
  // Random wins are made vanishingly rare here, so growth is exact; the cap still always wins.
  await db.prepare("UPDATE jackpots SET odds_factor = 1000000000").run();
  const row = await db
    .prepare(
      `SELECT g.sysname, g.max_bet FROM games g JOIN jackpot_games jg ON jg.game_id = g.id AND jg.jackpot_id = 1
       WHERE g.id NOT IN (SELECT game_id FROM jackpot_games WHERE jackpot_id = 3) AND g.has_demo = 1 AND g.min_bet <= 1000
       ORDER BY g.id LIMIT 1`,
    )
    .first<{ sysname: string; max_bet: number }>();
  game = { sysname: row!.sysname, bet: 1000 };
});

describe("Jackpots.get", () => {
  it("answers every active jackpot in order with its amounts, cap, contribution and games", async () => {
    const list = await data<any[]>(get("Jackpots/get"));
    expect(list.map((j) => j.sysname)).toEqual(["mini", "major", "mega"]);
    const mini = list[0];
    expect(mini).toMatchObject({ id: 1, name: "Mini", currency: "USD", seed: { amount: 5000, currency: "USD" }, contribution_percent: 0.5 });
    expect(mini.amount.amount).toBeGreaterThanOrEqual(5000);
    expect(mini.must_drop_at).toEqual({ amount: 50000, currency: "USD" });
    expect(mini.games_count).toBeGreaterThan(100);
    expect(mini.games.length).toBe(24);
    expect(list[2].games_count).toBeLessThan(mini.games_count);
  });

  it("answers one jackpot by id (also lower-case path), 404 for an unknown id, 400 for a bad one", async () => {
    expect((await data<any[]>(get("jackpots/get", { id: 2 }))).map((j) => j.sysname)).toEqual(["major"]);
    expect((await failure(get("Jackpots/get", { id: 99 }), 404, "InvalidParameterException")).invalid_parameters).toHaveProperty("id");
    for (const id of ["abc", "0", "-1", "1.5"]) {
      expect((await failure(get("Jackpots/get", { id }), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty("id");
    }
  });
});

describe("growth and wins", () => {
  it("a real round of a jackpot game grows each of its pools by exactly its contribution; a demo round does not", async () => {
    const p = await funded();
    const [mini, major, mega] = [await pool(1), await pool(2), await pool(3)];
    const round = await data(real(p));
    expect((await pool(1)).amount).toBe(mini.amount + Math.floor((game.bet * mini.contribution_bp) / 10_000));
    expect((await pool(2)).amount).toBe(major.amount + Math.floor((game.bet * major.contribution_bp) / 10_000));
    expect((await pool(3)).amount).toBe(mega.amount); // not one of Mega's games
    // Each pool holds the round's contribution once, under its id; Mega none.
    expect([await contributionsOf(1, round.id), await contributionsOf(2, round.id), await contributionsOf(3, round.id)]).toEqual([[5], [3], []]);
    expect((await pool(1)).contributed).toBe(mini.contributed + 5);

    const before = (await pool(1)).amount;
    await data(playRound(p.browser, game.sysname, { bet: game.bet, mode: "demo", round_id: roundId() }));
    expect((await pool(1)).amount).toBe(before);
    await auditHolds();
  });

  it("a pool at its cap is won by the next real round: winner row, jackpot_win credit, pool back to seed", async () => {
    const p = await funded();
    await fillToCap(1);
    const cap = (await pool(1)).must_drop_at;
    const mainBefore = (await balanceOf(p.uid, "main"))!;
    const round = await data(real(p));
    const [winner] = await winnersOf(p.uid);
    expect(winner).toMatchObject({ jackpot_id: 1, round_id: round.id, amount: cap + 5, currency: "USD", paid_amount: cap + 5, paid_currency: "USD" });
    // The winner row names the round's game (the winners list shows its title).
    expect(winner!.game_id).toBe(await db.prepare("SELECT id FROM games WHERE sysname = ?1").bind(game.sysname).first("id"));
    expect(winner!.operation_id).toBeTruthy();
    const after = await pool(1);
    expect(after.amount).toBe(after.seed);
    const credit = (await ledgerRows(p.uid)).filter((r) => r.type === "jackpot_win");
    expect(credit.map((r) => [r.kind, r.delta, r.reference, r.operation_id])).toEqual([["main", cap + 5, winner!.id, winner!.operation_id]]);
    expect(await balanceOf(p.uid, "main")).toBe(mainBefore - game.bet + round.win + cap + 5);
    // A repeated round_id pays nothing again.
    const { round_key } = (await playerDb(p.uid).prepare("SELECT round_key FROM game_rounds WHERE id = ?1").bind(round.id).first<{ round_key: string }>())!;
    expect((await data(playRound(p.browser, game.sysname, { bet: game.bet, mode: "real", round_id: round_key }))).replayed).toBe(true);
    // A payment retried after a crash (operation not recorded on the winner) is the same payment:
    // the minute cron pays a win left unpaid for over a minute, not before.
    await db.prepare("UPDATE jackpot_winners SET operation_id = NULL WHERE id = ?1").bind(winner!.id).run();
    const cron = async (scheduledTime: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled!(createScheduledController({ scheduledTime, cron: "* * * * *" }), env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await cron(winner!.won_at + 30_000);
    expect((await winnersOf(p.uid))[0]!.operation_id).toBeNull();
    await cron(winner!.won_at + 61_000);
    expect((await winnersOf(p.uid))[0]!.operation_id).toBe(winner!.operation_id);
    expect(await winnersOf(p.uid)).toHaveLength(1);
    expect((await ledgerRows(p.uid)).filter((r) => r.type === "jackpot_win")).toHaveLength(1);
    await auditHolds();
  });

  it("30 concurrent real rounds at a pool at its cap make exactly one winner and one payment", async () => {
    const players = await Promise.all([funded(), funded(), funded()]);
    await fillToCap(1);
    const wins = (await pool(1)).win_count;
    const rounds = await Promise.all(Array.from({ length: 30 }, (_, i) => data(real(players[i % 3]!))));
    expect(rounds).toHaveLength(30);
    const winners = (await Promise.all(players.map((p) => winnersOf(p.uid)))).flat();
    expect(winners).toHaveLength(1);
    expect((await pool(1)).win_count).toBe(wins + 1);
    const payments = (await Promise.all(players.map((p) => ledgerRows(p.uid)))).flat().filter((r) => r.type === "jackpot_win");
    expect(payments).toHaveLength(1);
    expect(payments[0]!.delta).toBe(winners[0]!.amount);
    await auditHolds();
  }, 30_000);

  it("pays a player of another currency the pool converted with the site's rates", async () => {
    const p = await funded(5_000_000, "EUR");
    await fillToCap(1);
    const round = await data(real(p));
    const [winner] = await winnersOf(p.uid);
    // The EUR bet of 10.00 is 10.86… USD: contribution 5 (0.5 % of 1086, rounded down).
    expect(winner).toMatchObject({ round_id: round.id, amount: 50005, currency: "USD", paid_currency: "EUR", paid_amount: Math.floor(50005 * 0.92) });
    const credit = (await ledgerRows(p.uid)).filter((r) => r.type === "jackpot_win");
    expect(credit.map((r) => [r.delta, r.currency])).toEqual([[Math.floor(50005 * 0.92), "EUR"]]);
    await auditHolds();
  });

  it("a German player's rounds feed no pool and win none (GlüStV 2021 §22a: no jackpots), even at the cap", async () => {
    const p = await funded();
    await db.prepare("UPDATE users SET country_code = 'DE' WHERE uid = ?1").bind(p.uid).run();
    await refreshMirror(env, p.uid);
    // A Mini game whose smallest bet is within Germany's €1 a round.
    const small = (await db
      .prepare(
        "SELECT g.sysname, g.min_bet FROM games g JOIN jackpot_games jg ON jg.game_id = g.id AND jg.jackpot_id = 1 WHERE g.min_bet <= 100 ORDER BY g.id LIMIT 1",
      )
      .first<{ sysname: string; min_bet: number }>())!;
    await fillToCap(1);
    const before = await pool(1);
    const round = await data(playRound(p.browser, small.sysname, { bet: small.min_bet, mode: "real", round_id: roundId() }));
    expect(await contributionsOf(1, round.id)).toEqual([]);
    expect(await winnersOf(p.uid)).toEqual([]);
    expect(await pool(1)).toMatchObject({ amount: before.amount, contributed: before.contributed, win_count: before.win_count });
    expect(await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM player_outbox WHERE kind = 'jackpots.contribute'").first("n")).toBe(0);
    // Anyone else's next round at the cap still wins it.
    await data(real(await funded()));
    expect((await pool(1)).win_count).toBe(before.win_count + 1);
    await auditHolds();
  });
});

describe("Jackpots.getWinners", () => {
  it("lists recent winners newest first with masked names, pages, filters by jackpot and refuses bad input", async () => {
    const all = await data(get("Jackpots/getWinners"));
    expect(all.count).toBeGreaterThanOrEqual(3);
    const times = all.items.map((w: any) => w.won_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const w of all.items) {
      expect(w.player).toMatch(/^.{1,2}\*\*\*.{0,2}$/);
      expect(w.player).not.toContain("@");
      expect(w).toMatchObject({ jackpot_id: 1, jackpot_name: "Mini", game: game.sysname });
      expect(w.amount.currency).toBe("USD");
    }
    const page = await data(get("Jackpots/getWinners", { offset: 1, count: 1 }));
    expect(page.count).toBe(all.count);
    expect(page.items.map((w: any) => w.id)).toEqual([all.items[1].id]);
    expect(await data(get("Jackpots/getWinners", { jackpot_id: 3 }))).toEqual({ items: [], count: 0 });
    for (const q of [{ count: 0 }, { count: 101 }, { offset: -1 }, { jackpot_id: "x" }]) {
      await failure(get("Jackpots/getWinners", q), 400, "InvalidParameterException");
    }
  });

  it("answers counts kept by the winners' triggers (migration 0071): the same as counting them, through wins and removals", async () => {
    const counted = async () => {
      const { results } = await db
        .prepare("SELECT jackpot_id, COUNT(*) AS n FROM jackpot_winners GROUP BY jackpot_id")
        .all<{ jackpot_id: number; n: number }>();
      return new Map(results.map((r) => [r.jackpot_id, r.n]));
    };
    const answered = async (jackpot_id?: number) => (await data(get("Jackpots/getWinners", jackpot_id ? { jackpot_id, count: 1 } : { count: 1 }))).count;
    const check = async () => {
      const byJackpot = await counted();
      expect(await answered()).toBe([...byJackpot.values()].reduce((a, b) => a + b, 0));
      for (const id of [1, 2, 3]) expect(await answered(id), `jackpot ${id}`).toBe(byJackpot.get(id) ?? 0);
    };
    await check();
    const { uid } = (await db.prepare("SELECT uid FROM users ORDER BY uid LIMIT 1").first<{ uid: number }>())!;
    const win = (id: string, jackpot: number, seq: number) =>
      db
        .prepare(
          `INSERT INTO jackpot_winners (id, jackpot_id, seq, uid, round_id, game_id, amount, currency, reseed, won_at)
           VALUES (?1, ?2, ?3, ?4, ?1, (SELECT id FROM games WHERE sysname = ?5), 100, 'USD', 100, 1)`,
        )
        .bind(id, jackpot, seq, uid, game.sysname);
    await db.batch([win("count-a", 2, 900_001), win("count-b", 2, 900_002), win("count-c", 3, 900_001)]);
    await check();
    expect(await answered(2)).toBeGreaterThanOrEqual(2);
    await db.prepare("UPDATE jackpot_winners SET jackpot_id = 3 WHERE id = 'count-b'").run();
    await check();
    await db.prepare("DELETE FROM jackpot_winners WHERE id IN ('count-a', 'count-b', 'count-c')").run();
    await check();
  });
});

describe("the pages", () => {
  // The first page render of a run compiles the app for the test pool (Vite transforms the SSR
  // graph on demand; on a busy two-core machine that alone took over 20 s when this file ran
  // first). It is the harness's cost, not a render's: paid here, so the test's budget is its renders'.
  beforeAll(async () => {
    expect((await send("/winners")).status).toBe(200);
  }, 180_000);

  it("/winners and a jackpot's page render the recorded winners server-side; bad pages are 404s", async () => {
    const { items } = await data(get("Jackpots/getWinners", { count: 1 }));
    const [latest] = items;
    const winners = await send("/winners");
    expect(winners.status).toBe(200);
    const html = await winners.text();
    expect(html).toContain(`data-winner="${latest.id}"`);
    expect(html).toContain(`href="/game/${game.sysname}"`);
    expect(html).toContain(formatMoney(latest.amount));
    expect(html).toContain(latest.player);
    expect(html).not.toContain("@example.com");

    const page = await send("/jackpots/1");
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain(`data-winner="${latest.id}"`);
    expect(pageHtml).toMatch(/<title>Mini jackpot: \$[\d,.]+ \| /);

    for (const path of ["/jackpots/x", "/jackpots/77", "/winners?offset=400"]) {
      expect((await send(path)).status, path).toBe(404);
    }
    // An offset that is not a page start goes to the page holding it, as in the lobby.
    const cases: Array<[string, string]> = [
      ["/winners?offset=3", "/winners"],
      ["/winners?offset=25", "/winners?offset=20"],
    ];
    for (const [path, to] of cases) {
      const res = await send(path, { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(new URL(res.headers.get("location") ?? "", "http://x.test").href.replace("http://x.test", ""), path).toBe(to);
    }
  }, 20_000); // seven warm page renders: 5 s was too tight on a busy machine
});

describe("the pool's object", () => {
  const at = Date.now();
  const part = (uid: number, extra: Partial<Contribution> = {}): Contribution => ({
    round_id: `test-${crypto.randomUUID()}`,
    uid,
    game_id: 1,
    bet: 1000,
    currency: "USD",
    created_at: Date.now(),
    ...extra,
  });

  it("takes a round once by its id: a delivery made again adds nothing and answers the first answer, its win too", async () => {
    const p = await funded();
    const pool2 = jackpotPool(env, 2);
    const before = await pool2.flushed();
    const c = part(p.uid);
    expect(await pool2.contribute(c)).toEqual({ winner: null, contributed: 3 });
    expect(await pool2.contribute(c)).toEqual({ winner: null, contributed: 3 });
    expect((await pool2.flushed()).amount).toBe(before.amount + 3);

    await fillToCap(2);
    const win = part(p.uid);
    const first = await pool2.contribute(win);
    expect(first.winner).toEqual(expect.any(String));
    expect(await pool2.contribute(win)).toEqual(first);
    const after = await pool(2);
    expect(after.amount).toBe(after.seed);
    expect(await db.prepare("SELECT COUNT(*) AS n FROM jackpot_winners WHERE round_id = ?1").bind(win.round_id).first("n")).toBe(1);
    await auditHolds();
  });

  it("refuses what is not a contribution, and counts nothing for a round too old to tell from a repeat", async () => {
    const p = await funded();
    const pool2 = jackpotPool(env, 2);
    for (const bad of [{}, { ...part(p.uid), bet: -1 }, { ...part(p.uid), uid: 0 }, { ...part(p.uid), round_id: "" }, null]) {
      await expect(pool2.contribute(bad as Contribution)).rejects.toThrow(/not a contribution/);
    }
    await expect(pool2.stub.contribute(3, part(p.uid)).then(unwrap)).rejects.toThrow(/JackpotPool 2 was asked for pool 3/);
    const before = (await pool2.flushed()).amount;
    expect(await pool2.contribute(part(p.uid, { created_at: at - CONTRIBUTIONS_KEPT_MS }))).toEqual({ winner: null, contributed: 0 });
    expect((await pool2.flushed()).amount).toBe(before);
    await expect(pool2.topUp(0)).rejects.toThrow(/positive/);
  });

  it("writes D1 at once when idle and at most once a second while busy; D1 holds everything once the pool flushed", async () => {
    const p = await funded();
    const pool2 = jackpotPool(env, 2);
    const start = await pool2.flushed();
    const writes = await pool2.d1Writes();
    const began = Date.now();
    for (let i = 0; i < 40; i++) await pool2.contribute(part(p.uid));
    const seconds = (Date.now() - began) / 1000;
    const during = (await pool2.d1Writes()) - writes;
    // 40 contributions, written with the others: one write for each second begun, not one each.
    expect(during).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect((await pool(2)).amount).toBe(start.amount + 40 * 3);
    await auditHolds();
  });

  it("sets its alarm before writing D1 at once, so a process killed during the write still writes it after the restart", async () => {
    const p = await funded();
    const pool2 = jackpotPool(env, 2);
    await pool2.flushed();
    // Idle for longer than a tick: the next contribution is written to D1 inline.
    await new Promise((r) => setTimeout(r, POOL_FLUSH_EVERY_MS + 50));
    const writes = await pool2.d1Writes();
    await pool2.contribute(part(p.uid));
    expect(await pool2.d1Writes()).toBe(writes + 1);
    // The alarm stands behind the write; when it runs it finds nothing left to write.
    expect(await runInDurableObject(pool2.stub, (_pool, state) => state.storage.getAlarm())).not.toBeNull();
    await runDurableObjectAlarm(pool2.stub);
    expect(await pool2.d1Writes()).toBe(writes + 1);
    const state = await pool2.read();
    expect(state.written).toBe(state.version);
  });

  it("a round whose delivery died with the Worker is delivered by its player's object, and a pool it won is paid there", async () => {
    const p = await funded();
    await fillToCap(1);
    const cap = (await pool(1)).amount;
    // The round's batch committed its outbox row; the Worker died before delivering it.
    const own = playerDb(p.uid);
    const roundId = `crashed-${crypto.randomUUID()}`;
    await own
      .prepare(`INSERT INTO player_outbox (key, kind, body, created_at, next_at) VALUES (?1, 'jackpots.contribute', ?2, ?3, ?3)`)
      .bind(`jackpot:${roundId}`, JSON.stringify({ ...part(p.uid, { round_id: roundId }), pools: [1] }), Date.now())
      .run();
    await runDurableObjectAlarm(env.PLAYER.get(env.PLAYER.idFromName(String(p.uid))));
    await expect.poll(async () => await own.prepare("SELECT COUNT(*) AS n FROM player_outbox").first<number>("n")).toBe(0);
    const [winner] = await winnersOf(p.uid);
    expect(winner).toMatchObject({ round_id: roundId, amount: cap + 5 });
    const credit = (await ledgerRows(p.uid)).filter((r) => r.type === "jackpot_win");
    expect(credit.map((r) => [r.delta, r.reference])).toEqual([[cap + 5, winner!.id]]);
    await auditHolds();
  });
});
