import { describe, expect, it } from "vitest";
import { newKey, readyToWithdraw } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { gameOf, playerWith, real } from "./loyalty-helpers";
import { checkLedger, entryOf, join, leaderboard, makeTournament, pointsOf } from "./tournament-helpers";

/** Reset on cashout (issue 22, decision 0048): a withdrawal's batch sets the points of reset_on_cashout tournaments to 0. */

const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });

describe("reset on cashout", () => {
  it("a withdrawal zeroes the points of reset_on_cashout tournaments only, with a ledger row; later rounds score again", async () => {
    const slot = await gameOf("slot");
    const resets = await makeTournament({ scoring: "bets", opt_in: false, reset_on_cashout: true, games: [slot] });
    const keeps = await makeTournament({ scoring: "bets", games: [slot] });
    const p = await playerWith(100_000);
    await readyToWithdraw(p.uid);
    await data(join(p, keeps));
    await real(p, slot, 500);
    await real(p, slot, 300);
    expect(await pointsOf(resets, p.uid)).toBe(800);
    expect(await pointsOf(keeps, p.uid)).toBe(800);

    const tx = await data(p.browser.post("cashier/makewithdrawal", { method: "demo_card", amount: 5000, requisites: CARD, idempotency_key: newKey() }));
    expect(tx.status).toBe("pending");
    expect(await pointsOf(resets, p.uid)).toBe(0);
    expect(await pointsOf(keeps, p.uid)).toBe(800);
    // No points, no rank: neither the record's view nor the live board (which takes the record's
    // lower total, reached at the same instant) shows the player.
    expect((await leaderboard(p, resets)).me).toBeNull();
    const live = await data(p.browser.get("leaderboard/live", { tournament_id: resets }));
    expect(live.me).toBeNull();
    expect(live.items).toEqual([]);
    await checkLedger(resets);
    await checkLedger(keeps);

    await real(p, slot, 200);
    expect(await pointsOf(resets, p.uid)).toBe(200);
    await checkLedger(resets);
  });

  it("a refused withdrawal (insufficient funds) resets nothing", async () => {
    const slot = await gameOf("slot");
    const resets = await makeTournament({ scoring: "rounds", opt_in: false, reset_on_cashout: true, games: [slot] });
    const p = await playerWith(2_000);
    await readyToWithdraw(p.uid);
    await real(p, slot, 100);
    const before = await entryOf(resets, p.uid);
    expect(before!.points).toBe(1);
    await failure(
      p.browser.post("cashier/makewithdrawal", { method: "demo_card", amount: 5000, requisites: CARD, idempotency_key: newKey() }),
      402,
      "BillingTransactionDeclinedException",
    );
    expect(await entryOf(resets, p.uid)).toEqual(before);
    await checkLedger(resets);
  });
});
