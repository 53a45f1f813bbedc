import { env } from "cloudflare:workers";
import { isMovedTable } from "../../workers/platform/player/tables";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer } from "./auth-helpers";
import { aSlot, playRound, roundId, roundsOf } from "./game-studio-helpers";
import { data, failure, get } from "./helpers";
import { balanceOf, ledgerRows, ledgerSum } from "./wallet-helpers";
import { playerDb } from "./player-db";

const deposit = (uid: number, amount: number) =>
  applyOperation(playerDb(uid), { uid, key: `test-deposit-${uid}-${amount}`, type: "deposit", changes: [{ kind: "main", delta: amount }] });

describe("rounds settled by the demo studio", () => {
  it("a demo round of a signed-in player moves balance_fun only, and is recorded", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    const round = await data(playRound(browser, slot.sysname, { bet: slot.min_bet, mode: "demo", round_id: roundId() }));
    expect(round.mode).toBe("demo");
    expect(round.symbols).toHaveLength(3);
    expect(await balanceOf(uid, "fun")).toBe(100_000 - slot.min_bet + round.win);
    expect(round.balance).toEqual({ amount: 100_000 - slot.min_bet + round.win, currency: "USD" });
    expect(await balanceOf(uid, "main")).toBe(0);
    const [row] = await roundsOf(uid);
    expect(row).toMatchObject({ id: round.id, sysname: slot.sysname, mode: "demo", bet: slot.min_bet, win: round.win });
    expect(row!.operation_id).toBeTruthy();
  });

  it("a real round debits the bet and credits the win on main in one operation, as ledger rows bet and win", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    await deposit(uid, 1_000_000);
    const bet = slot.max_bet;
    // Play until a round wins, so both legs show (each round has ~25 % hit rate; 200 tries is plenty).
    let won: any = null;
    for (let i = 0; i < 200 && !won; i++) {
      const round = await data(playRound(browser, slot.sysname, { bet, mode: "real", round_id: roundId() }));
      if (round.win > 0) won = round;
    }
    expect(won).not.toBeNull();
    const legs = (await ledgerRows(uid)).filter((r) => r.reference === won.id);
    expect(legs.map((r) => [r.kind, r.type, r.delta])).toEqual([
      ["main", "bet", -bet],
      ["main", "win", won.win],
    ]);
    expect(new Set(legs.map((r) => r.operation_id)).size).toBe(1);
    expect(legs[1]!.balance_after).toBe(won.balance.amount);
    expect(await ledgerSum(uid, "main")).toBe(await balanceOf(uid, "main"));
    expect(await balanceOf(uid, "fun")).toBe(100_000);
  }, 30_000);

  it("refuses a round the balance cannot cover: nothing moves and no round is recorded", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    await deposit(uid, slot.min_bet - 1);
    const error = await failure(
      playRound(browser, slot.sysname, { bet: slot.min_bet, mode: "real", round_id: roundId() }),
      402,
      "BillingTransactionDeclinedException",
    );
    expect(error.params).toEqual({ kinds: ["main"] });
    expect(await balanceOf(uid, "main")).toBe(slot.min_bet - 1);
    expect(await roundsOf(uid)).toEqual([]);
  });

  it("a repeated round_id answers the same round and moves no money again", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    await deposit(uid, 100_000);
    const id = roundId();
    const first = await data(playRound(browser, slot.sysname, { bet: slot.min_bet, mode: "real", round_id: id }));
    const again = await data(playRound(browser, slot.sysname, { bet: slot.min_bet, mode: "real", round_id: id }));
    expect(again).toEqual({ ...first, replayed: true });
    expect(await balanceOf(uid, "main")).toBe(100_000 - slot.min_bet + first.win);
    expect(await roundsOf(uid)).toHaveLength(1);
    const other = await failure(playRound(browser, slot.sysname, { bet: slot.min_bet * 2, mode: "real", round_id: id }), 400, "InvalidParameterException");
    expect(Object.keys(other.invalid_parameters!)).toEqual(["round_id"]);
  });

  it("answers 400 for a bet out of range or malformed, a bad mode or round_id; 401 real for visitors; 404 unknown game", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    const cases: [Record<string, string | number>, string][] = [
      [{ bet: slot.min_bet - 1, mode: "demo", round_id: roundId() }, "bet"],
      [{ bet: slot.max_bet + 1, mode: "demo", round_id: roundId() }, "bet"],
      [{ bet: "1.5", mode: "demo", round_id: roundId() }, "bet"],
      [{ bet: "", mode: "demo", round_id: roundId() }, "bet"],
      [{ bet: slot.min_bet, mode: "jackpot", round_id: roundId() }, "mode"],
      [{ bet: slot.min_bet, mode: "demo", round_id: "short" }, "round_id"],
      [{ bet: slot.min_bet, mode: "demo", round_id: "has spaces in it" }, "round_id"],
    ];
    for (const [fields, field] of cases) {
      const error = await failure(playRound(browser, slot.sysname, fields), 400, "InvalidParameterException");
      expect(Object.keys(error.invalid_parameters!), JSON.stringify(fields)).toEqual([field]);
    }
    expect(await roundsOf(uid)).toEqual([]);
    await failure(playRound(null, slot.sysname, { bet: slot.min_bet, mode: "real", round_id: roundId() }), 401, "AuthorizationException");
    await failure(playRound(browser, "no_such_game", { bet: 10, mode: "demo", round_id: roundId() }), 404, "InvalidRequestException");
    // A visitor's demo round is drawn and answered, against no balance, and not stored.
    const visitor = await data(playRound(null, slot.sysname, { bet: slot.min_bet, mode: "demo", round_id: roundId() }));
    expect(visitor.balance).toBeNull();
    // Its win is money of the site's default currency (the page shows "You win $0.20!", not " 0.20").
    expect(visitor.currency).toBe("USD");
    // (Once the rounds are in the players' objects a visitor has none to hold one: D1's table is no longer theirs.)
    if (!isMovedTable("game_rounds")) {
      expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM game_rounds WHERE id = ?1").bind(visitor.id).first<{ n: number }>())!.n).toBe(0);
    }
  });

  it("100 parallel rounds against a balance covering ~40 bets never overdraw, and the ledger sums to the balance", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    const bet = slot.min_bet;
    const start = 40 * bet;
    await deposit(uid, start);
    const answers = await Promise.all(Array.from({ length: 100 }, () => playRound(browser, slot.sysname, { bet, mode: "real", round_id: roundId() })));
    const statuses = answers.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 402),
      String(statuses),
    ).toBe(true);
    const played = await Promise.all(answers.filter((r) => r.status === 200).map((r) => r.json() as Promise<{ data: { win: number } }>));
    expect(played.length).toBeGreaterThanOrEqual(40);

    const balance = (await balanceOf(uid, "main"))!;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(uid, "main")).toBe(balance);
    const rounds = await roundsOf(uid);
    expect(rounds).toHaveLength(played.length);
    expect(rounds.every((r) => r.operation_id)).toBe(true);
    expect(start + rounds.reduce((sum, r) => sum + r.win - r.bet, 0)).toBe(balance);
  }, 60_000);
});

describe("games.getHistory", () => {
  it("pages the player's rounds newest first with the total", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await data(playRound(browser, slot.sysname, { bet: slot.min_bet, mode: "demo", round_id: roundId() }))).id);
    // A minute apart, in play order, rather than sleeps between the rounds (ids are not in time order).
    const db = playerDb(uid);
    await db.batch(ids.map((id, i) => db.prepare("UPDATE game_rounds SET created_at = created_at - ?2 WHERE id = ?1").bind(id, (5 - i) * 60_000)));
    const first = await data(browser.get("games/getHistory", { count: 2 }));
    expect(first.count).toBe(5);
    expect(first.items.map((r: { id: string }) => r.id)).toEqual([ids[4], ids[3]]);
    expect(first.items[0]).toMatchObject({ game: slot.sysname, mode: "demo", bet: { amount: slot.min_bet, currency: "USD" } });
    const last = await data(browser.get("games/getHistory", { offset: 4, count: 2 }));
    expect(last.items.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    const other = await registerPlayer();
    expect(await data(other.browser.get("games/getHistory"))).toEqual({ items: [], count: 0 });
  }, 20_000);

  it("refuses bad paging and visitors", async () => {
    const { browser } = await registerPlayer();
    for (const [query, field] of [
      [{ offset: -1 }, "offset"],
      [{ count: 0 }, "count"],
      [{ count: 101 }, "count"],
      [{ offset: "x" }, "offset"],
    ] as const) {
      const error = await failure(browser.get("games/getHistory", query), 400, "InvalidParameterException");
      expect(Object.keys(error.invalid_parameters!)).toEqual([field]);
    }
    await failure(get("games/getHistory"), 401, "AuthorizationException");
  });
});
