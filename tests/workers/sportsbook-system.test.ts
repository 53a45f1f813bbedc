import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { settleEvent } from "../../workers/platform/sportsbook/settle";
import { DEFAULT_CASHOUT_MARGIN } from "../../workers/platform/sportsbook/cashout";
import { MARGIN } from "../../workers/platform/sportsbook/feed-odds";
import { data, failure } from "./helpers";
import { balances, bettor, betKey, ledgerSum, type MadeEvent, makeEvent, place, setEvent, settleMarket } from "./sportsbook-helpers";

/**
 * System bets (issue 42, decision 0106): every combination of system_from..system_to of 3 to 8
 * selections is a line at the stake per line, settled line by line through the wallet, once.
 */

type Bettor = Awaited<ReturnType<typeof bettor>>;
const mr = (e: MadeEvent) => e.markets[0]!;
const betOf = async (p: Bettor, id: string) => (await data(p.browser.get("sportsbook/getBets", { count: 100 }))).items.find((b: { id: string }) => b.id === id);
const code = async (res: Promise<Response>, status = 400) => (await failure(res, status, "InvalidParameterException")).params?.code;

/** Three events with home at 2.00, 3.00 and 4.00. */
const threeEvents = () => Promise.all([200, 300, 400].map((home) => makeEvent({ status: "prematch", markets: [{ odds: [home, 340, 380] }] })));
const homes = (events: MadeEvent[]) => events.map((e) => mr(e).selections[0]!);

/** Ends the event: home wins, loses, or the market is void. */
async function end(e: MadeEvent, how: "win" | "lose" | "void") {
  if (how === "void") await settleMarket(mr(e), ["void", "void", "void"], "void");
  else await settleMarket(mr(e), how === "win" ? ["win", "lose", "lose"] : ["lose", "lose", "win"]);
  await setEvent(e.id, "finished");
  return settleEvent(env, e.id);
}

/** A leg's chance from the feed's price, as the feed made the price (decision 0105). */
const chance = (odds: number) => Math.min(1, 100 / (odds * MARGIN));

describe("system bets", () => {
  it("cashes out in full at the worth of its live lines (decision 0110), never in part, and then settles to nothing more", async () => {
    const p = await bettor(10_000);
    const events = await threeEvents();
    const bet = (await data(place(p, { kind: "system", selections: homes(events), stake: 400, system: [2, 3] }))).bet;
    await end(events[0]!, "win");
    // The 2.00 leg won: 6.00 × P(3.00), 8.00 × P(4.00), and 12.00 and 24.00 × both, over the margin.
    const [p1, p2] = [chance(300), chance(400)];
    const quote = await data(p.browser.get("sportsbook/getCashOut", { bet_id: bet.id }));
    expect(quote.value.amount).toBe(Math.floor((600 * p1 + 800 * p2 + 1_200 * p1 * p2 + 2_400 * p1 * p2) / DEFAULT_CASHOUT_MARGIN));
    expect(quote).toMatchObject({ partial_min: { amount: 0 }, partial_max: { amount: 0 } });
    await end(events[2]!, "lose");
    // The 4.00 leg lost: only the double of 2.00 × 3.00 lives.
    const after = await data(p.browser.get("sportsbook/getCashOut", { bet_id: bet.id }));
    expect(after.value.amount).toBe(Math.floor((600 * p1) / DEFAULT_CASHOUT_MARGIN));
    expect(await code(p.browser.post("sportsbook/cashOut", { token: after.token, amount: 100 }))).toBe("partial_out_of_range");
    const taken = await data(p.browser.post("sportsbook/cashOut", { token: after.token }));
    expect(taken.bet).toMatchObject({ status: "cashed_out", payout: { amount: after.value.amount } });
    await end(events[1]!, "win");
    expect(await betOf(p, bet.id)).toMatchObject({ status: "cashed_out", payout: { amount: after.value.amount } });
    expect(await balances(p)).toMatchObject({ main: 9_600 + after.value.amount });
    expect(await ledgerSum(p.uid, "main")).toBe(9_600 + after.value.amount);
  });

  it("places a Trixie (3 doubles and a treble at 1.00 a line) and pays the lines that won, line by line, once", async () => {
    const p = await bettor(10_000);
    const events = await threeEvents();
    const bet = (await data(place(p, { kind: "system", selections: homes(events), stake: 400, system: [2, 3] }))).bet;
    // Doubles 6 + 8 + 12 and the treble 24: 50.00 if every leg wins.
    expect(bet).toMatchObject({
      kind: "system",
      status: "open",
      stake: { amount: 400 },
      odds: 1_250,
      potential_return: { amount: 5_000 },
      system: { from: 2, to: 3, lines: 4, alive: 4, line_stake: { amount: 100, currency: "USD" } },
    });
    expect(await balances(p)).toMatchObject({ main: 9_600 });
    await end(events[0]!, "win");
    await end(events[2]!, "lose");
    // The 4.00 leg lost: three of the four lines are dead; only the 2.00 × 3.00 double can still pay.
    expect(await betOf(p, bet.id)).toMatchObject({ status: "open", potential_return: { amount: 600 }, system: { alive: 1 } });
    const runs = await Promise.all([end(events[1]!, "win"), settleEvent(env, events[1]!.id), settleEvent(env, events[1]!.id)]);
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(1);
    expect(await betOf(p, bet.id)).toMatchObject({ status: "won", payout: { amount: 600 }, system: { alive: 1 } });
    expect(await balances(p)).toMatchObject({ main: 9_600 + 600 });
    expect(await ledgerSum(p.uid, "main")).toBe(10_200);
  });

  it("counts a void leg as 1.00 in its lines, returns the stake when every leg is void, and loses when no line wins", async () => {
    const p = await bettor(10_000);
    const [a, b] = [await threeEvents(), await threeEvents()];
    const withVoid = (await data(place(p, { kind: "system", selections: homes(a), stake: 400, system: [2, 3] }))).bet;
    const allVoid = (await data(place(p, { kind: "system", selections: homes(b), stake: 700, system: [1, 3] }))).bet;
    expect(allVoid.system).toMatchObject({ lines: 7, line_stake: { amount: 100 } });
    await end(a[0]!, "win");
    await end(a[1]!, "void");
    await end(a[2]!, "win");
    // 2.00, 2.00 × 4.00, 4.00 and 2.00 × 4.00 at 1.00 a line.
    expect(await betOf(p, withVoid.id)).toMatchObject({ status: "won", payout: { amount: 200 + 800 + 400 + 800 } });
    for (const e of b) await end(e, "void");
    expect(await betOf(p, allVoid.id)).toMatchObject({ status: "void", payout: { amount: 700 } });
    // Doubles of three where two legs lost: every double has a loser.
    const c = await threeEvents();
    const lost = (await data(place(p, { kind: "system", selections: homes(c), stake: 300, system: [2, 2] }))).bet;
    await end(c[0]!, "win");
    await end(c[1]!, "lose");
    await end(c[2]!, "lose");
    expect(await betOf(p, lost.id)).toMatchObject({ status: "lost", payout: { amount: 0 }, system: { alive: 0 } });
    expect(await balances(p)).toMatchObject({ main: 10_000 - 400 - 700 - 300 + 2_200 + 700 });
  });

  it("refuses what makes no system bet, with the reason, and takes nothing", async () => {
    const p = await bettor(10_000);
    const events = await threeEvents();
    const picks = homes(events);
    expect(await code(place(p, { kind: "system", selections: picks.slice(0, 2), stake: 300, system: [1, 2] }))).toBe("system_selections");
    expect(await code(place(p, { kind: "system", selections: picks, stake: 300, system: [3, 3] }))).toBe("system_sizes");
    expect(await code(place(p, { kind: "system", selections: picks, stake: 300, system: [3, 2] }))).toBe("system_sizes");
    const split = await failure(place(p, { kind: "system", selections: picks, stake: 401, system: [2, 3] }), 400, "InvalidParameterException");
    expect(split.params).toMatchObject({ code: "system_stake_split", lines: 4 });
    const low = await failure(place(p, { kind: "system", selections: picks, stake: 36, system: [2, 3] }), 400, "InvalidParameterException");
    expect(low.params).toMatchObject({ code: "below_min_stake", min: 40, lines: 4 });
    expect(await code(place(p, { kind: "system", selections: picks, stake: 400, system: [2, 3], funding: "betting_bonus" }))).toBe("system_main_only");
    const sameEvent = [mr(events[0]!).selections[0]!, mr(events[0]!).selections[2]!, picks[1]!];
    expect(await code(place(p, { kind: "system", selections: sameEvent, stake: 400, system: [2, 3] }))).toBe("same_event");
    // Sizes without a system, a system without sizes: malformed.
    await failure(place(p, { kind: "accumulator", selections: picks, stake: 400, system: [2, 3] }), 400, "InvalidParameterException");
    await failure(place(p, { kind: "system", selections: picks, stake: 400 }), 400, "InvalidParameterException");
    await failure(
      p.browser.post("sportsbook/placeBet", {
        kind: "system",
        selections: picks.join(","),
        odds: "200,300,400",
        stake: 400,
        system_from: 0,
        system_to: 9,
        key: betKey(),
      }),
      400,
      "InvalidParameterException",
    );
    expect(await balances(p)).toMatchObject({ main: 10_000 });
    expect((await data(p.browser.get("sportsbook/getBets", {}))).count).toBe(0);
  });

  it("is one bet per key, its sizes part of it", async () => {
    const p = await bettor(10_000);
    const picks = homes(await threeEvents());
    const key = betKey();
    const first = (await data(place(p, { kind: "system", selections: picks, stake: 600, system: [2, 3], key }))).bet;
    expect((await data(place(p, { kind: "system", selections: picks, stake: 600, system: [2, 3], key }))).bet.id).toBe(first.id);
    expect(await code(place(p, { kind: "system", selections: picks, stake: 600, system: [2, 2], key }))).toBe("key_reused");
    expect(await balances(p)).toMatchObject({ main: 9_400 });
  });
});
