import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_CASHOUT_MARGIN } from "../../workers/platform/sportsbook/cashout";
import { applyStep } from "../../workers/platform/sportsbook/feed-apply";
import { MARGIN } from "../../workers/platform/sportsbook/feed-odds";
import { BET_SETTLED_EVENT, settleLeftovers } from "../../workers/platform/sportsbook/settle";
import { data, failure } from "./helpers";
import { playerDb } from "./player-db";
import { connect, tokenFor } from "./realtime-helpers";
import { balances, bettor, ledgerSum, type MadeEvent, makeEvent, place } from "./sportsbook-helpers";

/**
 * Auto cash-out (issue 42, decision 0110): a threshold on an open bet, checked at every feed step on
 * its events; the first step that prices the bet at the threshold or more cashes it out in full, as
 * the player's own cash-out would, and never beside the bet's settlement.
 */

type Bettor = Awaited<ReturnType<typeof bettor>>;
const mr = (e: MadeEvent) => e.markets[0]!;
const home = (e: MadeEvent) => mr(e).selections[0]!;
const setAuto = (p: Bettor, bet_id: string, value?: number) =>
  p.browser.post("sportsbook/setAutoCashOut", { bet_id, ...(value === undefined ? {} : { value }) });
const betOf = async (p: Bettor, id: string) => (await data(p.browser.get("sportsbook/getBets", { count: 100 }))).items.find((b: { id: string }) => b.id === id);
/** The cash-out value of decision 0105 for a single of 10.00 taken at 2.50, priced at `now` odds. */
const valueAt = (now: number) => Math.floor((2_500 * Math.min(1, 100 / (now * MARGIN))) / DEFAULT_CASHOUT_MARGIN);
/** The feed moves the home side's odds. */
const oddsStep = (e: MadeEvent, odds: number) => applyStep(env, e.id, { type: "odds", changes: [{ selection_id: home(e), odds }] });
const listed = async (betId: string) =>
  (await env.DB.prepare("SELECT event_id FROM sport_auto_cashouts WHERE bet_id = ?1").bind(betId).all<{ event_id: number }>()).results.map((r) => r.event_id);

async function single(p: Bettor) {
  const e = await makeEvent({ status: "live", markets: [{ odds: [250, 320, 300] }] });
  const bet = (await data(place(p, { selections: [home(e)], stake: 1_000 }))).bet;
  return { e, bet };
}

describe("auto cash-out", () => {
  it("cashes the bet out by itself at the first step whose value reaches the threshold, once, and says so", async () => {
    const p = await bettor(10_000);
    const { e, bet } = await single(p);
    const threshold = valueAt(170);
    const set = await data(setAuto(p, bet.id, threshold));
    expect(set.bet).toMatchObject({ id: bet.id, status: "open", auto_cashout: { amount: threshold, currency: "USD" } });
    expect(await listed(bet.id)).toEqual([e.id]);
    // A step that does not get there: the bet rides.
    await oddsStep(e, 200);
    expect(await betOf(p, bet.id)).toMatchObject({ status: "open", auto_cashout: { amount: threshold } });
    const socket = await connect(await tokenFor(p.uid));
    // One that does: cashed out at the value now (more than the threshold), the credit with it.
    await oddsStep(e, 160);
    const paid = valueAt(160);
    expect(paid).toBeGreaterThanOrEqual(threshold);
    expect(await betOf(p, bet.id)).toMatchObject({
      status: "cashed_out",
      payout: { amount: paid },
      cashed_out: { amount: paid },
      open_stake: { amount: 0 },
      auto_cashout: { amount: threshold },
    });
    expect(await balances(p)).toMatchObject({ main: 10_000 - 1_000 + paid });
    const rows = await playerDb(p.uid).prepare("SELECT amount, auto FROM sport_bet_cashouts WHERE bet_id = ?1").bind(bet.id).all();
    expect(rows.results).toEqual([{ amount: paid, auto: 1 }]);
    expect(await listed(bet.id)).toEqual([]);
    let heard: { event: string; data: unknown } | null = null;
    for (let i = 0; i < 6 && heard?.event !== BET_SETTLED_EVENT; i++) heard = await socket.next(3000);
    expect(heard).toMatchObject({ event: BET_SETTLED_EVENT, data: { bet_id: bet.id, status: "cashed_out", payout: { amount: paid, currency: "USD" } } });
    socket.ws.close();
    // Later steps and the end pay nothing more.
    await oddsStep(e, 120);
    await applyStep(env, e.id, { type: "finish", home: 2, away: 0 });
    expect(await betOf(p, bet.id)).toMatchObject({ status: "cashed_out", payout: { amount: paid } });
    expect(await ledgerSum(p.uid, "main")).toBe(10_000 - 1_000 + paid);
  });

  it("refuses a threshold the bet is worth already or can never reach, and bad input, changing nothing", async () => {
    const p = await bettor(10_000);
    const { bet } = await single(p);
    const now = valueAt(250);
    const low = await failure(setAuto(p, bet.id, now), 400, "InvalidParameterException");
    expect(low.params).toMatchObject({ code: "auto_cashout_range", min: now + 1, max: Math.floor(2_500 / DEFAULT_CASHOUT_MARGIN) });
    expect((await failure(setAuto(p, bet.id, 2_500), 400, "InvalidParameterException")).params?.code).toBe("auto_cashout_range");
    expect((await failure(setAuto(p, bet.id, -5), 400, "InvalidParameterException")).invalid_parameters?.value).toBeTruthy();
    expect((await failure(setAuto(p, "nope"), 400, "InvalidParameterException")).invalid_parameters?.bet_id).toBeTruthy();
    const stranger = await bettor(0);
    expect((await failure(setAuto(stranger, bet.id, now + 10), 404, "InvalidParameterException")).params?.code).toBe("unknown_bet");
    expect(await betOf(p, bet.id)).toMatchObject({ status: "open", auto_cashout: null });
    expect(await listed(bet.id)).toEqual([]);
  });

  it("turned off, or cleared by a partial cash-out, it does nothing; a suspended market waits for the next step", async () => {
    const p = await bettor(10_000);
    const { e, bet } = await single(p);
    await data(setAuto(p, bet.id, valueAt(200)));
    expect((await data(setAuto(p, bet.id))).bet.auto_cashout).toBeNull();
    await oddsStep(e, 150);
    expect(await betOf(p, bet.id)).toMatchObject({ status: "open", auto_cashout: null });
    // The step dropped the site's row of a bet without a threshold.
    expect(await listed(bet.id)).toEqual([]);

    // A part cashed out by the player clears the threshold.
    const { e: e2, bet: b2 } = await single(p);
    await data(setAuto(p, b2.id, valueAt(200)));
    const q = await data(p.browser.get("sportsbook/getCashOut", { bet_id: b2.id }));
    await data(p.browser.post("sportsbook/cashOut", { token: q.token, amount: 100 }));
    expect((await betOf(p, b2.id)).auto_cashout).toBeNull();
    await oddsStep(e2, 150);
    expect((await betOf(p, b2.id)).status).toBe("open");

    // Suspended at the step that would reach it: nothing; the step that reopens the market cashes out.
    const { e: e3, bet: b3 } = await single(p);
    await data(setAuto(p, b3.id, valueAt(200)));
    await applyStep(env, e3.id, { type: "suspend", market_ids: [mr(e3).id], changes: [{ selection_id: home(e3), odds: 150 }] });
    expect((await betOf(p, b3.id)).status).toBe("open");
    expect(await listed(b3.id)).toEqual([e3.id]);
    await applyStep(env, e3.id, { type: "resume", market_ids: [mr(e3).id] });
    expect(await betOf(p, b3.id)).toMatchObject({ status: "cashed_out", payout: { amount: valueAt(150) } });
  });

  it("a threshold reached at the step racing the event's end pays exactly one of the two, each time", async () => {
    const p = await bettor(20_000);
    let paid = 0;
    for (let i = 0; i < 4; i++) {
      const { e, bet } = await single(p);
      await data(setAuto(p, bet.id, valueAt(200)));
      // The feed's own steps race: a move that reaches the threshold, and the final whistle.
      await Promise.allSettled([oddsStep(e, 150), applyStep(env, e.id, { type: "finish", home: 1, away: 0 })]);
      await settleLeftovers(env);
      const after = await betOf(p, bet.id);
      expect(["cashed_out", "won"]).toContain(after.status);
      expect(after.payout.amount).toBe(after.status === "cashed_out" ? valueAt(150) : 2_500);
      paid += after.payout.amount;
    }
    expect(await balances(p)).toMatchObject({ main: 20_000 - 4 * 1_000 + paid });
    expect(await ledgerSum(p.uid, "main")).toBe(20_000 - 4 * 1_000 + paid);
  });
});
