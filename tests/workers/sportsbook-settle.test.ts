import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BET_SETTLED_EVENT, settleEvent, settleLeftovers } from "../../workers/platform/sportsbook/settle";
import { data } from "./helpers";
import { connect, tokenFor } from "./realtime-helpers";
import { activeFreeBet, balances, bettor, ledgerSum, makeEvent, place, setEvent, settleMarket, type MadeEvent } from "./sportsbook-helpers";
import { playerDb } from "./player-db";

/** settleEvent (decision 0049): results by the shared rules, paid through the wallet exactly once. */

const bet = async (p: Awaited<ReturnType<typeof bettor>>, id: string) =>
  (await data(p.browser.get("sportsbook/getBets", { count: 100 }))).items.find((b: { id: string }) => b.id === id);
const mr = (e: MadeEvent) => e.markets[0]!;
/** Finishes an event: its match result settled with home winning (or the given results). */
async function finish(e: MadeEvent, results: ("win" | "lose" | "void")[] = ["win", "lose", "lose"]) {
  await settleMarket(mr(e), results);
  await setEvent(e.id, "finished");
  return settleEvent(env, e.id);
}

describe("settleEvent", () => {
  it("pays a won single to the main balance, once, and tells the player on their channel", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ markets: [{ odds: [185, 340, 420] }] });
    const placed = (await data(place(p, { selections: [mr(e).selections[0]!], stake: 1_000 }))).bet;
    const lost = (await data(place(p, { selections: [mr(e).selections[2]!], stake: 500 }))).bet;
    const socket = await connect(await tokenFor(p.uid));
    expect(await finish(e)).toEqual({ settled: 2 });
    expect(await bet(p, placed.id)).toMatchObject({ status: "won", payout: { amount: 1_850, currency: "USD" }, legs: [{ result: "win" }] });
    expect(await bet(p, lost.id)).toMatchObject({ status: "lost", payout: { amount: 0 }, legs: [{ result: "lose" }] });
    expect(await balances(p)).toMatchObject({ main: 10_000 - 1_500 + 1_850 });
    expect(await ledgerSum(p.uid, "main")).toBe(10_350);
    const seen: { event: string; data: any }[] = [];
    for (let i = 0; i < 6 && seen.filter((m) => m.event === BET_SETTLED_EVENT).length < 2; i++) {
      const m = await socket.next(3000);
      if (m) seen.push(m);
    }
    const settled = seen.filter((m) => m.event === BET_SETTLED_EVENT).map((m) => m.data);
    expect(settled).toEqual(
      expect.arrayContaining([
        { bet_id: placed.id, status: "won", payout: { amount: 1_850, currency: "USD" } },
        { bet_id: lost.id, status: "lost", payout: { amount: 0, currency: "USD" } },
      ]),
    );
    expect(seen.some((m) => m.event === "account.balance_updated")).toBe(true);
    socket.ws.close();
    // Called again: nothing more.
    expect(await settleEvent(env, e.id)).toEqual({ settled: 0 });
    expect(await balances(p)).toMatchObject({ main: 10_350 });
  });

  it("settles exactly once when called concurrently", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }] });
    for (let i = 0; i < 5; i++) await data(place(p, { selections: [mr(e).selections[0]!], stake: 100 }));
    await settleMarket(mr(e), ["win", "lose", "lose"]);
    const runs = await Promise.all(Array.from({ length: 6 }, () => settleEvent(env, e.id)));
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(5);
    expect(await balances(p)).toMatchObject({ main: 10_000 - 500 + 5 * 200 });
    expect(await ledgerSum(p.uid, "main")).toBe(10_500);
    const wins = await playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM ledger WHERE uid = ?1 AND type = 'sport_win'").bind(p.uid).first<number>("n");
    expect(wins).toBe(5);
  });

  it("a fan-out to many bettors settles them in parallel lanes, each bet once even when two settlements run together", async () => {
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }] });
    // More bettors than lanes (16), so the lanes take the next bettor as they finish.
    const players = await Promise.all(Array.from({ length: 20 }, () => bettor(1_000)));
    const bets = await Promise.all(players.map(async (p) => (await data(place(p, { selections: [mr(e).selections[0]!], stake: 100 }))).bet));
    await settleMarket(mr(e), ["win", "lose", "lose"]);
    await setEvent(e.id, "finished");
    const runs = await Promise.all([settleEvent(env, e.id), settleEvent(env, e.id)]);
    expect(runs[0]!.settled + runs[1]!.settled).toBe(20);
    for (const [i, p] of players.entries()) {
      expect(await bet(p, bets[i].id)).toMatchObject({ status: "won", payout: { amount: 200 } });
      expect(await balances(p)).toMatchObject({ main: 1_000 - 100 + 200 });
    }
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM sport_event_bettors WHERE event_id = ?1").bind(e.id).first<number>("n");
    expect(left).toBe(0);
  });

  it("an event ended while its settlement died part way: the minute cron's sweep settles the bettors left, once", async () => {
    const [a, b] = [await bettor(10_000), await bettor(10_000)];
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }] });
    const betA = (await data(place(a, { selections: [mr(e).selections[0]!], stake: 1_000 }))).bet;
    const betB = (await data(place(b, { selections: [mr(e).selections[0]!], stake: 500 }))).bet;
    // The feed wrote the result, the Worker settling the event died before any bettor was settled.
    await settleMarket(mr(e), ["win", "lose", "lose"]);
    await setEvent(e.id, "finished");
    // An event still running is not the sweep's: only ended ones.
    const running = await makeEvent({ markets: [{ odds: [200, 340, 380] }] });
    const open = (await data(place(a, { selections: [mr(running).selections[0]!], stake: 100 }))).bet;

    const swept = await settleLeftovers(env);
    expect(swept.settled).toBe(2);
    expect(await bet(a, betA.id)).toMatchObject({ status: "won", payout: { amount: 2_000 } });
    expect(await bet(b, betB.id)).toMatchObject({ status: "won", payout: { amount: 1_000 } });
    expect(await bet(a, open.id)).toMatchObject({ status: "open" });
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM sport_event_bettors WHERE event_id = ?1").bind(e.id).first<number>("n");
    expect(left).toBe(0);
    // The next sweep finds nothing of that event; the balances moved once.
    expect((await settleLeftovers(env)).settled).toBe(0);
    expect(await balances(a)).toMatchObject({ main: 10_000 - 1_000 - 100 + 2_000 });
    expect(await balances(b)).toMatchObject({ main: 10_000 - 500 + 1_000 });
  });

  it("settles totals and handicaps by the results the feed wrote; a bet on a market not yet decided stays open", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }, { kind: "total", odds: [190, 190] }, { kind: "handicap", odds: [300, 140] }] });
    const [, total, handicap] = e.markets as [unknown, MadeEvent["markets"][number], MadeEvent["markets"][number]];
    const over = (await data(place(p, { selections: [total.selections[0]!], stake: 100 }))).bet;
    const away = (await data(place(p, { selections: [handicap.selections[1]!], stake: 100 }))).bet;
    await settleMarket(total, ["win", "lose"]);
    expect(await settleEvent(env, e.id)).toEqual({ settled: 1 });
    expect(await bet(p, over.id)).toMatchObject({ status: "won", payout: { amount: 190 } });
    expect(await bet(p, away.id)).toMatchObject({ status: "open", payout: null });
    await settleMarket(handicap, ["lose", "win"]);
    expect(await settleEvent(env, e.id)).toEqual({ settled: 1 });
    expect(await bet(p, away.id)).toMatchObject({ status: "won", payout: { amount: 140 } });
  });

  it("accumulators: won, one leg lost, a void leg counted as 1.00, all legs void (stake back); open while a leg is undecided", async () => {
    const p = await bettor(10_000);
    const ev = () => makeEvent({ markets: [{ odds: [200, 340, 150] }] });
    const [a, b, c] = await Promise.all([ev(), ev(), ev()]);
    const home = (e: MadeEvent) => mr(e).selections[0]!;
    const away = (e: MadeEvent) => mr(e).selections[2]!;
    const lostLeg = (await data(place(p, { selections: [home(a), home(b), away(c)], stake: 100 }))).bet;
    const voidLeg = (await data(place(p, { selections: [home(a), away(b)], stake: 100 }))).bet;
    const allWin = (await data(place(p, { selections: [home(a), home(c)], stake: 100 }))).bet;
    const voidAndWin = (await data(place(p, { selections: [home(b), home(c)], stake: 100 }))).bet;
    expect(await balances(p)).toMatchObject({ main: 9_600 });
    // a: home wins. Nothing settles yet, but the legs on a are decided.
    expect(await finish(a)).toEqual({ settled: 0 });
    expect((await bet(p, lostLeg.id)).legs.map((l: { result: string | null }) => l.result)).toEqual(["win", null, null]);
    expect((await bet(p, lostLeg.id)).status).toBe("open");
    // b: cancelled, every market void. voidLeg (a won, b void) → won at 2.00 × 1.00.
    await settleMarket(mr(b), ["void", "void", "void"], "void");
    await setEvent(b.id, "cancelled");
    expect(await settleEvent(env, b.id)).toEqual({ settled: 1 });
    expect(await bet(p, voidLeg.id)).toMatchObject({ status: "won", odds: 200, payout: { amount: 200 } });
    // c: home wins, away loses.
    expect(await finish(c)).toEqual({ settled: 3 });
    expect(await bet(p, lostLeg.id)).toMatchObject({ status: "lost", payout: { amount: 0 } });
    expect((await bet(p, lostLeg.id)).legs.map((l: { result: string | null }) => l.result)).toEqual(["win", "void", "lose"]);
    expect(await bet(p, allWin.id)).toMatchObject({ status: "won", odds: 400, payout: { amount: 400 } });
    expect(await bet(p, voidAndWin.id)).toMatchObject({ status: "won", odds: 200, payout: { amount: 200 } });
    expect(await balances(p)).toMatchObject({ main: 9_600 + 200 + 400 + 200 });
    expect(await ledgerSum(p.uid, "main")).toBe(10_400);
  });

  it("an accumulator with every leg void is void: the stake goes back to the main balance", async () => {
    const p = await bettor(1_000);
    const [d, f] = await Promise.all([makeEvent(), makeEvent()]);
    const b = (await data(place(p, { selections: [mr(d).selections[0]!, mr(f).selections[1]!], stake: 300 }))).bet;
    await settleMarket(mr(d), ["void", "void", "void"], "void");
    await settleMarket(mr(f), ["void", "void", "void"], "void");
    expect(await settleEvent(env, f.id)).toEqual({ settled: 1 });
    expect(await bet(p, b.id)).toMatchObject({ status: "void", odds: 100, payout: { amount: 300 } });
    expect(await balances(p)).toMatchObject({ main: 1_000 });
    const refund = await playerDb(p.uid).prepare("SELECT type, delta FROM ledger WHERE uid = ?1 AND reference = ?2 ORDER BY id").bind(p.uid, b.id).all();
    expect(refund.results).toEqual([
      { type: "sport_bet", delta: -300 },
      { type: "sport_refund", delta: 300 },
    ]);
  });

  it("free bets: stake not returned pays return − stake; stake returned pays the return; both capped at max_payout; wins go to main", async () => {
    const snr = await bettor();
    await activeFreeBet(snr, "free-bet");
    const e = await makeEvent({ markets: [{ odds: [300, 340, 250] }] });
    const a = (await data(place(snr, { selections: [mr(e).selections[0]!], stake: 500, funding: "betting_bonus" }))).bet;
    const sr = await bettor();
    await activeFreeBet(sr, "free-bet-sr");
    const b = (await data(place(sr, { selections: [mr(e).selections[0]!], stake: 500, funding: "betting_bonus" }))).bet;
    expect(b).toMatchObject({ stake_returned: true, potential_return: { amount: 1_500 } });
    // Capped: 5.00 at 12.00 and 11.00 returns 660.00, paid at most 50.00.
    const capped = await bettor();
    await activeFreeBet(capped, "free-bet-sr");
    const [x, y] = await Promise.all([makeEvent({ markets: [{ odds: [1_200, 340, 110] }] }), makeEvent({ markets: [{ odds: [1_100, 340, 110] }] })]);
    const c = (await data(place(capped, { selections: [mr(x).selections[0]!, mr(y).selections[0]!], stake: 500, funding: "betting_bonus" }))).bet;
    expect(c.potential_return).toEqual({ amount: 5_000, currency: "USD" });
    await finish(e);
    await finish(x);
    await finish(y);
    expect(await bet(snr, a.id)).toMatchObject({ status: "won", payout: { amount: 1_000 } });
    expect(await bet(sr, b.id)).toMatchObject({ status: "won", payout: { amount: 1_500 } });
    expect(await bet(capped, c.id)).toMatchObject({ status: "won", payout: { amount: 5_000 } });
    expect(await balances(snr)).toEqual({ main: 1_000, betting: 0 });
    expect(await balances(sr)).toEqual({ main: 1_500, betting: 0 });
    expect(await balances(capped)).toEqual({ main: 5_000, betting: 0 });
    for (const p of [snr, sr, capped]) expect(await ledgerSum(p.uid, "main")).toBe((await balances(p)).main);
  });

  it("a void free bet returns its stake to the betting-bonus balance while the bonus is active, else nothing", async () => {
    const kept = await bettor();
    await activeFreeBet(kept, "free-bet");
    const gone = await bettor();
    const goneBonus = await activeFreeBet(gone, "free-bet");
    const e = await makeEvent();
    const a = (await data(place(kept, { selections: [mr(e).selections[0]!], stake: 500, funding: "betting_bonus" }))).bet;
    const b = (await data(place(gone, { selections: [mr(e).selections[0]!], stake: 500, funding: "betting_bonus" }))).bet;
    await data(gone.browser.post("BettingBonuses/remove", { bonus_id: goneBonus }));
    await settleMarket(mr(e), ["void", "void", "void"], "void");
    await setEvent(e.id, "cancelled");
    expect(await settleEvent(env, e.id)).toEqual({ settled: 2 });
    expect(await bet(kept, a.id)).toMatchObject({ status: "void", payout: { amount: 500 } });
    expect(await balances(kept)).toEqual({ main: 0, betting: 500 });
    expect(await bet(gone, b.id)).toMatchObject({ status: "void", payout: { amount: 0 } });
    expect(await balances(gone)).toEqual({ main: 0, betting: 0 });
    expect(await ledgerSum(kept.uid, "betting_bonus")).toBe(500);
    expect(await ledgerSum(gone.uid, "betting_bonus")).toBe(0);
  });

  it("earns loyalty points for settled real-money bets (the 'sport' rate), once; void bets and free bets earn nothing", async () => {
    const p = await bettor(100_000);
    await activeFreeBet(p, "free-bet");
    const points = async () => (await playerDb(p.uid).prepare("SELECT points FROM loyalty_accounts WHERE uid = ?1").bind(p.uid).first<number>("points")) ?? 0;
    const before = await points();
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }, { kind: "total", odds: [190, 190] }] });
    const [mrk, total] = e.markets as [MadeEvent["markets"][number], MadeEvent["markets"][number]];
    await data(place(p, { selections: [mrk.selections[0]!], stake: 10_000 }));
    await data(place(p, { selections: [mrk.selections[2]!], stake: 3_000 }));
    await data(place(p, { selections: [total.selections[0]!], stake: 50_000 }));
    await data(place(p, { selections: [mrk.selections[0]!], stake: 500, funding: "betting_bonus" }));
    await settleMarket(mrk, ["win", "lose", "lose"]);
    await settleMarket(total, ["void", "void"], "void");
    await Promise.all([settleEvent(env, e.id), settleEvent(env, e.id)]);
    // USD: 20.00 staked per point. 100.00 won + 30.00 lost = 6.5 points: 6, the half carried; the void 500.00 and the free bet nothing.
    expect((await points()) - before).toBe(6);
    const rows = await playerDb(p.uid)
      .prepare("SELECT delta, wagered FROM loyalty_ledger WHERE uid = ?1 AND key LIKE 'sport-bet:%' ORDER BY id")
      .bind(p.uid)
      .all();
    expect(rows.results).toHaveLength(2);
    expect(rows.results.map((r) => r.wagered).sort()).toEqual([10_000, 3_000].sort());
    // The points history names them as sports bets (reason 'sport', migration 0032), not as casino rounds.
    const history = await data(p.browser.get("loyalty/gethistory", { offset: 0, limit: 20 }));
    const sport = history.items.filter((i: { reason: string }) => i.reason === "sport");
    expect(sport.map((i: { delta: number }) => i.delta).sort()).toEqual([1, 5]);
    expect(history.items.some((i: { reason: string }) => i.reason === "round")).toBe(false);
  });
});
