import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyStep } from "../../workers/platform/sportsbook/feed-apply";
import { data } from "./helpers";
import { balances, bettor, ledgerSum, type MadeEvent, makeEvent, place } from "./sportsbook-helpers";

/**
 * Early payout (issue 42, decision 0107): a match-result pick is paid as a winner the moment its side
 * leads by the sport's margin (two goals in football, twenty points in basketball), once, and stays
 * won whatever the final result; a draw is never paid early; the rule runs on the feed's score steps
 * and again at the end for a bettor the step's fan-out missed.
 */

type Bettor = Awaited<ReturnType<typeof bettor>>;
const mr = (e: MadeEvent) => e.markets[0]!;
const betOf = async (p: Bettor, id: string) => (await data(p.browser.get("sportsbook/getBets", { count: 100 }))).items.find((b: { id: string }) => b.id === id);
const score = (e: MadeEvent, home: number, away: number, minute = 50) => applyStep(env, e.id, { type: "score", home, away, minute });
const finish = (e: MadeEvent, home: number, away: number) => applyStep(env, e.id, { type: "finish", home, away });
const earlyRows = (e: MadeEvent) =>
  env.DB.prepare("SELECT selection_id, home, away FROM sport_early_payouts WHERE event_id = ?1")
    .bind(e.id)
    .all()
    .then((r) => r.results);

describe("early payout", () => {
  it("pays a football pick as a winner at a two-goal lead, once, and it stays won when the match turns", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ status: "live", markets: [{ odds: [250, 320, 300] }] });
    const [home, draw, away] = mr(e).selections;
    const onHome = (await data(place(p, { selections: [home!], stake: 1_000 }))).bet;
    const onDraw = (await data(place(p, { selections: [draw!], stake: 500 }))).bet;
    const onAway = (await data(place(p, { selections: [away!], stake: 500 }))).bet;
    await score(e, 1, 0);
    expect(await betOf(p, onHome.id)).toMatchObject({ status: "open" });
    await score(e, 2, 0);
    expect(await betOf(p, onHome.id)).toMatchObject({ status: "won", payout: { amount: 2_500 }, legs: [{ result: "win", early: true }] });
    expect(await balances(p)).toMatchObject({ main: 10_000 - 2_000 + 2_500 });
    // A wider lead pays nothing more; the draw and the away side wait for the result.
    await score(e, 3, 0);
    expect(await earlyRows(e)).toEqual([{ selection_id: home, home: 2, away: 0 }]);
    expect(await betOf(p, onDraw.id)).toMatchObject({ status: "open" });
    // The comeback: away wins 3–4. The home pick stays paid, the away pick wins, the draw loses.
    await score(e, 3, 3);
    await finish(e, 3, 4);
    expect(await betOf(p, onHome.id)).toMatchObject({ status: "won", payout: { amount: 2_500 } });
    expect(await betOf(p, onAway.id)).toMatchObject({ status: "won", payout: { amount: 1_500 }, legs: [{ result: "win", early: false }] });
    expect(await betOf(p, onDraw.id)).toMatchObject({ status: "lost" });
    expect(await balances(p)).toMatchObject({ main: 10_000 - 2_000 + 2_500 + 1_500 });
    expect(await ledgerSum(p.uid, "main")).toBe(12_000);
  });

  it("decides an accumulator's leg early; the bet pays when its other legs win", async () => {
    const p = await bettor(10_000);
    const [a, b] = [await makeEvent({ status: "live", markets: [{ odds: [200, 320, 300] }] }), await makeEvent({ markets: [{ odds: [150, 320, 300] }] })];
    const acc = (await data(place(p, { selections: [mr(a).selections[2]!, mr(b).selections[0]!], stake: 1_000 }))).bet;
    await score(a, 0, 2);
    expect(await betOf(p, acc.id)).toMatchObject({ status: "open", legs: [{ result: "win", early: true }, { result: null }] });
    await finish(a, 4, 2);
    await finish(b, 1, 0);
    expect(await betOf(p, acc.id)).toMatchObject({ status: "won", payout: { amount: 4_500 } });
    expect(await balances(p)).toMatchObject({ main: 10_000 - 1_000 + 4_500 });
  });

  it("a bettor the score step's fan-out did not reach is paid as an early winner at the end", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ status: "live", markets: [{ odds: [250, 320, 300] }] });
    const onHome = (await data(place(p, { selections: [mr(e).selections[0]!], stake: 1_000 }))).bet;
    // The step wrote its early payout and the Worker died before the fan-out.
    await env.DB.prepare("INSERT INTO sport_early_payouts (selection_id, event_id, home, away, minute, paid_at) VALUES (?1, ?2, 2, 0, 30, ?3)")
      .bind(mr(e).selections[0]!, e.id, Date.now())
      .run();
    await finish(e, 2, 2);
    expect(await betOf(p, onHome.id)).toMatchObject({ status: "won", payout: { amount: 2_500 }, legs: [{ early: true }] });
  });

  it("basketball pays at a twenty-point lead, not before; a football one-goal lead pays nothing early", async () => {
    const league = await env.DB.prepare(
      "SELECT l.id FROM sport_leagues l JOIN sports s ON s.id = l.sport_id WHERE s.sysname = 'basketball' LIMIT 1",
    ).first<number>("id");
    const p = await bettor(10_000);
    const hoops = await makeEvent({ league: league!, status: "live", markets: [{ odds: [190, 190] }] });
    const onAway = (await data(place(p, { selections: [mr(hoops).selections[1]!], stake: 1_000 }))).bet;
    await score(hoops, 60, 79, 30);
    expect(await betOf(p, onAway.id)).toMatchObject({ status: "open" });
    await score(hoops, 60, 80, 31);
    expect(await betOf(p, onAway.id)).toMatchObject({ status: "won", payout: { amount: 1_900 }, legs: [{ early: true }] });
    const football = await makeEvent({ status: "live", markets: [{ odds: [250, 320, 300] }] });
    const onHome = (await data(place(p, { selections: [mr(football).selections[0]!], stake: 100 }))).bet;
    await score(football, 1, 0);
    expect(await earlyRows(football)).toEqual([]);
    expect(await betOf(p, onHome.id)).toMatchObject({ status: "open" });
  });
});
