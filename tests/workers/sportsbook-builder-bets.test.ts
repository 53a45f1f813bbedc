import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { data, failure, get } from "./helpers";
import { balances, betKey, bettor, ledgerSum } from "./sportsbook-helpers";
import { ensureLeague, newEvent, step } from "./sports-feed-helpers";
import type { Player } from "./auth-helpers";

// Bet builder bets (issue 42, decision 0103): placed at the price sportsbook.priceBuilder quotes,
// paid once from the wallet, settled from the event's final score.

let league = "";
beforeAll(async () => {
  league = await ensureLeague("football", 1);
});

const quote = async (event_id: number, legs: string) => data(get("sportsbook/priceBuilder", { event_id, legs }));
const build = (p: Player, fields: Record<string, unknown>) =>
  p.browser.post("sportsbook/placeBet", { kind: "builder", stake: 1_000, key: betKey(), ...fields });

describe("a bet builder bet", () => {
  it("is placed at the quoted price, once per key, with its legs labelled, and pays the price on a win", async () => {
    const p = await bettor(5_000);
    const ev = await newEvent({ league });
    const q = await quote(ev.event_id, "result:home,btts:yes");
    const key = betKey();
    const placed = await data(build(p, { event_id: ev.event_id, legs: "result:home,btts:yes", odds: String(q.odds), key }));
    expect(placed.bet).toMatchObject({
      kind: "builder",
      status: "open",
      stake: { amount: 1_000, currency: "USD" },
      odds: q.odds,
      potential_return: { amount: Math.floor((1_000 * q.odds) / 100), currency: "USD" },
      payout: null,
    });
    expect(placed.bet.legs).toMatchObject([
      { selection_id: null, leg: "result:home", event_id: ev.event_id, market: "Match result", result: null },
      { selection_id: null, leg: "btts:yes", event_id: ev.event_id, market: "Both teams to score", label: "Yes", result: null },
    ]);
    expect(await balances(p)).toEqual({ main: 4_000, betting: 0 });
    // The same key is the same bet; for other legs it is refused.
    const again = await data(build(p, { event_id: ev.event_id, legs: "result:home,btts:yes", odds: String(q.odds), key }));
    expect(again.bet.id).toBe(placed.bet.id);
    const reused = await failure(build(p, { event_id: ev.event_id, legs: "result:home,btts:no", odds: String(q.odds), key }), 400, "InvalidParameterException");
    expect(reused.params?.code).toBe("key_reused");
    expect(await balances(p)).toEqual({ main: 4_000, betting: 0 });

    // 2–1: a home win and both scored.
    await step(ev.event_id, { type: "finish", home: 2, away: 1 });
    const [bet] = (await data(p.browser.get("sportsbook/getBets", { status: "settled" }))).items;
    const paid = Math.floor((1_000 * q.odds) / 100);
    expect(bet).toMatchObject({ id: placed.bet.id, status: "won", payout: { amount: paid }, odds: q.odds });
    expect(bet.legs.map((l: any) => l.result)).toEqual(["win", "win"]);
    expect(await balances(p)).toEqual({ main: 4_000 + paid, betting: 0 });
    expect(await ledgerSum(p.uid, "main")).toBe(4_000 + paid);
  });

  it("loses when one leg loses, and is void (stake back) when the event is cancelled", async () => {
    const p = await bettor(5_000);
    const lost = await newEvent({ league });
    const q1 = await quote(lost.event_id, "result:home,total:under:250");
    await data(build(p, { event_id: lost.event_id, legs: "result:home,total:under:250", odds: String(q1.odds) }));
    const cancelled = await newEvent({ league });
    const q2 = await quote(cancelled.event_id, "result:away,btts:no");
    await data(build(p, { event_id: cancelled.event_id, legs: "result:away,btts:no", odds: String(q2.odds) }));
    expect((await balances(p)).main).toBe(3_000);

    await step(lost.event_id, { type: "finish", home: 2, away: 1 }); // home won, but three goals
    await step(cancelled.event_id, { type: "cancel" });
    const settled = (await data(p.browser.get("sportsbook/getBets", { status: "settled" }))).items;
    const byEvent = (id: number) => settled.find((b: any) => b.legs[0].event_id === id);
    expect(byEvent(lost.event_id)).toMatchObject({ status: "lost", payout: { amount: 0 } });
    expect(byEvent(lost.event_id).legs.map((l: any) => l.result)).toEqual(["win", "lose"]);
    expect(byEvent(cancelled.event_id)).toMatchObject({ status: "void", payout: { amount: 1_000 } });
    expect(await balances(p)).toEqual({ main: 4_000, betting: 0 });
  });

  it("takes a better price, refuses a worse one with the current price, and refuses what is not a builder", async () => {
    const p = await bettor(5_000);
    const ev = await newEvent({ league });
    const legs = "result:draw,btts:no";
    const q = await quote(ev.event_id, legs);
    // Saw more than is offered now: refused by the default setting ('higher'), told the price.
    const moved = await failure(build(p, { event_id: ev.event_id, legs, odds: String(q.odds + 50) }), 409, "InvalidParameterException");
    expect(moved.params).toMatchObject({ code: "odds_changed", odds: [q.odds] });
    // Saw less: the better price is taken.
    expect((await data(build(p, { event_id: ev.event_id, legs, odds: String(q.odds - 20) }))).bet.odds).toBe(q.odds);

    const refused = async (fields: Record<string, unknown>, status: number, field: string) => {
      const e = await failure(build(p, fields), status, "InvalidParameterException");
      expect(e.invalid_parameters?.[field], JSON.stringify(fields)).toBeTruthy();
      return e.params?.code;
    };
    expect(await refused({ legs, odds: "300" }, 400, "legs")).toBe("builder_needs_event");
    expect(await refused({ event_id: ev.event_id, odds: "300" }, 400, "legs")).toBe("builder_needs_event");
    await refused({ event_id: ev.event_id, legs, selections: "1", odds: "300" }, 400, "selections");
    await refused({ event_id: ev.event_id, legs, odds: "300,200" }, 400, "odds");
    await refused({ event_id: ev.event_id, legs: "result:home;btts:yes", odds: "300" }, 400, "legs");
    expect(await refused({ event_id: ev.event_id, legs: "result:home,score:0-0", odds: "300" }, 400, "legs")).toBe("contradictory");
    expect(await refused({ event_id: 999_999_999, legs, odds: "300" }, 404, "event_id")).toBe("unknown_event");
    await refused({ event_id: ev.event_id, legs, odds: "300", stake: 1 }, 400, "stake");
    // Legs make a builder: a single or an accumulator names none.
    await refused({ kind: "single", selections: String(ev.markets[0].selections[0].id), legs, odds: "300" }, 400, "legs");
    await step(ev.event_id, { type: "suspend", market_id: ev.markets[0].id });
    expect(await refused({ event_id: ev.event_id, legs, odds: "300" }, 409, "event_id")).toBe("event_closed");
    // Only the one bet took money.
    expect((await balances(p)).main).toBe(4_000);
  });
});
