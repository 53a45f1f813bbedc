import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PlatformError } from "../../core/api/errors";
import { placeBet } from "../../workers/platform/sportsbook/place";
import { data, failure } from "./helpers";
import { balances, betKey, bettor, contextFor, ledgerSum, makeEvent, place, setEvent, setMarket, setOdds } from "./sportsbook-helpers";
import { playerDb } from "./player-db";
import { isMovedTable } from "../../workers/platform/player/tables";

/** sportsbook.placeBet (decision 0049): odds policy, the read-to-batch guard, market states, limits, keys, accumulators, funds. */

const code = async (res: Promise<Response>, status: number) => (await failure(res, status, "InvalidParameterException")).params?.code;
const setting = (p: Awaited<ReturnType<typeof bettor>>, odds_change: string) => data(p.browser.post("sportsbook/setSettings", { odds_change }));
const betCount = async (uid: number) => (await playerDb(uid).prepare("SELECT COUNT(*) AS n FROM sport_bets WHERE uid = ?1").bind(uid).first<number>("n"))!;

describe("placeBet", () => {
  it("places a single on the main balance: the bet with its leg and labels, the debit in the ledger", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ home: "Reds", away: "Blues", markets: [{ odds: [185, 340, 420] }] });
    const { bet } = await data(place(p, { selections: [e.markets[0]!.selections[0]!], stake: 1_000 }));
    expect(bet).toMatchObject({
      kind: "single",
      status: "open",
      stake: { amount: 1_000, currency: "USD" },
      odds: 185,
      potential_return: { amount: 1_850, currency: "USD" },
      payout: null,
      funding: "main",
      stake_returned: true,
      settled_at: null,
      legs: [
        { selection_id: e.markets[0]!.selections[0], event_id: e.id, event: "Reds – Blues", market: "Match result", label: "Reds", odds: 185, result: null },
      ],
    });
    expect(await balances(p)).toMatchObject({ main: 9_000 });
    const op = await playerDb(p.uid).prepare("SELECT type, delta FROM ledger WHERE uid = ?1 AND reference = ?2").bind(p.uid, bet.id).all();
    expect(op.results).toEqual([{ type: "sport_bet", delta: -1_000 }]);
    expect(await ledgerSum(p.uid, "main")).toBe(9_000);
    const listed = await data(p.browser.get("sportsbook/getBets", { status: "open" }));
    expect(listed.items.map((b: { id: string }) => b.id)).toEqual([bet.id]);
    expect((await data(p.browser.get("sportsbook/getBets", { status: "settled" }))).count).toBe(0);
  });

  it("odds changed between the slip and the placement: 'higher' (default) takes better odds and refuses worse; 'any' takes any; 'ask' refuses any change", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }] });
    const [home, , away] = e.markets[0]!.selections as [number, number, number];
    expect((await data(p.browser.get("sportsbook/getSettings"))).odds_change).toBe("higher");
    await setOdds(home, 210);
    expect((await data(place(p, { selections: [home], odds: [200], stake: 100 }))).bet.odds).toBe(210);
    await setOdds(home, 190);
    const refused = await failure(place(p, { selections: [home], odds: [210], stake: 100 }), 409, "InvalidParameterException");
    expect(refused.params).toEqual({ code: "odds_changed", odds: [190] });
    await setting(p, "any");
    expect((await data(place(p, { selections: [home], odds: [210], stake: 100 }))).bet.odds).toBe(190);
    await setting(p, "ask");
    expect((await data(p.browser.get("sportsbook/getSettings"))).odds_change).toBe("ask");
    await setOdds(away, 400);
    expect((await failure(place(p, { selections: [away], odds: [380], stake: 100 }), 409, "InvalidParameterException")).params).toEqual({
      code: "odds_changed",
      odds: [400],
    });
    expect((await data(place(p, { selections: [away], odds: [400], stake: 100 }))).bet.odds).toBe(400);
    // An accumulator under 'higher': one leg worse refuses the bet, with every current odds in order.
    await setting(p, "higher");
    const f = await makeEvent({ markets: [{ odds: [150, 400, 500] }] });
    await setOdds(f.markets[0]!.selections[0]!, 140);
    const acc = await failure(place(p, { selections: [away, f.markets[0]!.selections[0]!], odds: [380, 150], stake: 100 }), 409, "InvalidParameterException");
    expect(acc.params).toEqual({ code: "odds_changed", odds: [400, 140] });
    expect(await balances(p)).toMatchObject({ main: 9_700 });
  });

  it("odds moving between the read and the batch shut the gate: the call reads again once and decides by the setting", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }] });
    const home = e.markets[0]!.selections[0]!;
    // The feed moves the odds after the placement read them and before it is accepted: while the
    // bets are in D1, at the player's batch (its gate reads the feed in the same transaction); once
    // they are in the player's object, at the read of the feed's rows the object's batch is checked
    // against (feed-facts.ts), the last moment the Worker sees the feed.
    const inObject = isMovedTable("sport_bets");
    const racing = (to: number[]) => {
      const moves = [...to];
      const move = async () => {
        const next = moves.shift();
        if (next !== undefined) await setOdds(home, next);
      };
      const tables = new Proxy(playerDb(p.uid), {
        get(target, prop) {
          if (prop === "batch") {
            return async (statements: D1PreparedStatement[]) => {
              if (statements.length > 3) await move();
              return target.batch(statements);
            };
          }
          const v = Reflect.get(target, prop);
          return typeof v === "function" ? v.bind(target) : v;
        },
      });
      const factReads = new WeakSet<D1PreparedStatement>();
      const site = new Proxy(env.DB, {
        get(target, prop) {
          if (prop === "prepare") {
            return (sql: string) => {
              const stmt = target.prepare(sql);
              if (!sql.startsWith("SELECT * FROM sport_selections WHERE id IN")) return stmt;
              return Object.assign(Object.create(stmt) as D1PreparedStatement, {
                bind: (...values: unknown[]) => {
                  const bound = stmt.bind(...values);
                  factReads.add(bound);
                  return bound;
                },
              });
            };
          }
          if (prop === "batch") {
            return async (statements: D1PreparedStatement[]) => {
              if (statements.some((s) => factReads.has(s))) await move();
              return target.batch(statements);
            };
          }
          const v = Reflect.get(target, prop);
          return typeof v === "function" ? v.bind(target) : v;
        },
      });
      return inObject ? contextFor(p.uid, site) : { ...contextFor(p.uid), player: () => tables };
    };
    const params = (odds: number) => ({ kind: "single" as const, selections: [home], odds: [odds], stake: 100, funding: "main" as const, key: betKey() });
    // Better odds arrive in between: 'higher' takes them on the second read.
    const better = await placeBet(racing([220]), params(200));
    expect(better.bet.odds).toBe(220);
    // Worse odds arrive in between: refused, with the current odds, nothing written.
    const bets = await betCount(p.uid);
    const refused = await placeBet(racing([180]), params(220)).catch((e: PlatformError) => e);
    expect(refused).toBeInstanceOf(PlatformError);
    expect({ ...(refused as PlatformError) }).toMatchObject({ status: 409, params: { code: "odds_changed", odds: [180] } });
    expect(await betCount(p.uid)).toBe(bets);
    // Moving under both tries: one re-read only, then 409 odds_changed with the odds now, nothing written.
    await setOdds(home, 200);
    const twice = await placeBet(racing([250, 260]), params(200)).catch((e: PlatformError) => e);
    expect({ ...(twice as PlatformError) }).toMatchObject({ status: 409, params: { code: "odds_changed", odds: [260] } });
    expect(await betCount(p.uid)).toBe(bets);
    expect(await balances(p)).toMatchObject({ main: 9_900 });
    expect(await ledgerSum(p.uid, "main")).toBe(9_900);
  });

  it("refuses suspended markets (409 market_suspended) and settled, void or finished ones (409 market_closed); live events take bets", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }, { kind: "total", odds: [190, 190] }] });
    const [mr, total] = e.markets as [{ id: number; selections: number[] }, { id: number; selections: number[] }];
    await setMarket(mr.id, "suspended");
    expect(await code(place(p, { selections: [mr.selections[0]!], stake: 100 }), 409)).toBe("market_suspended");
    await setMarket(mr.id, "open");
    await setEvent(e.id, "live");
    expect((await data(place(p, { selections: [mr.selections[0]!], stake: 100 }))).bet.status).toBe("open");
    await setMarket(total.id, "void");
    expect(await code(place(p, { selections: [total.selections[0]!], stake: 100 }), 409)).toBe("market_closed");
    await setMarket(total.id, "settled");
    expect(await code(place(p, { selections: [total.selections[0]!], stake: 100 }), 409)).toBe("market_closed");
    await setEvent(e.id, "finished");
    expect(await code(place(p, { selections: [mr.selections[0]!], stake: 100 }), 409)).toBe("market_closed");
    expect(await balances(p)).toMatchObject({ main: 9_900 });
  });

  it("checks stakes (in the player's minor units), leg counts, events and selections", async () => {
    const p = await bettor(1_000_000);
    const e = await makeEvent({ markets: [{ odds: [200, 340, 380] }, { kind: "total", odds: [190, 190] }] });
    const f = await makeEvent();
    const s = e.markets[0]!.selections[0]!;
    expect(await code(place(p, { selections: [s], stake: 9 }), 400)).toBe("below_min_stake");
    expect(await code(place(p, { selections: [s], stake: 100_001 }), 400)).toBe("above_max_stake");
    expect((await data(place(p, { selections: [s], stake: 10 }))).bet.stake.amount).toBe(10);
    expect((await data(place(p, { selections: [s], stake: 100_000 }))).bet.stake.amount).toBe(100_000);
    expect(await code(place(p, { kind: "single", selections: [s, f.markets[0]!.selections[0]!], stake: 100 }), 400)).toBe("single_needs_one");
    expect(await code(place(p, { kind: "accumulator", selections: [s], stake: 100 }), 400)).toBe("accumulator_needs_two");
    expect(await code(place(p, { selections: [s, e.markets[1]!.selections[0]!], stake: 100 }), 400)).toBe("same_event");
    expect(await code(place(p, { selections: [s, 987_654], odds: [200, 150], stake: 100 }), 404)).toBe("unknown_selection");
    expect(await balances(p)).toMatchObject({ main: 1_000_000 - 100_010 });
  });

  it("answers the first bet for a repeated key, and 400 key_reused for the key with other content", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent();
    const s = e.markets[0]!.selections[0]!;
    const key = betKey();
    const first = await data(place(p, { selections: [s], stake: 500, key }));
    await setOdds(s, 250);
    const again = await data(place(p, { selections: [s], stake: 500, odds: [200], key }));
    expect(again).toEqual(first);
    expect(await code(place(p, { selections: [s], stake: 600, key }), 400)).toBe("key_reused");
    expect(await code(place(p, { selections: [e.markets[0]!.selections[2]!], stake: 500, key }), 400)).toBe("key_reused");
    // The same key at once, many times: one bet, one debit.
    const key2 = betKey();
    const answers = await Promise.all(Array.from({ length: 8 }, () => data(place(p, { selections: [s], stake: 100, key: key2 }))));
    expect(new Set(answers.map((a) => a.bet.id)).size).toBe(1);
    expect(await balances(p)).toMatchObject({ main: 9_400 });
    expect(await ledgerSum(p.uid, "main")).toBe(9_400);
  });

  it("accumulators: combined odds rounded down, potential return exact", async () => {
    const p = await bettor(10_000);
    const legs = await Promise.all([
      makeEvent({ markets: [{ odds: [185, 340, 420] }] }),
      makeEvent({ markets: [{ odds: [233, 340, 300] }] }),
      makeEvent({ markets: [{ odds: [171, 340, 500] }] }),
    ]);
    const { bet } = await data(place(p, { selections: legs.map((e) => e.markets[0]!.selections[0]!), stake: 333 }));
    // 1.85 × 2.33 × 1.71 = 7.370955 → 737; return ⌊333 × 185 × 233 × 171 / 100³⌋ = 2454.
    expect(bet).toMatchObject({ kind: "accumulator", odds: 737, potential_return: { amount: 2454 } });
    expect(bet.legs.map((l: { odds: number }) => l.odds)).toEqual([185, 233, 171]);
  });

  it("insufficient funds: 409 insufficient_funds and nothing written", async () => {
    const p = await bettor(500);
    const e = await makeEvent();
    expect(await code(place(p, { selections: [e.markets[0]!.selections[0]!], stake: 501 }), 409)).toBe("insufficient_funds");
    expect(await betCount(p.uid)).toBe(0);
    expect(await balances(p)).toMatchObject({ main: 500 });
  });

  it("100 bets at once on a balance covering N: exactly N succeed, the balance never goes below 0, the ledger adds up", async () => {
    const S = 100;
    const N = 37;
    const p = await bettor(S * N + 50);
    const e = await makeEvent();
    const s = e.markets[0]!.selections[0]!;
    const answers = await Promise.all(Array.from({ length: 100 }, () => place(p, { selections: [s], stake: S, odds: [200] })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(N);
    expect(statuses.filter((x) => x === 409)).toHaveLength(100 - N);
    for (const r of answers.filter((x) => x.status === 409)) expect((await r.json<any>()).error.params.code).toBe("insufficient_funds");
    expect(await balances(p)).toMatchObject({ main: 50 });
    expect(await ledgerSum(p.uid, "main")).toBe(50);
    expect(await betCount(p.uid)).toBe(N);
  });

  it("free bets: staked from the active betting bonus; without one 409 no_betting_bonus", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent({ markets: [{ odds: [300, 340, 250] }] });
    const s = e.markets[0]!.selections[0]!;
    expect(await code(place(p, { selections: [s], stake: 500, funding: "betting_bonus" }), 409)).toBe("no_betting_bonus");
    const bonus = await playerDb(p.uid).prepare("SELECT id FROM player_bonuses WHERE uid = ?1 AND type = 'betting'").bind(p.uid).first<string>("id");
    await data(p.browser.post("BettingBonuses/activate", { bonus_id: bonus! }));
    expect(await code(place(p, { selections: [s], stake: 600, funding: "betting_bonus" }), 409)).toBe("insufficient_funds");
    const { bet } = await data(place(p, { selections: [s], stake: 500, funding: "betting_bonus" }));
    // free-bet: stake not returned, a win pays 5.00 × (3.00 − 1) = 10.00, at most 50.00.
    expect(bet).toMatchObject({ funding: "betting_bonus", stake_returned: false, potential_return: { amount: 1_000 } });
    expect(await balances(p)).toEqual({ main: 10_000, betting: 0 });
  });

  it("answers bad input with clear 400s, never a 500; a visitor gets 401", async () => {
    const p = await bettor(10_000);
    const e = await makeEvent();
    const s = e.markets[0]!.selections[0]!;
    const bad = async (fields: Record<string, string | number>, field: string) => {
      const err = await failure(
        p.browser.post("sportsbook/placeBet", { kind: "single", selections: String(s), odds: "200", stake: 100, key: betKey(), ...fields }),
        400,
        "InvalidParameterException",
      );
      expect(Object.keys(err.invalid_parameters ?? {})).toContain(field);
    };
    await bad({ kind: "parlay" }, "kind");
    await bad({ selections: "" }, "selections");
    await bad({ selections: "a,b" }, "selections");
    await bad({ selections: `${s},${s}` }, "selections");
    await bad({ odds: "2.00" }, "odds");
    await bad({ odds: "200,300" }, "odds");
    await bad({ stake: "ten" }, "stake");
    await bad({ stake: 10.5 }, "stake");
    await bad({ stake: -5 }, "stake");
    await bad({ funding: "crypto" }, "funding");
    await bad({ key: "short" }, "key");
    await failure(p.browser.post("sportsbook/setSettings", { odds_change: "never" }), 400, "InvalidParameterException");
    await failure(p.browser.get("sportsbook/getBets", { status: "lost" }), 400, "InvalidParameterException");
    await failure(p.browser.get("sportsbook/getBets", { count: 101 }), 400, "InvalidParameterException");
    const { Browser } = await import("./auth-helpers");
    await failure(
      new Browser().post("sportsbook/placeBet", { kind: "single", selections: String(s), odds: "200", stake: 100, key: betKey() }),
      401,
      "AuthorizationException",
    );
    await failure(new Browser().get("sportsbook/getBets"), 401, "AuthorizationException");
    expect(await balances(p)).toMatchObject({ main: 10_000 });
  });
});
