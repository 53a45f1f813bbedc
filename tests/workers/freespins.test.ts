import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";
import { describe, expect, it } from "vitest";
import { expirePacks } from "../../workers/platform/bonuses/freespins-sweep";
import { Browser, registerPlayer, type Player } from "./auth-helpers";
import { depositWith } from "./cashier-helpers";
import { playRound, roundId, roundsOf } from "./game-studio-helpers";
import { data, failure } from "./helpers";
import { playerDb } from "./player-db";

/** Free-spin packs (decision 0041): grants, freespins.get, free rounds in the studio, the winnings bonus, the clock. */

const DAY = 24 * 3600_000;
const clockDeps = { db: env.DB, env, waitUntil: () => {} };
const packs = (p: Player, query: Record<string, string | number> = {}) => data(p.browser.get("freespins/get", query));
const packRow = (uid: number, id: string) => playerDb(uid).prepare("SELECT * FROM freespin_packs WHERE id = ?1").bind(id).first<Record<string, any>>();
const balances = async (p: Player) => {
  const b = await data(p.browser.get("account/getBalance"));
  return { main: b.balance_main.amount as number, bonus: b.balance_bonus.amount as number };
};
const spinLedger = async (uid: number, packId: string) =>
  (await playerDb(uid)
    .prepare("SELECT COUNT(*) AS n, COALESCE(SUM(win), 0) AS won FROM freespin_rounds WHERE pack_id = ?1")
    .bind(packId)
    .first<{ n: number; won: number }>())!;
const winningsBonus = (uid: number, packId: string) =>
  playerDb(uid)
    .prepare("SELECT * FROM player_bonuses WHERE grant_key = ?1")
    .bind(`freespins:${packId}`)
    .all<Record<string, any>>()
    .then((r) => r.results);

/** The welcome pack of a new player: 20 spins at 0.20 on Fortune Panda. */
async function welcomePack(p: Player) {
  const { items } = await packs(p, { fields: "description" });
  return items.find((x: { title: string }) => x.title.includes("Fortune Panda"));
}

const freeSpin = (
  p: Player,
  pack: { id: string; game: { sysname: string }; bet: { amount: number } },
  round = roundId(),
  over: Record<string, string | number> = {},
) => playRound(p.browser, pack.game.sysname, { mode: "real", bet: pack.bet.amount, round_id: round, freespin_id: pack.id, ...over });

/** Σ spin ledger = count − remaining and Σ wins = won; the winnings bonus exactly when something was won. */
async function expectEndedConsistently(uid: number, packId: string, multiplier: number) {
  const row = (await packRow(uid, packId))!;
  const ledger = await spinLedger(uid, packId);
  expect(ledger.n).toBe(row.count - row.remaining_count);
  expect(ledger.won).toBe(row.won);
  const bonuses = await winningsBonus(uid, packId);
  if (row.won > 0) {
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ status: "available", type: "casino", amount: row.won, wager_required: multiplier * row.won, currency: row.currency });
    const events = await playerDb(uid).prepare("SELECT event, amount FROM bonus_events WHERE bonus_id = ?1").bind(bonuses[0]!.id).all();
    expect(events.results).toEqual([{ event: "granted", amount: row.won }]);
  } else {
    expect(bonuses).toEqual([]);
  }
  return row;
}

describe("grants", () => {
  it("registration grants 20 free spins at 0.20 on Fortune Panda, shown by freespins.get with its description", async () => {
    const p = await registerPlayer();
    const list = await packs(p, { fields: "description" });
    expect(list.count).toBe(1);
    const [pack] = list.items;
    expect(pack).toMatchObject({
      status: "active",
      game: { sysname: "fortune_panda", title: "Fortune Panda" },
      title: "20 free spins on Fortune Panda",
      count: 20,
      remaining_count: 20,
      bet: { amount: 20, currency: "USD" },
      won: { amount: 0, currency: "USD" },
      finished_at: null,
      bonus_id: null,
    });
    expect(pack.description).toMatch(/wagered 10 times/);
    expect(pack.expires_at - pack.created_at).toBe(7 * DAY);
    // Without fields=description there is none; in Spanish, the Spanish title; a BRL player bets 1.00.
    expect((await packs(p)).items[0]).not.toHaveProperty("description");
    expect((await data(p.browser.get("freespins/get", { locale: "es" }))).items[0].title).toBe("20 giros gratis en Fortune Panda");
    const brl = await registerPlayer({ currency: "BRL" });
    expect((await packs(brl)).items[0].bet).toEqual({ amount: 100, currency: "BRL" });
  });

  it("the second deposit of 20.00 or more grants 50 spins on Emerald Bonanza, once, and no other deposit does", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 5000 });
    expect((await packs(p)).count).toBe(1);
    const { id, started } = await depositWith(p, "success", { amount: 3000 });
    // The payment page's outcome again (a repeated callback): nothing more.
    const { choose } = await import("./cashier-helpers");
    await choose(p, started.redirect_url, "success");
    await depositWith(p, "success", { amount: 5000 });
    const { items, count } = await packs(p);
    expect(count).toBe(2);
    const deposit = items.find((x: { game: { sysname: string } }) => x.game.sysname === "emerald_bonanza");
    expect(deposit).toMatchObject({ count: 50, remaining_count: 50, bet: { amount: 20, currency: "USD" } });
    expect(deposit.expires_at - deposit.created_at).toBe(3 * DAY);
    const rows = await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM freespin_packs WHERE grant_key LIKE ?1").bind(`deposit:${id}:%`).first<number>("n");
    expect(rows).toBe(1);
  });

  it("a second deposit under 20.00 earns no pack", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 5000 });
    await depositWith(p, "success", { amount: 1500 });
    expect((await packs(p)).count).toBe(1);
  });
});

describe("freespins.get", () => {
  it("validates its params with clear errors, and needs a player", async () => {
    const p = await registerPlayer();
    for (const [query, field] of [
      [{ count: 100 }, "count"],
      [{ count: 0 }, "count"],
      [{ count: "many" }, "count"],
      [{ status: "paused" }, "status"],
      [{ fields: "description,secret" }, "fields"],
    ] as const) {
      const e = await failure(p.browser.get("freespins/get", query), 400, "InvalidParameterException");
      expect(Object.keys(e.invalid_parameters ?? {})).toEqual([field]);
    }
    expect((await failure(p.browser.get("freespins/get", { count: 100 }), 400, "InvalidParameterException")).invalid_parameters!.count![0]).toMatch(
      /at most 99/,
    );
    expect((await packs(p, { count: 99, status: "active", fields: "description" })).count).toBe(1);
    await failure(new Browser().get("freespins/get"), 401, "AuthorizationException");
  });

  it("never shows another player's packs, nor lets them play one", async () => {
    const a = await registerPlayer();
    const b = await registerPlayer();
    const packA = await welcomePack(a);
    const listB = await packs(b);
    expect(listB.items.map((x: { id: string }) => x.id)).not.toContain(packA.id);
    const e = await failure(freeSpin(b, packA), 400, "InvalidParameterException");
    expect(e.invalid_parameters).toEqual({ freespin_id: ["No such free-spin pack"] });
    expect((await packRow(a.uid, packA.id))!.remaining_count).toBe(20);
  });
});

describe("free rounds", () => {
  it("a pack played to zero: remaining falls per spin, the balance is untouched, the winnings become an available bonus (x10)", async () => {
    const p = await registerPlayer();
    const pack = await welcomePack(p);
    for (let i = 1; i <= 20; i++) {
      const round = await data(freeSpin(p, pack));
      expect(round).toMatchObject({ mode: "real", bet: 20, replayed: false, balance: { amount: 0, currency: "USD" } });
      expect(round.freespins).toMatchObject({ id: pack.id, count: 20, remaining_count: 20 - i, status: i === 20 ? "finished" : "active" });
    }
    expect(await balances(p)).toEqual({ main: 0, bonus: 0 });
    expect(await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM ledger WHERE uid = ?1 AND kind IN ('main', 'bonus')").bind(p.uid).first<number>("n")).toBe(
      0,
    );
    const rounds = await roundsOf(p.uid);
    expect(rounds).toHaveLength(20);
    for (const r of rounds) expect(r).toMatchObject({ freespin_id: pack.id, operation_id: null, bonus_id: null, bet: 20 });
    const row = await expectEndedConsistently(p.uid, pack.id, 10);
    expect(row).toMatchObject({ status: "finished", remaining_count: 0 });
    // The list of finished packs names the bonus; a 21st spin is refused.
    const [finished] = (await packs(p, { status: "finished" })).items;
    expect(finished.bonus_id).toBe((await winningsBonus(p.uid, pack.id))[0]?.id ?? null);
    expect((await failure(freeSpin(p, pack), 400, "InvalidParameterException")).invalid_parameters).toEqual({
      freespin_id: ["No free spins are left in this pack"],
    });
    if (row.won > 0) {
      const bonus = (await data(p.browser.get("bonuses/get"))).available.find((b: { id: string }) => b.id === finished.bonus_id);
      expect(bonus).toMatchObject({ title: "Free spins winnings: Fortune Panda", amount: { amount: row.won }, wager_multiplier: 10 });
      // Activated like any other bonus: the winnings go on the bonus balance.
      await data(p.browser.post("bonuses/activate", { bonus_id: bonus.id }));
      expect(await balances(p)).toEqual({ main: 0, bonus: row.won });
    }
  });

  it("a retried round_id counts once and answers the same round", async () => {
    const p = await registerPlayer();
    const pack = await welcomePack(p);
    const round = roundId();
    const first = await data(freeSpin(p, pack, round));
    const again = await data(freeSpin(p, pack, round));
    expect(again).toMatchObject({ id: first.id, win: first.win, symbols: first.symbols, replayed: true });
    expect(again.freespins.remaining_count).toBe(19);
    expect((await packRow(p.uid, pack.id))!.remaining_count).toBe(19);
    expect((await spinLedger(p.uid, pack.id)).n).toBe(1);
    // The same round_id without the pack is not a paid round.
    await failure(playRound(p.browser, pack.game.sysname, { mode: "real", bet: 20, round_id: round }), 400, "InvalidParameterException");
    expect(await balances(p)).toEqual({ main: 0, bonus: 0 });
  });

  it("of concurrent requests for the last spin exactly one plays", async () => {
    const p = await registerPlayer();
    const pack = await welcomePack(p);
    for (let i = 0; i < 19; i++) await data(freeSpin(p, pack));
    const answers = await Promise.all(Array.from({ length: 8 }, () => freeSpin(p, pack)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    const row = await expectEndedConsistently(p.uid, pack.id, 10);
    expect(row).toMatchObject({ remaining_count: 0, status: "finished" });
    expect((await spinLedger(p.uid, pack.id)).n).toBe(20);
  });

  it("refuses another game, another bet, a visitor and an expired pack, with clear errors", async () => {
    const p = await registerPlayer();
    const pack = await welcomePack(p);
    const other = await failure(freeSpin(p, { ...pack, game: { sysname: "emerald_bonanza" } }), 400, "InvalidParameterException");
    expect(other.invalid_parameters).toEqual({ freespin_id: ["These free spins are played on Fortune Panda"] });
    const bet = await failure(freeSpin(p, pack, roundId(), { bet: 100 }), 400, "InvalidParameterException");
    expect(bet.invalid_parameters).toEqual({ bet: ["These free spins are played at $0.20 a spin"] });
    await failure(playRound(null, pack.game.sysname, { mode: "real", bet: 20, round_id: roundId(), freespin_id: pack.id }), 401, "AuthorizationException");
    await failure(freeSpin(p, { ...pack, id: "nope" }), 400, "InvalidParameterException");
    expect((await packRow(p.uid, pack.id))!.remaining_count).toBe(20);
    // Its time runs out before the clock has swept it: refused, and ended on the spot.
    await data(freeSpin(p, pack));
    await playerDb(p.uid)
      .prepare("UPDATE freespin_packs SET expires_at = ?2 WHERE id = ?1")
      .bind(pack.id, Date.now() - 1)
      .run();
    const expired = await failure(freeSpin(p, pack), 400, "InvalidParameterException");
    expect(expired.invalid_parameters).toEqual({ freespin_id: ["These free spins have expired"] });
    expect(await expectEndedConsistently(p.uid, pack.id, 10)).toMatchObject({ status: "expired", remaining_count: 19 });
    expect((await packs(p)).count).toBe(0);
  });

  it("under an active bonus: not refused by its max bet, and its wagering does not advance", async () => {
    const p = await registerPlayer();
    const signUp = (await data(p.browser.get("bonuses/get"))).available.find((b: { sysname: string }) => b.sysname === "no-deposit");
    await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }));
    // A max bet below the pack's bet: a paid round at 0.20 is refused, the free one plays.
    await playerDb(p.uid).prepare("UPDATE player_bonuses SET max_bet = 10 WHERE id = ?1").bind(signUp.id).run();
    const pack = await welcomePack(p);
    await failure(playRound(p.browser, pack.game.sysname, { mode: "real", bet: 20, round_id: roundId() }), 400, "InvalidParameterException");
    for (let i = 0; i < 3; i++) await data(freeSpin(p, pack));
    const bonus = await playerDb(p.uid).prepare("SELECT wagered FROM player_bonuses WHERE id = ?1").bind(signUp.id).first<number>("wagered");
    expect(bonus).toBe(0);
    expect(await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM bonus_wagering WHERE bonus_id = ?1").bind(signUp.id).first<number>("n")).toBe(0);
    expect(await balances(p)).toEqual({ main: 0, bonus: 1000 });
    for (const r of await roundsOf(p.uid)) expect(r).toMatchObject({ bonus_id: null, bet_bonus: 0, win_bonus: 0 });
  });
});

describe("the packs' clock (scheduled)", () => {
  it("expires packs past their time, grants what they won, and a repeated run changes nothing", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 5000 });
    await depositWith(p, "success", { amount: 5000 });
    const { items } = await packs(p);
    const emerald = items.find((x: { game: { sysname: string } }) => x.game.sysname === "emerald_bonanza");
    const panda = items.find((x: { game: { sysname: string } }) => x.game.sysname === "fortune_panda");
    for (let i = 0; i < 10; i++) await data(freeSpin(p, emerald));
    // The clock for this player, on their own tables (decision 0075).
    const own = { ...clockDeps, db: playerDb(p.uid) };
    // 4 days on: the 3-day pack expires, the 7-day one is still active.
    const later = Date.now() + 4 * DAY;
    expect(await expirePacks(own, later, p.uid)).toBeGreaterThanOrEqual(1);
    const ended = await expectEndedConsistently(p.uid, emerald.id, 10);
    expect(ended).toMatchObject({ status: "expired", remaining_count: 40, finished_at: later });
    expect((await packRow(p.uid, panda.id))!.status).toBe("active");
    const bonusesBefore = await winningsBonus(p.uid, emerald.id);
    const stateBefore = await packRow(p.uid, emerald.id);
    await expirePacks(own, later, p.uid);
    expect(await packRow(p.uid, emerald.id)).toEqual(stateBefore);
    expect(await winningsBonus(p.uid, emerald.id)).toEqual(bonusesBefore);
    // Nothing won (nothing played): no bonus.
    await expirePacks(own, Date.now() + 8 * DAY, p.uid);
    expect(await expectEndedConsistently(p.uid, panda.id, 10)).toMatchObject({ status: "expired", won: 0 });
    expect(await winningsBonus(p.uid, panda.id)).toEqual([]);
  });

  it("runs from the Worker's scheduled() handler", async () => {
    const p = await registerPlayer();
    const pack = await welcomePack(p);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() + 8 * DAY, cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await packRow(p.uid, pack.id))!.status).toBe("expired");
  });
});

describe("the studio", () => {
  it("offers the pack's free spins at its bet, plays them as a plain form, and says what the used-up pack won", async () => {
    const { send, ORIGIN } = await import("./helpers");
    const p = await registerPlayer();
    const pack = await welcomePack(p);
    const launch = (query: string) => send(`/platform/game/fortune_panda?${query}`, { headers: p.browser.headers() }).then((r) => r.text());
    const page = await launch("mode=real");
    expect(page).toContain(`name="freespin_id" value="${pack.id}"`);
    expect(page).toMatch(/Free spins: <strong data-freespins-left>20<\/strong> of 20 left at \$0\.20/);
    // Another game has no free spins.
    expect(await send("/platform/game/emerald_bonanza?mode=real", { headers: p.browser.headers() }).then((r) => r.text())).not.toContain("freespin_id");
    await playerDb(p.uid).prepare("UPDATE freespin_packs SET remaining_count = 1 WHERE id = ?1").bind(pack.id).run();
    const res = await playRound(p.browser, "fortune_panda", { mode: "real", bet: 20, round_id: roundId(), freespin_id: pack.id }, { origin: ORIGIN });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toContain(`freespin=${pack.id}`);
    const after = await launch(location.split("?")[1]!);
    const row = (await packRow(p.uid, pack.id))!;
    expect(after).toContain(row.won > 0 ? "The bonus is waiting in" : "nothing won this time");
    expect(after).not.toContain("freespin_id");
  });
});
