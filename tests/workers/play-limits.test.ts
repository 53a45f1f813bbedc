import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { type JurisdictionId, PROFILES } from "../../core/jurisdictions";
import { refreshMirror } from "../../workers/platform/player/remote-d1";
import { Browser, registerPlayer, type Player } from "./auth-helpers";
import { startDeposit } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { COUNTRY, setSiteJurisdiction } from "./jurisdiction-helpers";
import { playerDb } from "./player-db";
import { insertDeposit } from "./responsible-helpers";
import { aSlot, OUTSIDE_JACKPOTS, playRound, roundId } from "./game-studio-helpers";
import { fund, makeEvent, place } from "./sportsbook-helpers";

/**
 * The limits beside the SPEC's deposit limit (issue 40, decision 0087): deposit, loss and wager
 * limits per day, week and month, all in force together, enforced where the money moves (the
 * cashier, the round's and the bet's own statements); and the monthly deposit ceilings of Germany
 * and the Netherlands with their notices at half and at the whole. Each market's raise rules apply
 * to them as to the deposit limit.
 */

const DAY = 86_400_000;
afterEach(() => setSiteJurisdiction(null));

/** A registered player (currency `currency`) moved to the market, born `birthDate` (the object's copy follows). */
async function playerOf(id: JurisdictionId, { currency = "USD", birthDate = "1990-01-01" } = {}): Promise<Player> {
  const p = await registerPlayer({ currency });
  await env.DB.prepare("UPDATE users SET country_code = ?2, birth_date = ?3 WHERE uid = ?1").bind(p.uid, COUNTRY[id], birthDate).run();
  await refreshMirror(env, p.uid);
  return p;
}

const limits = (p: Player) => data(p.browser.get("account/getLimits"));
const setLimit = (p: Player, kind: string, period: string, amount?: number) => p.browser.post("account/setLimit", { kind, period, amount });

/** A slot outside the jackpots, whose rounds move only the player's own money. */
const slot = async () => {
  const s = (await env.DB.prepare(`SELECT sysname, min_bet FROM games WHERE kind = 'slot' AND has_demo = 1 AND ${OUTSIDE_JACKPOTS} ORDER BY id LIMIT 1`).first<{
    sysname: string;
    min_bet: number;
  }>())!;
  return s ?? (await aSlot());
};
const realRound = (p: Player, sysname: string, bet: number, round_id = roundId()) => playRound(p.browser, sysname, { bet, mode: "real", round_id });

/** A real round already played in the window (its bet and win as given), as the studio stores one. */
async function playedRound(uid: number, bet: number, win: number, at = Date.now()) {
  const id = crypto.randomUUID();
  await playerDb(uid)
    .prepare(
      `INSERT INTO game_rounds (id, uid, round_key, game_id, sysname, mode, bet, win, currency, symbols, created_at)
       VALUES (?1, ?2, ?3, 1, 'past-round', 'real', ?4, ?5, 'USD', '[]', ?6)`,
    )
    .bind(id, uid, `past-${id}`, bet, win, at)
    .run();
}

describe("account.getLimits / setLimit", () => {
  it("has none by default and no ceiling outside Germany and the Netherlands", async () => {
    const p = await registerPlayer();
    expect(await limits(p)).toEqual({ limits: [], market_cap: null });
    for (const id of ["uk", "on", "se"] as const) expect((await limits(await playerOf(id))).market_cap).toBeNull();
  });

  it("keeps a daily, a weekly and a monthly deposit limit together; a deposit must fit every one of them", async () => {
    const p = await registerPlayer();
    await data(setLimit(p, "deposit", "day", 10_000));
    await data(setLimit(p, "deposit", "week", 30_000));
    const all = await data(setLimit(p, "deposit", "month", 50_000));
    expect(all.limits.map((l: any) => [l.kind, l.period, l.limit_amount.amount, l.available.amount])).toEqual([
      ["deposit", "day", 10_000, 10_000],
      ["deposit", "week", 30_000, 30_000],
      ["deposit", "month", 50_000, 50_000],
    ]);
    const now = Date.now();
    expect(all.limits[0].expired_at).toBeGreaterThan(now + DAY - 60_000);
    expect(all.limits[2].expired_at).toBeGreaterThan(now + 30 * DAY - 60_000);
    // Yesterday's 25.00 counts toward the week and the month, not today.
    await insertDeposit(p.uid, 25_000, { at: Date.now() - DAY - 60_000 });
    await playerDb(p.uid)
      .prepare("UPDATE play_limits SET anchor_at = anchor_at - ?2 WHERE uid = ?1")
      .bind(p.uid, DAY + 120_000)
      .run();
    const after = await limits(p);
    expect(after.limits.map((l: any) => l.used.amount)).toEqual([0, 25_000, 25_000]);
    // The day would allow 100.00, the week only 50.00 more.
    const refused = await failure(
      p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 6_000, idempotency_key: `k-${Date.now()}` }),
      409,
      "BillingDepositLimitExceededException",
    );
    expect(refused.params).toMatchObject({ available_amount: 5_000, limit: "player" });
    await startDeposit(p, { amount: 5_000 });
    expect((await limits(p)).limits.map((l: any) => l.available.amount)).toEqual([5_000, 0, 20_000]);
  });

  it("refuses a real round that would take the player past a wager limit, and says what is left", async () => {
    const p = await registerPlayer();
    await fund(p.uid, 100_000);
    const { sysname, min_bet } = await slot();
    const bet = Math.max(min_bet, 100);
    await data(setLimit(p, "wager", "day", bet * 2 + bet / 2));
    expect((await realRound(p, sysname, bet)).status).toBe(200);
    expect((await realRound(p, sysname, bet)).status).toBe(200);
    const refused = await failure(realRound(p, sysname, bet), 400, "InvalidParameterException");
    expect(refused.params).toMatchObject({ limit: "wager", period: "day", available_amount: bet / 2, currency: "USD" });
    expect(refused.invalid_parameters?.bet?.[0]).toMatch(/daily wager limit/);
    const [wager] = (await limits(p)).limits;
    expect(wager).toMatchObject({ kind: "wager", used: { amount: bet * 2 }, available: { amount: bet / 2 } });
    // A demo round is no money: the limit does not hold it.
    expect((await playRound(p.browser, sysname, { bet, mode: "demo", round_id: roundId() })).status).toBe(200);
  });

  it("a loss limit counts stakes less wins: a player who won may stake it again, one who lost may not", async () => {
    const p = await registerPlayer();
    await fund(p.uid, 100_000);
    const { sysname, min_bet } = await slot();
    const bet = Math.max(min_bet, 100);
    await data(setLimit(p, "loss", "week", bet * 3));
    await playedRound(p.uid, bet * 2, 0); // lost 2 bets' worth
    expect((await realRound(p, sysname, bet)).status).toBe(200);
    const lost = await playerDb(p.uid).prepare("SELECT win FROM game_rounds WHERE uid = ?1 AND sysname = ?2").bind(p.uid, sysname).first<number>("win");
    const next = await realRound(p, sysname, bet);
    // Net loss 2 bets + (bet − win): another bet fits only if that round won at least a bet back.
    if (lost! >= bet) expect(next.status).toBe(200);
    else expect((await failure(next, 400, "InvalidParameterException")).params).toMatchObject({ limit: "loss", period: "week" });
    // Winnings of the window make room: a round that paid 5 bets lets the player stake again.
    await playedRound(p.uid, bet, bet * 6);
    expect((await realRound(p, sysname, bet)).status).toBe(200);
  });

  it("two rounds at once cannot both pass a limit one of them fills", async () => {
    const p = await registerPlayer();
    await fund(p.uid, 100_000);
    const { sysname, min_bet } = await slot();
    const bet = Math.max(min_bet, 100);
    await data(setLimit(p, "wager", "day", bet));
    const answers = await Promise.all([realRound(p, sysname, bet), realRound(p, sysname, bet), realRound(p, sysname, bet)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const staked = await playerDb(p.uid)
      .prepare("SELECT COALESCE(SUM(bet), 0) AS s FROM game_rounds WHERE uid = ?1 AND mode = 'real'")
      .bind(p.uid)
      .first<number>("s");
    expect(staked).toBe(bet);
    // A retried round (its answer lost) is answered as it was, limit or not.
    const key = roundId();
    const p2 = await registerPlayer();
    await fund(p2.uid, 100_000);
    await data(setLimit(p2, "wager", "day", bet));
    const first = await data(realRound(p2, sysname, bet, key));
    expect((await data(realRound(p2, sysname, bet, key))).id).toBe(first.id);
  });

  it("holds a sports bet past a wager or loss limit on its stake", async () => {
    const p = await registerPlayer();
    await fund(p.uid, 100_000);
    await data(setLimit(p, "loss", "day", 1_500));
    const e = await makeEvent();
    await data(place(p, { selections: [e.markets[0]!.selections[0]!], stake: 1_000 }));
    const refused = await failure(place(p, { selections: [e.markets[0]!.selections[1]!], stake: 1_000 }), 400, "InvalidParameterException");
    expect(refused.params).toMatchObject({ limit: "loss", period: "day", available_amount: 500 });
    expect(refused.invalid_parameters?.stake).toBeDefined();
    expect((await data(p.browser.get("account/getBalance"))).balance_main.amount).toBe(99_000);
  });

  it("applies a lower limit at once and holds a raise or a removal for the market's wait", async () => {
    for (const id of ["international", "uk", "de", "nl", "se"] as const) {
      const p = await playerOf(id);
      await data(setLimit(p, "loss", "week", 20_000));
      const lower = await data(setLimit(p, "loss", "week", 10_000));
      expect(lower.limits[0]).toMatchObject({ limit_amount: { amount: 10_000 }, pending: null });
      const before = Date.now();
      const raised = await data(setLimit(p, "loss", "week", 50_000));
      const rules = PROFILES[id].depositLimits;
      const wait = Math.max(before + rules.raiseWaitMs, rules.raiseAfterPeriod ? raised.limits[0].expired_at : 0);
      expect(raised.limits[0]).toMatchObject({ limit_amount: { amount: 10_000 }, pending: { limit_amount: { amount: 50_000 } } });
      expect(raised.limits[0].pending.effective_at).toBeGreaterThanOrEqual(wait);
      expect(raised.limits[0].pending.effective_at).toBeLessThanOrEqual(wait + (Date.now() - before));
      const removal = await data(setLimit(p, "loss", "week"));
      expect(removal.limits[0]).toMatchObject({ limit_amount: { amount: 10_000 }, pending: { limit_amount: null } });
      // Once its time has come, the next read applies it.
      await playerDb(p.uid)
        .prepare("UPDATE play_limits SET pending_effective_at = ?2 WHERE uid = ?1")
        .bind(p.uid, Date.now() - 1)
        .run();
      expect((await limits(p)).limits).toEqual([]);
    }
  });

  it("refuses what is not a limit, and keeps the ones set", async () => {
    const p = await registerPlayer();
    await data(setLimit(p, "wager", "day", 5_000));
    for (const [fields, field] of [
      [{ kind: "bonus", period: "day", amount: 100 }, "kind"],
      [{ kind: "loss", period: "year", amount: 100 }, "period"],
      [{ kind: "loss", period: "day", amount: -5 }, "amount"],
      [{ kind: "loss", period: "day", amount: 1.5 }, "amount"],
      [{ kind: "loss", period: "day", amount: "ten" }, "amount"],
      [{ period: "day", amount: 100 }, "kind"],
    ] as const) {
      const e = await failure(p.browser.post("account/setLimit", fields), 400, "InvalidParameterException");
      expect(Object.keys(e.invalid_parameters ?? {})).toContain(field);
    }
    expect((await limits(p)).limits.map((l: any) => [l.kind, l.limit_amount.amount])).toEqual([["wager", 5_000]]);
  });
});

describe("the market's monthly deposit ceiling", () => {
  it("Germany: €1,000 a calendar month, with notices at half and at the whole", async () => {
    const p = await playerOf("de", { currency: "EUR" });
    const month = new Date();
    const end = Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1);
    expect((await limits(p)).market_cap).toEqual({
      regulator: PROFILES.de.regulator,
      limit_amount: { amount: 100_000, currency: "EUR" },
      used: { amount: 0, currency: "EUR" },
      available: { amount: 100_000, currency: "EUR" },
      expired_at: end,
      notice: null,
    });
    await insertDeposit(p.uid, 49_000);
    expect((await limits(p)).market_cap.notice).toBeNull();
    await insertDeposit(p.uid, 1_000);
    expect((await limits(p)).market_cap).toMatchObject({ used: { amount: 50_000 }, notice: "half" });
    const refused = await failure(
      p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 60_000, idempotency_key: `k-${Date.now()}` }),
      409,
      "BillingDepositLimitExceededException",
    );
    expect(refused.params).toMatchObject({ available_amount: 50_000, currency: "EUR", limit: "market", expired_at: end });
    await startDeposit(p, { amount: 50_000 });
    expect((await limits(p)).market_cap).toMatchObject({ available: { amount: 0 }, notice: "reached" });
    await failure(
      p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 2_000, idempotency_key: `k-${Date.now()}` }),
      409,
      "BillingDepositLimitExceededException",
    );
    // Last month's deposits are last month's.
    const q = await playerOf("de", { currency: "EUR" });
    const start = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1);
    await insertDeposit(q.uid, 90_000, { at: start - 1 });
    expect((await limits(q)).market_cap).toMatchObject({ used: { amount: 0 }, notice: null });
  });

  it("the Netherlands: €700, €300 under 24 (an unknown birth date counts as under), in the player's currency", async () => {
    const cap = async (p: Player) => (await limits(p)).market_cap.limit_amount;
    expect(await cap(await playerOf("nl", { currency: "EUR" }))).toEqual({ amount: 70_000, currency: "EUR" });
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 20);
    expect(await cap(await playerOf("nl", { currency: "EUR", birthDate: young.toISOString().slice(0, 10) }))).toEqual({ amount: 30_000, currency: "EUR" });
    const unknown = await playerOf("nl", { currency: "EUR" });
    await env.DB.prepare("UPDATE users SET birth_date = NULL WHERE uid = ?1").bind(unknown.uid).run();
    expect(await cap(unknown)).toEqual({ amount: 30_000, currency: "EUR" });
    // A dollar player's ceiling is €700 at the site's rates.
    const rates = (await data((await playerOf("nl")).browser.get("account/getcurrencyrates"))).rates;
    const usd = await cap(await playerOf("nl"));
    expect(usd.currency).toBe("USD");
    expect(usd.amount).toBe(Math.floor((70_000 * rates.USD) / rates.EUR + 1e-9));
  });

  it("a site whose own profile is Germany's holds its players of unprofiled countries to it", async () => {
    await setSiteJurisdiction("de");
    const p = await registerPlayer({ currency: "EUR" });
    expect((await limits(p)).market_cap).toMatchObject({ limit_amount: { amount: 100_000, currency: "EUR" } });
  });
});

describe("the limit review reminder (decision 0091)", () => {
  const HALF_YEAR = 183 * DAY;
  const due = async (p: Player) => (await data(p.browser.get("account/getResponsibleGaming"))).limits_review_due;
  const age = (uid: number, table: string, column: string, ms: number) =>
    playerDb(uid).prepare(`UPDATE ${table} SET ${column} = ${column} - ?2 WHERE uid = ?1`).bind(uid, ms).run();

  it("comes six months after the limits were last set, changed or kept, and not to a player without limits", async () => {
    const p = await registerPlayer();
    expect(await due(p)).toBe(false);
    await data(setLimit(p, "loss", "week", 10_000));
    expect(await due(p)).toBe(false);
    await age(p.uid, "play_limits", "updated_at", HALF_YEAR);
    expect(await due(p)).toBe(true);
    // "Keep my limits": the next reminder six months on.
    expect(await data(p.browser.post("account/reviewLimits"))).toBe(1);
    expect(await due(p)).toBe(false);
    await age(p.uid, "limit_reviews", "reviewed_at", HALF_YEAR);
    expect(await due(p)).toBe(true);
    // A change answers it too.
    await data(setLimit(p, "loss", "week", 5_000));
    expect(await due(p)).toBe(false);
  });

  it("counts the SPEC's deposit limit, and a removed one no more", async () => {
    const p = await registerPlayer();
    await data(p.browser.post("account/setDepositLimit", { period: "7", amount: 20_000 }));
    await age(p.uid, "deposit_limits", "updated_at", HALF_YEAR);
    expect(await due(p)).toBe(true);
    await playerDb(p.uid).prepare("UPDATE deposit_limits SET limit_amount = NULL, period_days = NULL, anchor_at = NULL WHERE uid = ?1").bind(p.uid).run();
    expect(await due(p)).toBe(false);
    await failure(new Browser().post("account/reviewLimits"), 401, "AuthorizationException");
  });
});
