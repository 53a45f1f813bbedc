import { playerDb } from "./player-db";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { newKey, readyToWithdraw } from "./cashier-helpers";
import { data, failure } from "./helpers";

/** Withdrawing while a bonus is active burns it, with the player's consent (decision 0042); the bonus X-ray's figures. */

const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });
const withdraw = (p: Player, fields: Record<string, string | number> = {}) =>
  p.browser.post("cashier/makewithdrawal", { method: "demo_card", amount: 5000, requisites: CARD, idempotency_key: newKey(), ...fields });
const balances = async (p: Player) => {
  const b = await data(p.browser.get("account/getBalance"));
  return { main: b.balance_main.amount, bonus: b.balance_bonus.amount, betting: b.balance_betting_bonus.amount };
};
const bySysname = (list: { sysname: string }[], sysname: string) => list.find((b) => b.sysname === sysname) as any;

/** A player ready to withdraw, with `main` on the main balance and the sign-up bonus (10.00) active. */
async function withActiveBonus(main: number): Promise<{ p: Player; bonusId: string }> {
  const p = await registerPlayer();
  await readyToWithdraw(p.uid);
  await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: main }] });
  const signUp = bySysname((await data(p.browser.get("bonuses/get"))).available, "no-deposit");
  await data(p.browser.post("bonuses/activate", { bonus_id: signUp.id }));
  return { p, bonusId: signUp.id };
}

describe("withdrawing with an active bonus", () => {
  it("is refused until the player agrees to burn it, naming what would be removed; nothing moves", async () => {
    const { p, bonusId } = await withActiveBonus(20_000);
    const e = await failure(withdraw(p), 409, "InvalidRequestException");
    expect(e.params).toEqual({ reason: "bonuses_burn", bonuses: [{ id: bonusId, type: "casino", balance: { amount: 1000, currency: "USD" } }] });
    expect(await balances(p)).toEqual({ main: 20_000, bonus: 1000, betting: 0 });
    expect((await data(p.browser.get("bonuses/get"))).active.map((b: { id: string }) => b.id)).toEqual([bonusId]);
    await failure(withdraw(p, { burn_bonuses: "yes" }), 400, "InvalidParameterException");
  });

  it("with burn_bonuses=1 the bonus is cancelled, its balance removed, and the withdrawal placed", async () => {
    const { p, bonusId } = await withActiveBonus(20_000);
    const tx = await data(withdraw(p, { burn_bonuses: "1" }));
    expect(tx).toMatchObject({ type: "withdrawal", status: "pending", amount: { amount: 5000 } });
    expect(await balances(p)).toEqual({ main: 15_000, bonus: 0, betting: 0 });
    const list = await data(p.browser.get("bonuses/get"));
    expect(list.active).toEqual([]);
    expect(bySysname(list.history, "no-deposit")).toMatchObject({ id: bonusId, status: "cancelled" });
    // A betting bonus burns too.
    const [freeBet] = (await data(p.browser.get("BettingBonuses/get"))).available;
    await data(p.browser.post("BettingBonuses/activate", { bonus_id: freeBet.id }));
    const again = await failure(withdraw(p), 409, "InvalidRequestException");
    expect(again.params?.bonuses).toEqual([{ id: freeBet.id, type: "betting", balance: { amount: 500, currency: "USD" } }]);
  });

  it("a withdrawal refused for another reason burns nothing, even when agreed", async () => {
    const { p, bonusId } = await withActiveBonus(3000);
    // More than the main balance holds.
    await failure(withdraw(p, { amount: 5000, burn_bonuses: "1" }), 402, "BillingTransactionDeclinedException");
    // Outside the method's limits.
    await failure(withdraw(p, { amount: 100, burn_bonuses: "1" }), 409, "WithdrawalLimitsExceededException");
    // An account that must verify first.
    await failure(withdraw(p, { amount: 300_000, burn_bonuses: "1" }), 422, "KycWithdrawalException");
    expect(await balances(p)).toEqual({ main: 3000, bonus: 1000, betting: 0 });
    expect((await data(p.browser.get("bonuses/get"))).active.map((b: { id: string }) => b.id)).toEqual([bonusId]);
  });

  it("the day's withdrawal limit reached: refused before anything burns", async () => {
    const { p, bonusId } = await withActiveBonus(100_000);
    await data(p.browser.post("bonuses/deactivate", { bonus_id: bonusId }));
    for (let i = 0; i < 3; i++) await data(withdraw(p, { amount: 2000 }));
    const [freeBet] = (await data(p.browser.get("BettingBonuses/get"))).available;
    await data(p.browser.post("BettingBonuses/activate", { bonus_id: freeBet.id }));
    await failure(withdraw(p, { amount: 2000, burn_bonuses: "1" }), 409, "WithdrawalLimitsPeriodExceededException");
    expect((await balances(p)).betting).toBe(500);
  });
});

describe("the bonus X-ray", () => {
  it("prices the wagering at the catalogue's average slot RTP before the player accepts the bonus", async () => {
    const p = await registerPlayer();
    const rtp = Math.round(
      (await env.DB.prepare("SELECT AVG(rtp_bp) AS r FROM games WHERE kind NOT IN ('live', 'table') AND is_sportsbook = 0").first<number>("r"))!,
    );
    const signUp = bySysname((await data(p.browser.get("bonuses/get"))).available, "no-deposit");
    expect(signUp.xray).toEqual({
      rtp_bp: rtp,
      left_to_wager: { amount: 10_000, currency: "USD" },
      expected_cost: { amount: Math.round((10_000 * (10_000 - rtp)) / 10_000), currency: "USD" },
      wagering_days: 7,
    });
    // The sign-up bonus is 10.00 wagered 10 times (the seed is fair, decision 0085): at a ~96 % RTP
    // clearing it is expected to cost well under what it gives (at 40 times it cost more).
    expect(signUp.xray.expected_cost.amount).toBeLessThan(signUp.amount.amount / 2);
  });
});
