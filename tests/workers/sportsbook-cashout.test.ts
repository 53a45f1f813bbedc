import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cashOutBet, DEFAULT_CASHOUT_MARGIN } from "../../workers/platform/sportsbook/cashout";
import { MARGIN } from "../../workers/platform/sportsbook/feed-odds";
import { settleEvent, settleLeftovers } from "../../workers/platform/sportsbook/settle";
import { data, failure } from "./helpers";
import { playerDb } from "./player-db";
import {
  activeFreeBet,
  balances,
  bettor,
  contextFor,
  ledgerSum,
  type MadeEvent,
  makeEvent,
  place,
  setEvent,
  setMarket,
  setOdds,
  settleMarket,
} from "./sportsbook-helpers";

/**
 * Cash out (issue 42, decision 0105): a signed, expiring offer priced from the current chances with
 * the operator's margin; taken once, in full or in part, the credit and the bet's change in one step;
 * and never paid beside the bet's settlement.
 */

type Bettor = Awaited<ReturnType<typeof bettor>>;
const mr = (e: MadeEvent) => e.markets[0]!;
const quote = (p: Bettor, bet_id: string) => p.browser.get("sportsbook/getCashOut", { bet_id });
const cashOut = (p: Bettor, token: string, amount?: number) => p.browser.post("sportsbook/cashOut", { token, ...(amount ? { amount } : {}) });
const betOf = async (p: Bettor, id: string) => (await data(p.browser.get("sportsbook/getBets", { count: 100 }))).items.find((b: { id: string }) => b.id === id);
/** The offer's value as decision 0105 defines it, for a single on `stake` riding at `taken` odds, quoted at `now` odds. */
const offerValue = (stake: number, taken: number, now: number) =>
  Math.floor((Math.floor((stake * taken) / 100) * Math.min(1, 100 / (now * MARGIN))) / DEFAULT_CASHOUT_MARGIN);

async function single(p: Bettor, odds = [250, 320, 300], stake = 1_000) {
  const e = await makeEvent({ status: "live", markets: [{ odds }] });
  const bet = (await data(place(p, { selections: [mr(e).selections[0]!], stake }))).bet;
  return { e, bet };
}

/** Finishes the event with home winning and settles it. */
async function homeWins(e: MadeEvent) {
  await settleMarket(mr(e), ["win", "lose", "lose"]);
  await setEvent(e.id, "finished");
  return settleEvent(env, e.id);
}

describe("cash out", () => {
  it("offers what the stake is worth now and pays it once: the bet is cashed out, settlement pays nothing more", async () => {
    const p = await bettor(10_000);
    const { e, bet } = await single(p);
    const q = await data(quote(p, bet.id));
    const value = offerValue(1_000, 250, 250);
    expect(q).toMatchObject({ bet_id: bet.id, value: { amount: value, currency: "USD" }, open_stake: { amount: 1_000 }, partial_min: { amount: 10 } });
    expect(q.expires_at).toBeGreaterThan(Date.now());
    const taken = await data(cashOut(p, q.token));
    expect(taken.paid).toEqual({ amount: value, currency: "USD" });
    expect(taken.bet).toMatchObject({ status: "cashed_out", payout: { amount: value }, cashed_out: { amount: value }, open_stake: { amount: 0 } });
    // Taken again: the same cash-out, no more money.
    expect((await data(cashOut(p, q.token))).paid.amount).toBe(value);
    // Cashed out in full, the bet is settled: it earns loyalty points on its stake as a settled bet does, once.
    const earned = await playerDb(p.uid)
      .prepare("SELECT wagered FROM loyalty_ledger WHERE uid = ?1 AND key = ?2")
      .bind(p.uid, `sport-bet:${bet.id}`)
      .all<{ wagered: number }>();
    expect(earned.results).toEqual([{ wagered: 1_000 }]);
    expect(await balances(p)).toMatchObject({ main: 10_000 - 1_000 + value });
    expect((await failure(quote(p, bet.id), 409, "InvalidParameterException")).params?.code).toBe("cashout_unavailable");
    await homeWins(e);
    expect(await betOf(p, bet.id)).toMatchObject({ status: "cashed_out", payout: { amount: value } });
    expect(await balances(p)).toMatchObject({ main: 10_000 - 1_000 + value });
    expect(await ledgerSum(p.uid, "main")).toBe(10_000 - 1_000 + value);
  });

  it("cashes out a part: that part of the stake comes off, the rest rides and is paid at the taken odds", async () => {
    const p = await bettor(10_000);
    const { e, bet } = await single(p);
    const q = await data(quote(p, bet.id));
    const amount = Math.floor(q.value.amount / 2);
    const taken = await data(cashOut(p, q.token, amount));
    const part = Math.ceil((amount * 1_000) / q.value.amount);
    expect(taken.bet).toMatchObject({
      status: "open",
      open_stake: { amount: 1_000 - part },
      cashed_out: { amount },
      potential_return: { amount: Math.floor(((1_000 - part) * 250) / 100) },
    });
    // The first offer was for the whole stake: it cannot be taken again for what rides now.
    expect((await failure(cashOut(p, (await data(quote(p, bet.id))).token, 1), 400, "InvalidParameterException")).params).toMatchObject({
      code: "partial_out_of_range",
      min: 10,
    });
    await homeWins(e);
    const won = Math.floor(((1_000 - part) * 250) / 100);
    expect(await betOf(p, bet.id)).toMatchObject({ status: "won", payout: { amount: won }, cashed_out: { amount } });
    expect(await balances(p)).toMatchObject({ main: 10_000 - 1_000 + amount + won });
    expect(await ledgerSum(p.uid, "main")).toBe(10_000 - 1_000 + amount + won);
  });

  it("takes or refuses a value that moved by the player's rule, and refuses an expired, forged or another player's offer", async () => {
    const p = await bettor(10_000);
    const { e, bet } = await single(p);
    const q = await data(quote(p, bet.id));
    // The home side drifts: the bet is worth less. 'higher' (the default) refuses, telling the value now.
    await setOdds(mr(e).selections[0]!, 400);
    const moved = await failure(cashOut(p, q.token), 409, "InvalidParameterException");
    expect(moved.params).toMatchObject({ code: "cashout_changed", value: offerValue(1_000, 250, 400) });
    // It shortens: worth more, so 'higher' takes it, at the value now.
    const q2 = await data(quote(p, bet.id));
    await setOdds(mr(e).selections[0]!, 200);
    expect((await data(cashOut(p, q2.token))).paid.amount).toBe(offerValue(1_000, 250, 200));

    const { bet: other } = await single(p);
    const q3 = await data(quote(p, other.id));
    await expect(cashOutBet(contextFor(p.uid), q3.token, undefined, Date.now() + 60_000)).rejects.toMatchObject({ params: { code: "quote_expired" } });
    const forged = `${q3.token.split(".")[0]}x.${q3.token.split(".")[1]}`;
    expect((await failure(cashOut(p, forged), 400, "InvalidParameterException")).params?.code).toBe("quote_invalid");
    const stranger = await bettor(0);
    expect((await failure(cashOut(stranger, q3.token), 400, "InvalidParameterException")).params?.code).toBe("quote_invalid");
    expect((await failure(quote(stranger, other.id), 404, "InvalidParameterException")).params?.code).toBe("unknown_bet");
  });

  it("is not offered on a suspended market, a free bet, or a bad bet id", async () => {
    const p = await bettor(10_000);
    const { e, bet } = await single(p);
    await setMarket(mr(e).id, "suspended");
    expect((await failure(quote(p, bet.id), 409, "InvalidParameterException")).params?.code).toBe("cashout_unavailable");
    await setMarket(mr(e).id, "open");
    await activeFreeBet(p, "free-bet");
    const e2 = await makeEvent({ status: "live", markets: [{ odds: [250, 320, 300] }] });
    const free = (await data(place(p, { selections: [mr(e2).selections[0]!], stake: 500, funding: "betting_bonus" }))).bet;
    expect((await failure(quote(p, free.id), 409, "InvalidParameterException")).params?.code).toBe("cashout_unavailable");
    expect((await failure(quote(p, "nope"), 400, "InvalidParameterException")).invalid_parameters?.bet_id).toBeTruthy();
    expect((await failure(cashOut(p, "garbage"), 400, "InvalidParameterException")).params?.code).toBe("quote_invalid");
    expect((await failure(cashOut(p, (await data(quote(p, bet.id))).token, -5), 400, "InvalidParameterException")).invalid_parameters?.amount).toBeTruthy();
  });

  it("a cash-out taken while the event finishes pays exactly one of the two, each time", async () => {
    const p = await bettor(20_000);
    const runs = [];
    for (let i = 0; i < 4; i++) {
      const { e, bet } = await single(p);
      const q = await data(quote(p, bet.id));
      const [taken] = await Promise.all([cashOut(p, q.token).then((r) => r.json() as Promise<any>), homeWins(e)]);
      await settleLeftovers(env);
      const after = await betOf(p, bet.id);
      runs.push({ taken: Boolean(taken.data), status: after.status, payout: after.payout.amount, value: q.value.amount });
      expect(after.status === "cashed_out").toBe(Boolean(taken.data));
      expect(after.payout.amount).toBe(after.status === "cashed_out" ? q.value.amount : 2_500);
    }
    const paid = runs.reduce((s, r) => s + r.payout, 0);
    expect(await balances(p)).toMatchObject({ main: 20_000 - 4 * 1_000 + paid });
    expect(await ledgerSum(p.uid, "main")).toBe(20_000 - 4 * 1_000 + paid);
  });

  it("a partial cash-out racing the settlement: what was cashed plus what the rest won, nothing twice", async () => {
    const p = await bettor(20_000);
    for (let i = 0; i < 3; i++) {
      const before = (await balances(p)).main;
      const { e, bet } = await single(p);
      const q = await data(quote(p, bet.id));
      const amount = Math.floor(q.value.amount / 3);
      await Promise.all([cashOut(p, q.token, amount), homeWins(e)]);
      await settleLeftovers(env);
      const after = await betOf(p, bet.id);
      expect(after.status).toBe("won");
      expect(after.payout.amount).toBe(Math.floor((after.open_stake.amount * 250) / 100));
      expect([0, amount]).toContain(after.cashed_out.amount);
      expect((await balances(p)).main).toBe(before - 1_000 + after.cashed_out.amount + after.payout.amount);
    }
    expect(await ledgerSum(p.uid, "main")).toBe((await balances(p)).main);
  });
});
