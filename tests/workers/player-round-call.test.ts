import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer } from "./auth-helpers";
import { aSlot, playRound, roundId, roundsOf } from "./game-studio-helpers";
import { data, failure } from "./helpers";
import { playerDb } from "./player-db";
import { balanceOf, ledgerSum } from "./wallet-helpers";

/**
 * A round as one call to the player's object (decision 0075): with the money core in the objects,
 * the Worker hands the round to
 * the player's object, which plays it on its own storage. D1 holds none of it; the money is exact,
 * a retry is answered once, and the platform's errors reach the player as they would from the Worker.
 */

const deposit = (uid: number, amount: number) =>
  applyOperation(playerDb(uid), { uid, key: `call-deposit-${uid}-${amount}`, type: "deposit", changes: [{ kind: "main", delta: amount }] });

describe("a round as one call to the player's object", () => {
  it("is played and recorded in the object, never in D1, and a repeated round_id moves nothing again", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    await deposit(uid, 100_000);
    const id = roundId();
    const first = await data(playRound(browser, slot.sysname, { bet: slot.min_bet, mode: "real", round_id: id }));
    expect(first.balance).toEqual({ amount: 100_000 - slot.min_bet + first.win, currency: "USD" });
    const again = await data(playRound(browser, slot.sysname, { bet: slot.min_bet, mode: "real", round_id: id }));
    expect(again).toEqual({ ...first, replayed: true });
    const [row] = await roundsOf(uid);
    expect(row).toMatchObject({ id: first.id, mode: "real", bet: slot.min_bet, win: first.win });
    expect(row!.operation_id).toBeTruthy();
    expect(await balanceOf(uid, "main")).toBe(100_000 - slot.min_bet + first.win);
    expect(await ledgerSum(uid, "main")).toBe(await balanceOf(uid, "main"));
    // D1 has no player tables at all (migration 0064): the object is the record.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name IN ('game_rounds', 'ledger', 'balances')").first("n")).toBe(0);
  });

  it("answers the object's refusals as the platform's: a balance that cannot cover the bet, a round_id used for another round", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    await deposit(uid, slot.min_bet - 1);
    const declined = await failure(
      playRound(browser, slot.sysname, { bet: slot.min_bet, mode: "real", round_id: roundId() }),
      402,
      "BillingTransactionDeclinedException",
    );
    expect(declined.params).toEqual({ kinds: ["main"] });
    expect(await roundsOf(uid)).toEqual([]);
    await deposit(uid, 10_000);
    const id = roundId();
    await data(playRound(browser, slot.sysname, { bet: slot.min_bet, mode: "real", round_id: id }));
    const reused = await failure(playRound(browser, slot.sysname, { bet: slot.min_bet * 2, mode: "real", round_id: id }), 400, "InvalidParameterException");
    expect(Object.keys(reused.invalid_parameters!)).toEqual(["round_id"]);
  });

  it("40 rounds at once against a balance covering ~15 never overdraw, and the ledger sums to the balance", async () => {
    const slot = await aSlot();
    const { browser, uid } = await registerPlayer();
    const bet = slot.min_bet;
    await deposit(uid, bet * 15);
    const answers = await Promise.all(Array.from({ length: 40 }, () => playRound(browser, slot.sysname, { bet, mode: "real", round_id: roundId() })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 402)).toBe(true);
    const rounds = await roundsOf(uid);
    expect(rounds).toHaveLength(statuses.filter((s) => s === 200).length);
    const main = (await balanceOf(uid, "main"))!;
    expect(main).toBeGreaterThanOrEqual(0);
    expect(main).toBe(bet * 15 + rounds.reduce((n, r) => n - r.bet + r.win, 0));
    expect(await ledgerSum(uid, "main")).toBe(main);
  });
});
