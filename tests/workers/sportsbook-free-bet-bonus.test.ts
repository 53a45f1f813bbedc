import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BONUS_EVENT } from "../../core/api/bonus-event";
import { closeSpentBettingBonuses } from "../../workers/platform/sportsbook/free-bet-bonus";
import { settleEvent } from "../../workers/platform/sportsbook/settle";
import { data } from "./helpers";
import { connect, tokenFor, type Client } from "./realtime-helpers";
import { activeFreeBet, balances, bettor, makeEvent, place, setEvent, settleMarket, type MadeEvent } from "./sportsbook-helpers";
import { playerDb } from "./player-db";

/**
 * A spent betting bonus does not linger (decision 0049): at zero balance it stays active only
 * while a free bet of it is open, and closes ("closed", like a casino bonus spent by a round)
 * when the last one settles; with balance left it stays active.
 */

type Bettor = Awaited<ReturnType<typeof bettor>>;
const betting = (p: Bettor) => data(p.browser.get("BettingBonuses/get"));
const statusOf = async (p: Bettor, id: string) => {
  const list = await betting(p);
  return [...list.active, ...list.available, ...list.history].find((b: { id: string }) => b.id === id)?.status;
};
const home = (e: MadeEvent) => e.markets[0]!.selections[0]!;
async function finish(e: MadeEvent, results: ("win" | "lose" | "void")[]) {
  await settleMarket(e.markets[0]!, results, results.every((r) => r === "void") ? "void" : "settled");
  await setEvent(e.id, results.every((r) => r === "void") ? "cancelled" : "finished");
  return settleEvent(env, e.id);
}
async function nextEvent(c: Client, name: string) {
  for (let i = 0; i < 6; i++) {
    const m = await c.next(3000);
    if (m?.event === name) return m.data;
  }
  throw new Error(`no ${name} event arrived`);
}

describe("a free bet's betting bonus", () => {
  it("a free bet for the whole bonus keeps it active while open; lost, the bonus closes and another can be activated", async () => {
    const p = await bettor();
    const bonus = await activeFreeBet(p, "free-bet");
    const e = await makeEvent();
    await data(place(p, { selections: [home(e)], stake: 500, funding: "betting_bonus" }));
    expect(await balances(p)).toEqual({ main: 0, betting: 0 });
    expect(await statusOf(p, bonus)).toBe("active"); // its free bet is open
    const socket = await connect(await tokenFor(p.uid));
    expect(await finish(e, ["lose", "win", "lose"])).toEqual({ settled: 1 });
    expect(await statusOf(p, bonus)).toBe("closed");
    expect(await nextEvent(socket, BONUS_EVENT)).toEqual({ bonus_id: bonus, type: "betting", status: "closed" });
    socket.ws.close();
    const events = await playerDb(p.uid).prepare("SELECT event, amount FROM bonus_events WHERE bonus_id = ?1 AND event = 'closed'").bind(bonus).all();
    expect(events.results).toEqual([{ event: "closed", amount: 0 }]);
    // Nothing active any more: another betting bonus activates (it would be refused with 409 otherwise).
    const next = await activeFreeBet(p, "free-bet-sr");
    expect(await statusOf(p, next)).toBe("active");
    expect((await balances(p)).betting).toBe(500);
  });

  it("a spent bonus whose close was missed after its last bet settled is closed by the clock, once; one with an open bet is not", async () => {
    const p = await bettor();
    const bonus = await activeFreeBet(p, "free-bet");
    const e = await makeEvent();
    const bet = await data(place(p, { selections: [home(e)], stake: 500, funding: "betting_bonus" }));
    const deps = { db: env.DB, env, waitUntil: () => {} };
    // Open bet at zero balance: the bonus must stay active for it.
    await closeSpentBettingBonuses(deps, { uid: p.uid });
    expect(await statusOf(p, bonus)).toBe("active");
    // A lost free bet's settlement batch moves no money: the state after it, had the Worker stopped there.
    await playerDb(p.uid).prepare("UPDATE sport_bets SET status = 'lost', payout = 0, settled_at = ?2 WHERE id = ?1").bind(bet.bet.id, Date.now()).run();
    expect(await statusOf(p, bonus)).toBe("active");
    expect(await closeSpentBettingBonuses(deps, { uid: p.uid })).toBe(1);
    expect(await statusOf(p, bonus)).toBe("closed");
    const closedEvents = () =>
      playerDb(p.uid).prepare("SELECT COUNT(*) AS n FROM bonus_events WHERE bonus_id = ?1 AND event = 'closed'").bind(bonus).first<number>("n");
    expect(await closedEvents()).toBe(1);
    await closeSpentBettingBonuses(deps, { uid: p.uid });
    expect(await closedEvents()).toBe(1);
  });

  it("a won free bet for the whole bonus pays and closes the bonus", async () => {
    const p = await bettor();
    const bonus = await activeFreeBet(p, "free-bet-sr");
    // The slip tells the player which kind it is from the bonus itself.
    expect((await data(p.browser.get("BettingBonuses/get"))).active[0]).toMatchObject({ id: bonus, stake_returned: true });
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }] });
    await data(place(p, { selections: [home(e)], stake: 500, funding: "betting_bonus" }));
    await finish(e, ["win", "lose", "lose"]);
    expect(await balances(p)).toEqual({ main: 1_000, betting: 0 });
    expect(await statusOf(p, bonus)).toBe("closed");
  });

  it("a partial free bet leaves the bonus active with its balance", async () => {
    const p = await bettor();
    const bonus = await activeFreeBet(p, "free-bet");
    const e = await makeEvent();
    await data(place(p, { selections: [home(e)], stake: 200, funding: "betting_bonus" }));
    await finish(e, ["lose", "win", "lose"]);
    expect(await statusOf(p, bonus)).toBe("active");
    expect(await balances(p)).toEqual({ main: 0, betting: 300 });
  });

  it("spent over two free bets, the bonus closes only when the last open one settles", async () => {
    const p = await bettor();
    const bonus = await activeFreeBet(p, "free-bet");
    const first = await makeEvent();
    const second = await makeEvent();
    await data(place(p, { selections: [home(first)], stake: 200, funding: "betting_bonus" }));
    await data(place(p, { selections: [home(second)], stake: 300, funding: "betting_bonus" }));
    await finish(first, ["lose", "win", "lose"]);
    expect(await statusOf(p, bonus)).toBe("active"); // the second free bet is still open
    await finish(second, ["lose", "win", "lose"]);
    expect(await statusOf(p, bonus)).toBe("closed");
  });

  it("a void free bet for the whole bonus returns its stake and the bonus stays active", async () => {
    const p = await bettor();
    const bonus = await activeFreeBet(p, "free-bet");
    const e = await makeEvent();
    await data(place(p, { selections: [home(e)], stake: 500, funding: "betting_bonus" }));
    await finish(e, ["void", "void", "void"]);
    expect(await balances(p)).toEqual({ main: 0, betting: 500 });
    expect(await statusOf(p, bonus)).toBe("active");
  });
});
