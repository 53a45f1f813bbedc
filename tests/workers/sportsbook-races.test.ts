import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { settleEvent } from "../../workers/platform/sportsbook/settle";
import { data } from "./helpers";
import { activeFreeBet, bettor, type MadeEvent, makeEvent, place, setEvent, settleMarket } from "./sportsbook-helpers";
import { checkLedger, join, makeTournament, pointsOf } from "./tournament-helpers";

/**
 * Races of sports bets (issue 42, decision 0111): a tournament marked sportsbook scores its
 * participants' settled real-money sports bets by its own mode, in the batch that settles each bet,
 * once; free bets, void bets, bets under the least bet and players who did not join score nothing.
 */

type Bettor = Awaited<ReturnType<typeof bettor>>;
const mr = (e: MadeEvent) => e.markets[0]!;
const receipts = async (p: Bettor, id: number) => data(p.browser.get("tournaments/receipts", { tournament_id: id }));

/** An event with bets on its home side (stakes) and its away side; finished with `result` for the home side. */
async function finish(e: MadeEvent, home: "win" | "lose" | "void") {
  const results =
    home === "void" ? (["void", "void", "void"] as const) : home === "win" ? (["win", "lose", "lose"] as const) : (["lose", "lose", "win"] as const);
  await settleMarket(mr(e), [...results], home === "void" ? "void" : "settled");
  await setEvent(e.id, "finished");
  return settleEvent(env, e.id);
}

describe("races of sports bets", () => {
  it("scores each settled real-money bet's stake once, won or lost; not a free bet, a void one, one under the least bet, or a player who did not join", async () => {
    const race = await makeTournament({ scoring: "bets", sportsbook: true, games: [], min_bet: { USD: 100 } });
    const casino = await makeTournament({ scoring: "bets", games: [], opt_in: false });
    const p = await bettor(20_000);
    const outsider = await bettor(5_000);
    expect((await data(join(p, race))) as number).toBe(1);
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }] });
    const won = (await data(place(p, { selections: [mr(e).selections[0]!], stake: 1_000 }))).bet;
    const lost = (await data(place(p, { selections: [mr(e).selections[2]!], stake: 500 }))).bet;
    await data(place(p, { selections: [mr(e).selections[0]!], stake: 50 })); // under the least bet
    await data(place(outsider, { selections: [mr(e).selections[0]!], stake: 1_000 }));
    await activeFreeBet(p, "free-bet");
    await data(place(p, { selections: [mr(e).selections[0]!], stake: 500, funding: "betting_bonus" }));
    const voided = await makeEvent({ markets: [{ odds: [200, 340, 380] }] });
    await data(place(p, { selections: [mr(voided).selections[0]!], stake: 700 }));

    await finish(e, "win");
    await finish(voided, "void");
    expect(await pointsOf(race, p.uid)).toBe(1_500);
    expect(await pointsOf(race, outsider.uid)).toBeNull();
    expect(await pointsOf(casino, p.uid)).toBeNull();
    // Settled again: nothing more.
    await settleEvent(env, e.id);
    expect(await pointsOf(race, p.uid)).toBe(1_500);
    await checkLedger(race);

    const r = await receipts(p, race);
    expect(r.count).toBe(2);
    expect(r.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "bet",
          round_id: won.id,
          game: "sportsbook",
          bet: { amount: 1_000, currency: "USD" },
          win: { amount: 2_000, currency: "USD" },
          points: 1_000,
        }),
        expect.objectContaining({ kind: "bet", round_id: lost.id, bet: { amount: 500, currency: "USD" }, win: { amount: 0, currency: "USD" }, points: 500 }),
      ]),
    );
  });

  it("a race by wins scores what the bet paid: a win's payout, a full cash-out's amount, nothing for a loss", async () => {
    const race = await makeTournament({ scoring: "wins", sportsbook: true, games: [], opt_in: false });
    const p = await bettor(20_000);
    const e = await makeEvent({ status: "live", markets: [{ odds: [250, 320, 300] }] });
    const cashed = (await data(place(p, { selections: [mr(e).selections[0]!], stake: 1_000 }))).bet;
    const q = await data(p.browser.get("sportsbook/getCashOut", { bet_id: cashed.id }));
    const paid = (await data(p.browser.post("sportsbook/cashOut", { token: q.token }))).paid.amount as number;
    expect(await pointsOf(race, p.uid)).toBe(paid);
    await data(place(p, { selections: [mr(e).selections[0]!], stake: 400 }));
    await data(place(p, { selections: [mr(e).selections[1]!], stake: 400 }));
    await finish(e, "win");
    expect(await pointsOf(race, p.uid)).toBe(paid + 1_000);
    await checkLedger(race);
    const page = await data(p.browser.get("tournaments/get", { ids: String(race) }));
    expect(page.items[0]).toMatchObject({ id: race, sportsbook: true, games_count: 0 });
  });
});
