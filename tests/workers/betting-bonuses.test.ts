import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BONUS_EVENT, BONUS_WAGERING_EVENT } from "../../core/api/bonus-event";
import { playRound, roundId } from "./game-studio-helpers";
import { Browser, registerPlayer, type Player } from "./auth-helpers";
import { depositWith } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { connect, tokenFor, type Client } from "./realtime-helpers";
import { playerDb } from "./player-db";

/** Betting bonuses (decision 0042): the sportsbook's free bet on the same engine, on balance_betting_bonus; the bonus realtime event. */

const betting = (p: Player) => data(p.browser.get("BettingBonuses/get"));
const casino = (p: Player) => data(p.browser.get("bonuses/get"));
const balances = async (p: Player) => {
  const b = await data(p.browser.get("account/getBalance"));
  return { main: b.balance_main.amount, bonus: b.balance_bonus.amount, betting: b.balance_betting_bonus.amount };
};
const ledgerSum = async (uid: number, kind: string) =>
  (await playerDb(uid).prepare("SELECT COALESCE(SUM(delta), 0) AS s FROM ledger WHERE uid = ?1 AND kind = ?2").bind(uid, kind).first<number>("s")) ?? 0;

/** The next event of this name on the socket (others, e.g. balance events, pass by). */
async function nextEvent(c: Client, name: string) {
  for (let i = 0; i < 5; i++) {
    const m = await c.next(3000);
    if (m?.event === name) return m.data;
  }
  throw new Error(`no ${name} event arrived`);
}
const nextBonusEvent = (c: Client) => nextEvent(c, BONUS_EVENT);

describe("BettingBonuses", () => {
  it("registration grants the welcome free bet, listed by BettingBonuses.get and never by bonuses.get", async () => {
    const p = await registerPlayer();
    const list = await betting(p);
    expect(list.active).toEqual([]);
    expect(list.available).toHaveLength(1);
    expect(list.available[0]).toMatchObject({
      type: "betting",
      sysname: "free-bet",
      status: "available",
      title: "Welcome free bet",
      stake_returned: false,
      amount: { amount: 500, currency: "USD" },
      max_cashout: { amount: 5000, currency: "USD" },
    });
    expect((await casino(p)).available.map((b: { type: string }) => b.type)).not.toContain("betting");
  });

  it("activate credits balance_betting_bonus only, beside an active casino bonus; remove gives up the active one and removes its money", async () => {
    const p = await registerPlayer();
    const [freeBet] = (await betting(p)).available;
    const active = await data(p.browser.post("BettingBonuses/activate", { bonus_id: freeBet.id }));
    expect(active).toMatchObject({ id: freeBet.id, status: "active" });
    expect(await balances(p)).toEqual({ main: 0, bonus: 0, betting: 500 });
    expect(await ledgerSum(p.uid, "betting_bonus")).toBe(500);
    // The casino methods do not know a betting bonus's id, and the other way round.
    await failure(p.browser.post("bonuses/deactivate", { bonus_id: freeBet.id }), 400, "InvalidParameterException");
    const signUp = (await casino(p)).available[0];
    await failure(p.browser.post("BettingBonuses/activate", { bonus_id: signUp.id }), 400, "InvalidParameterException");
    // A casino bonus may be active beside it: one active per type.
    await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }));
    expect(await balances(p)).toEqual({ main: 0, bonus: 1000, betting: 500 });

    expect(await data(p.browser.post("BettingBonuses/remove", { bonus_id: freeBet.id }))).toBe(1);
    expect(await balances(p)).toEqual({ main: 0, bonus: 1000, betting: 0 });
    expect(await ledgerSum(p.uid, "betting_bonus")).toBe(0);
    const after = await betting(p);
    expect(after.active).toEqual([]);
    expect(after.history).toMatchObject([{ id: freeBet.id, status: "cancelled" }]);
    await failure(p.browser.post("BettingBonuses/remove", { bonus_id: freeBet.id }), 400, "InvalidParameterException");
  });

  it("remove declines an available free bet; bad and foreign ids are refused clearly", async () => {
    const p = await registerPlayer();
    const q = await registerPlayer();
    const [freeBet] = (await betting(p)).available;
    await failure(q.browser.post("BettingBonuses/remove", { bonus_id: freeBet.id }), 400, "InvalidParameterException");
    await failure(q.browser.post("BettingBonuses/activate", { bonus_id: freeBet.id }), 400, "InvalidParameterException");
    const bad = await failure(p.browser.post("BettingBonuses/activate", { bonus_id: "x'; DROP TABLE users" }), 400, "InvalidParameterException");
    expect(bad.invalid_parameters?.bonus_id).toEqual(["bonus_id is malformed"]);
    await failure(p.browser.post("BettingBonuses/remove", {}), 400, "InvalidParameterException");
    expect(await data(p.browser.post("BettingBonuses/remove", { bonus_id: freeBet.id }))).toBe(1);
    expect((await betting(p)).available).toEqual([]);
    expect(await balances(p)).toEqual({ main: 0, bonus: 0, betting: 0 });
    const visitor = new Browser();
    await failure(visitor.get("BettingBonuses/get"), 401, "AuthorizationException");
    await failure(visitor.post("BettingBonuses/activate", { bonus_id: freeBet.id }), 401, "AuthorizationException");
  });
});

describe("the bonus realtime event", () => {
  it("tells the player's pages when a bonus is granted by a deposit, activated and exited", async () => {
    const p = await registerPlayer();
    const c = await connect(await tokenFor(p.uid));
    await depositWith(p, "success", { amount: 10_000 });
    const granted = await nextBonusEvent(c);
    const welcome = (await casino(p)).available.find((b: { sysname: string }) => b.sysname === "welcome-1");
    expect(granted).toEqual({ bonus_id: welcome.id, type: "casino", status: "available" });
    await data(p.browser.post("bonuses/activate", { bonus_id: welcome.id }));
    expect(await nextBonusEvent(c)).toEqual({ bonus_id: welcome.id, type: "casino", status: "active" });
    await data(p.browser.post("bonuses/deactivate", { bonus_id: welcome.id }));
    expect(await nextBonusEvent(c)).toEqual({ bonus_id: welcome.id, type: "casino", status: "cancelled" });
    c.ws.close(1000);
  });

  it("after each round under a bonus: what the bet counted and why (a table game counts 10 %)", async () => {
    const p = await registerPlayer();
    const signUp = (await casino(p)).available[0];
    await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }));
    const table = (await env.DB.prepare(
      "SELECT sysname, min_bet FROM games WHERE kind = 'table' AND is_sportsbook = 0 AND min_bet <= 200 ORDER BY id LIMIT 1",
    ).first<{ sysname: string; min_bet: number }>())!;
    const c = await connect(await tokenFor(p.uid));
    const bet = Math.max(table.min_bet, 100);
    const id = roundId();
    const res = await playRound(p.browser, table.sysname, { mode: "real", bet, round_id: id });
    expect(res.status, await res.clone().text()).toBe(200);
    const round = await playerDb(p.uid).prepare("SELECT id FROM game_rounds WHERE uid = ?1 AND round_key = ?2").bind(p.uid, id).first<string>("id");
    expect(await nextEvent(c, BONUS_WAGERING_EVENT)).toEqual({
      bonus_id: signUp.id,
      round_id: round,
      sysname: table.sysname,
      bet: { amount: bet, currency: "USD" },
      contribution: 10,
      category: "table",
      counted: { amount: Math.floor(bet / 10), currency: "USD" },
      wagered: { amount: Math.floor(bet / 10), currency: "USD" },
      wager_required: { amount: 10_000, currency: "USD" },
      status: "active",
    });
    // A retried round is no news.
    expect((await playRound(p.browser, table.sysname, { mode: "real", bet, round_id: id })).status).toBe(200);
    await expect(nextEvent(c, BONUS_WAGERING_EVENT)).rejects.toThrow();
    c.ws.close(1000);
  });
});
