import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { settleAfterRound } from "../../workers/platform/bonuses/end";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { depositWith } from "./cashier-helpers";
import { playRound, roundId, roundsOf, OUTSIDE_JACKPOTS } from "./game-studio-helpers";
import { data, failure } from "./helpers";
import { moneyDeps } from "./realtime-helpers";
import { playerDb } from "./player-db";

/** Rounds under an active bonus (decision 0039): funding, wagering by contribution, max bet, conversion, closing, expiry. */

interface Game {
  id: number;
  sysname: string;
  min_bet: number;
  max_bet: number;
}
const gameOf = async (kind: string): Promise<Game> =>
  (await env.DB.prepare(
    `SELECT id, sysname, min_bet, max_bet FROM games WHERE kind = ?1 AND min_bet <= 100 AND max_bet >= 1000 AND ${OUTSIDE_JACKPOTS} ORDER BY id LIMIT 1`,
  )
    .bind(kind)
    .first<Game>())!;

const balances = async (p: Player) => {
  const b = await data(p.browser.get("account/getBalance"));
  return { main: b.balance_main.amount as number, bonus: b.balance_bonus.amount as number };
};
const bonusRow = (uid: number, id: string) => playerDb(uid).prepare("SELECT * FROM player_bonuses WHERE id = ?1").bind(id).first<Record<string, any>>();
const ledgerSum = async (uid: number, kind: string) =>
  (await playerDb(uid).prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM ledger WHERE uid = ?1 AND kind = ?2").bind(uid, kind).first<number>("s")) ?? 0;
const wageringSum = async (uid: number, bonusId: string) =>
  (await playerDb(uid).prepare("SELECT COALESCE(SUM(counted), 0) AS s FROM bonus_wagering WHERE bonus_id = ?1").bind(bonusId).first<number>("s")) ?? 0;

/** A player with the sign-up bonus active (10.00 on the bonus balance, max bet 2.00, 100.00 to wager) and `main` on the main balance. */
async function bonusPlayer(main = 0): Promise<{ p: Player; bonusId: string }> {
  const p = await registerPlayer();
  if (main > 0) await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-main-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: main }] });
  const list = await data(p.browser.get("bonuses/get"));
  const bonusId = list.available.find((b: { sysname: string }) => b.sysname === "no-deposit").id;
  await data(p.browser.post("bonuses/activate", { bonus_id: bonusId }));
  return { p, bonusId };
}

const real = (p: Player, game: Game, bet: number) => playRound(p.browser, game.sysname, { mode: "real", bet, round_id: roundId() });

describe("rounds under an active bonus", () => {
  it("refuses a bet above the bonus's max bet before anything is placed", async () => {
    const { p } = await bonusPlayer(10_000);
    const slot = await gameOf("slot");
    const e = await failure(real(p, slot, 300), 400, "InvalidParameterException");
    expect(e.invalid_parameters?.bet?.[0]).toMatch(/at most 2\.00 USD/);
    expect(e.params).toMatchObject({ max_bet: 200, currency: "USD" });
    expect(await roundsOf(p.uid)).toEqual([]);
    expect(await balances(p)).toEqual({ main: 10_000, bonus: 1000 });
  });

  it("spends real money first, and a slot bet counts 100 %: the wagering ledger adds up to the bonus's progress", async () => {
    const { p, bonusId } = await bonusPlayer(1000);
    const slot = await gameOf("slot");
    for (let i = 0; i < 5; i++) expect((await real(p, slot, 100)).status).toBe(200);
    const rounds = await roundsOf(p.uid);
    expect(rounds).toHaveLength(5);
    for (const r of rounds) expect(r.bonus_id).toBe(bonusId);
    // The first round is funded by the main balance alone (1,000 ≥ 100).
    expect(rounds[0]!.bet_bonus).toBe(0);
    const bonus = await bonusRow(p.uid, bonusId);
    expect(bonus!.wagered).toBe(500);
    expect(await wageringSum(p.uid, bonusId)).toBe(500);
    // Σ ledger = balances, for both.
    const b = await balances(p);
    expect(await ledgerSum(p.uid, "main")).toBe(b.main);
    expect(await ledgerSum(p.uid, "bonus")).toBe(b.bonus);
    // With isolation off (the seeded site), every win under the bonus goes to the bonus balance.
    for (const r of rounds) expect([r.win_bonus, r.win - r.win_bonus]).toEqual([r.win, 0]);
  });

  it("with the main balance empty the bet comes from the bonus balance", async () => {
    const { p } = await bonusPlayer(0);
    const slot = await gameOf("slot");
    expect((await real(p, slot, 150)).status).toBe(200);
    const [r] = await roundsOf(p.uid);
    expect(r!.bet_bonus).toBe(150);
  });

  it("a table game counts 10 % of the bet and a live game nothing", async () => {
    const { p, bonusId } = await bonusPlayer(100_000);
    expect((await real(p, await gameOf("table"), 200)).status).toBe(200);
    expect((await bonusRow(p.uid, bonusId))!.wagered).toBe(20);
    expect((await real(p, await gameOf("live"), 200)).status).toBe(200);
    expect((await bonusRow(p.uid, bonusId))!.wagered).toBe(20);
    const counted = (await playerDb(p.uid).prepare("SELECT contribution, counted FROM bonus_wagering WHERE bonus_id = ?1 ORDER BY id").bind(bonusId).all())
      .results;
    expect(counted).toEqual([
      { contribution: 10, counted: 20 },
      { contribution: 0, counted: 0 },
    ]);
  });

  it("a retried round counts once", async () => {
    const { p, bonusId } = await bonusPlayer(10_000);
    const slot = await gameOf("slot");
    const id = roundId();
    for (let i = 0; i < 3; i++) expect((await playRound(p.browser, slot.sysname, { mode: "real", bet: 100, round_id: id })).status).toBe(200);
    expect((await bonusRow(p.uid, bonusId))!.wagered).toBe(100);
  });

  it("a round retried after a bonus with a lower max bet became active is answered as it was paid", async () => {
    const p = await registerPlayer();
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-main-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: 10_000 }] });
    const slot = await gameOf("slot");
    const id = roundId();
    const first = await data(playRound(p.browser, slot.sysname, { mode: "real", bet: 500, round_id: id }));
    const after = await balances(p);
    const bonusId = (await data(p.browser.get("bonuses/get"))).available.find((b: { sysname: string }) => b.sysname === "no-deposit").id;
    await data(p.browser.post("bonuses/activate", { bonus_id: bonusId }));
    // 5.00 is above the bonus's 2.00 max bet, but this round was bet before: the retry is its answer, paid once.
    const again = await data(playRound(p.browser, slot.sysname, { mode: "real", bet: 500, round_id: id }));
    expect([again.id, again.win, again.replayed]).toEqual([first.id, first.win, true]);
    expect(await balances(p)).toEqual({ ...after, bonus: 1000 });
    expect(await roundsOf(p.uid)).toHaveLength(1);
    // A new round at that bet is still refused.
    await failure(real(p, slot, 500), 400, "InvalidParameterException");
  });

  it("fully wagered, the bonus converts: its balance moves to the main balance up to the max cash-out", async () => {
    const { p, bonusId } = await bonusPlayer(5000);
    // 50.00 short of the requirement, and more on the bonus balance than the 100.00 cap.
    await playerDb(p.uid).prepare("UPDATE player_bonuses SET wagered = wager_required - 50 WHERE id = ?1").bind(bonusId).run();
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `grow-bonus-${p.uid}`, type: "adjustment", changes: [{ kind: "bonus", delta: 20_000 }] });
    expect((await real(p, await gameOf("slot"), 100)).status).toBe(200);
    const bonus = await bonusRow(p.uid, bonusId);
    expect(bonus).toMatchObject({ status: "wagered", wagered: bonus!.wager_required });
    const [round] = await roundsOf(p.uid);
    const b = await balances(p);
    expect(b.bonus).toBe(0);
    // Main: 50.00 − the bet + its real-money win share (none with isolation off) + 100.00 paid out.
    expect(b.main).toBe(5000 - 100 + (round!.win - round!.win_bonus) + 10_000);
    const events = (await playerDb(p.uid).prepare("SELECT event, amount FROM bonus_events WHERE bonus_id = ?1 ORDER BY id").bind(bonusId).all()).results;
    expect(events.at(-1)).toEqual({ event: "wagered", amount: 10_000 });
    expect(await ledgerSum(p.uid, "main")).toBe(b.main);
    expect(await ledgerSum(p.uid, "bonus")).toBe(0);
    expect((await data(p.browser.get("bonuses/get"))).history[0]).toMatchObject({ id: bonusId, status: "wagered" });
  });

  it("closes when the bonus balance is spent", async () => {
    const { p, bonusId } = await bonusPlayer(0);
    const slot = await gameOf("slot");
    // A few real rounds at the max bet, then the rest of the bonus balance spent — as losing rounds
    // would, but certain (outcomes are random; the property test plays rounds down to closing).
    for (let i = 0; i < 3; i++) expect((await real(p, slot, Math.max(slot.min_bet, 200))).status).toBe(200);
    const { bonus } = await balances(p);
    if (bonus > 0)
      await applyOperation(playerDb(p.uid), { uid: p.uid, key: `spent-bonus-${p.uid}`, type: "adjustment", changes: [{ kind: "bonus", delta: -bonus }] });
    await settleAfterRound(moneyDeps(p.uid), p.uid);
    const row = await bonusRow(p.uid, bonusId);
    expect(row!.status).toBe("closed");
    expect((await balances(p)).bonus).toBe(0);
    expect(await ledgerSum(p.uid, "bonus")).toBe(0);
    expect(await wageringSum(p.uid, bonusId)).toBe(row!.wagered);
    // Closing moved no money and a second settle changes nothing.
    expect(
      (await playerDb(p.uid).prepare("SELECT event, amount FROM bonus_events WHERE bonus_id = ?1 AND event = 'closed'").bind(bonusId).all()).results,
    ).toEqual([{ event: "closed", amount: 0 }]);
    await settleAfterRound(moneyDeps(p.uid), p.uid);
    expect((await bonusRow(p.uid, bonusId))!.status).toBe("closed");
  });

  it("without an active bonus rounds are the main balance's alone, as before", async () => {
    const p = await registerPlayer();
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-main-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: 1000 }] });
    expect((await real(p, await gameOf("slot"), 500)).status).toBe(200);
    const [r] = await roundsOf(p.uid);
    expect(r).toMatchObject({ bet_bonus: 0, win_bonus: 0, bonus_id: null });
    expect(await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM bonus_wagering WHERE uid = ?1").bind(p.uid).first("n")).toBe(0);
  });

  it("a deposit's bonus activated later plays the same way", async () => {
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 10_000 });
    const welcome = (await data(p.browser.get("bonuses/get"))).available.find((b: { sysname: string }) => b.sysname === "welcome-1");
    await data(p.browser.post("bonuses/activate", { bonus_id: welcome.id }));
    expect(await balances(p)).toEqual({ main: 10_000, bonus: 10_000 });
    await failure(real(p, await gameOf("slot"), 600), 400, "InvalidParameterException");
    expect((await real(p, await gameOf("slot"), 500)).status).toBe(200);
    expect((await bonusRow(p.uid, welcome.id))!.wagered).toBe(500);
  });

  it("with bonus isolation on, the win follows the money that was bet, in proportion", async () => {
    await env.DB.prepare("UPDATE settings SET value = json_set(value, '$.is_bonus_isolation_enabled', json('true')) WHERE key = 'general_info'").run();
    try {
      const { p } = await bonusPlayer(50);
      expect((await real(p, await gameOf("slot"), 100)).status).toBe(200);
      const [r] = await roundsOf(p.uid);
      expect(r!.bet_bonus).toBe(50);
      expect(r!.win_bonus).toBe(Math.floor((r!.win * 50) / 100));
    } finally {
      await env.DB.prepare("UPDATE settings SET value = json_set(value, '$.is_bonus_isolation_enabled', json('false')) WHERE key = 'general_info'").run();
    }
  });

  it("100 simultaneous rounds on a bonus-funded balance move exactly what they should", async () => {
    const { p, bonusId } = await bonusPlayer(0);
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `grow-bonus-${p.uid}`, type: "adjustment", changes: [{ kind: "bonus", delta: 19_000 }] });
    // Far from met after the 100 rounds (the seeded 10× would be met by them, and convert mid-way).
    await playerDb(p.uid).prepare("UPDATE player_bonuses SET wager_required = 40_000 WHERE id = ?1").bind(bonusId).run();
    const slot = await gameOf("slot");
    const answers = await Promise.all(Array.from({ length: 100 }, () => real(p, slot, 100)));
    const ok = answers.filter((r) => r.status === 200).length;
    const rounds = (await roundsOf(p.uid)).filter((r) => r.operation_id !== null);
    // The bonus balance covers them all (no win is needed): every one is played.
    expect(ok).toBe(100);
    expect(rounds).toHaveLength(100);
    const b = await balances(p);
    const net = rounds.reduce((sum, r) => sum - r.bet + r.win, 0);
    expect(b.main + b.bonus).toBe(20_000 + net);
    expect(await ledgerSum(p.uid, "bonus")).toBe(b.bonus);
    expect(await ledgerSum(p.uid, "main")).toBe(b.main);
    expect((await bonusRow(p.uid, bonusId))!.wagered).toBe(100 * ok);
    expect(await wageringSum(p.uid, bonusId)).toBe(100 * ok);
  });
});

/**
 * A test template no seed has (decision 0039: every template setting is data): a deposit bonus of
 * 10.00 (wagered 10×) that only a USD deposit in [minDeposit, maxDeposit] earns, so no other test's
 * deposit meets it, with these contributions.
 */
async function depositTemplate(sysname: string, minDeposit: number, maxDeposit: number, contributions: object): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO bonus_templates (sysname, type, trigger, deposit_from, wager_multiplier, contributions, texts)
         VALUES (?1, 'casino', 'deposit', 1, 10, ?2, '{"en":{"title":"Test bonus","description":"A test template"}}')`,
    ).bind(sysname, JSON.stringify(contributions)),
    env.DB.prepare(
      `INSERT INTO bonus_template_amounts (template_id, currency, amount, min_deposit, max_deposit)
         SELECT id, 'USD', 1000, ?2, ?3 FROM bonus_templates WHERE sysname = ?1`,
    ).bind(sysname, minDeposit, maxDeposit),
  ]);
}
const grantedOf = async (p: Player, sysname: string) =>
  (await data(p.browser.get("bonuses/get"))).available.find((b: { sysname: string }) => b.sysname === sysname) as { id: string } | undefined;

describe("template settings no seed uses", () => {
  it("a per-game contribution override beats the game's category, both ways; other games keep their category's", async () => {
    const [slot, otherSlot] = (
      await env.DB.prepare(
        `SELECT id, sysname, min_bet, max_bet FROM games WHERE kind = 'slot' AND min_bet <= 100 AND max_bet >= 1000 AND ${OUTSIDE_JACKPOTS} ORDER BY id LIMIT 2`,
      ).all<Game>()
    ).results;
    const table = await gameOf("table");
    await depositTemplate("test-game-overrides", 7300, 7300, { slots: 100, table: 10, live: 0, games: { [slot!.sysname]: 25, [table.sysname]: 100 } });
    const p = await registerPlayer();
    await depositWith(p, "success", { amount: 7300 });
    const bonus = (await grantedOf(p, "test-game-overrides"))!;
    await data(p.browser.post("bonuses/activate", { bonus_id: bonus.id }));
    for (const game of [slot!, table, otherSlot!]) expect((await real(p, game, 100)).status).toBe(200);
    const counted = (await playerDb(p.uid).prepare("SELECT contribution, counted FROM bonus_wagering WHERE bonus_id = ?1 ORDER BY id").bind(bonus.id).all())
      .results;
    expect(counted).toEqual([
      { contribution: 25, counted: 25 },
      { contribution: 100, counted: 100 },
      { contribution: 100, counted: 100 },
    ]);
    expect((await bonusRow(p.uid, bonus.id))!.wagered).toBe(225);
  });

  it("a deposit bonus's max_deposit bounds its trigger: a deposit at the bound earns it, one above does not", async () => {
    await depositTemplate("test-max-deposit", 6100, 6200, { slots: 100, table: 10, live: 0 });
    const atBound = await registerPlayer();
    await depositWith(atBound, "success", { amount: 6200 });
    expect(await grantedOf(atBound, "test-max-deposit")).toBeDefined();
    const above = await registerPlayer();
    await depositWith(above, "success", { amount: 6300 });
    expect(await grantedOf(above, "test-max-deposit")).toBeUndefined();
    // The player's other deposit bonuses are granted as usual: only this template's bound refused it.
    expect(await grantedOf(above, "welcome-1")).toBeDefined();
  });
});

describe("the bonus clock (scheduled)", () => {
  it("expires an available bonus past its window and an active one past its wagering time, removing its balance", async () => {
    const { sweepBonuses } = await import("../../workers/platform/bonuses/sweep");
    const { p, bonusId } = await bonusPlayer(3000);
    const deps = { db: playerDb(p.uid), env, waitUntil: () => {} };
    await depositWith(p, "success", { amount: 10_000 });
    const welcome = (await data(p.browser.get("bonuses/get"))).available.find((b: { sysname: string }) => b.sysname === "welcome-1");
    const later = Date.now() + 8 * 24 * 3600_000;
    await sweepBonuses(deps, later, p.uid);
    expect((await bonusRow(p.uid, welcome.id))!.status).toBe("expired");
    expect((await bonusRow(p.uid, bonusId))!.status).toBe("expired");
    expect(await balances(p)).toEqual({ main: 13_000, bonus: 0 });
    expect(await ledgerSum(p.uid, "bonus")).toBe(0);
    // Again: nothing more.
    await sweepBonuses(deps, later, p.uid);
    expect(await balances(p)).toEqual({ main: 13_000, bonus: 0 });
    const events = (
      await playerDb(p.uid).prepare("SELECT event FROM bonus_events WHERE bonus_id IN (?1, ?2) AND event = 'expired'").bind(bonusId, welcome.id).all()
    ).results;
    expect(events).toHaveLength(2);
  });

  it("converts a fully wagered bonus a round left unconverted", async () => {
    const { sweepBonuses } = await import("../../workers/platform/bonuses/sweep");
    const { p, bonusId } = await bonusPlayer(0);
    await playerDb(p.uid).prepare("UPDATE player_bonuses SET wagered = wager_required WHERE id = ?1").bind(bonusId).run();
    await sweepBonuses({ db: playerDb(p.uid), env, waitUntil: () => {} }, Date.now(), p.uid);
    expect((await bonusRow(p.uid, bonusId))!.status).toBe("wagered");
    expect(await balances(p)).toEqual({ main: 1000, bonus: 0 });
  });
});
