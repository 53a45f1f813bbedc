import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer, type Player } from "./auth-helpers";
import { confirmEmail, fillWithdrawalProfile, readyToWithdraw, mainBalance, newKey, txRow } from "./cashier-helpers";
import { data, failure } from "./helpers";
import { ledgerRows } from "./wallet-helpers";
import { playerDb } from "./player-db";
import { PAYOUT_DELAY_MS } from "../../workers/platform/cashier/withdrawal-stages";

/** Withdrawals: refusals in their order, the debit, cancel (refund once), the demo payout. */

const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });

/** A player with a confirmed email and `amount` on the main balance. */
async function funded(amount: number, fields: Record<string, string> = {}): Promise<Player> {
  const p = await registerPlayer(fields);
  await readyToWithdraw(p.uid);
  if (amount > 0)
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: amount }] });
  return p;
}

const withdraw = (p: Player, fields: Record<string, string | number> = {}) =>
  p.browser.post("cashier/makewithdrawal", { method: "demo_card", amount: 5000, requisites: CARD, idempotency_key: newKey(), ...fields });

describe("cashier.getwithdrawsettings", () => {
  it("answers the methods, the main balance as available and the pending withdrawals", async () => {
    const p = await funded(20000);
    const before = await data(p.browser.get("cashier/getwithdrawsettings"));
    expect(before).toMatchObject({ currency: "USD", available: { amount: 20000, currency: "USD" }, pending: [] });
    expect(before.methods.map((m: { sysname: string }) => m.sysname)).toEqual(["demo_card", "demo_bank"]);
    const tx = await data(withdraw(p));
    const after = await data(p.browser.get("cashier/getwithdrawsettings"));
    expect(after.available.amount).toBe(15000);
    expect(after.pending).toEqual([tx]);
  });
});

describe("cashier.makewithdrawal", () => {
  it("debits the main balance at once, stays pending, keeps the card masked", async () => {
    const p = await funded(20000);
    const tx = await data(withdraw(p, { amount: 7000 }));
    expect(tx).toMatchObject({
      type: "withdrawal",
      status: "pending",
      amount: { amount: 7000, currency: "USD" },
      method: "demo_card",
      method_name: "Card",
      can_cancel: true,
    });
    expect(await mainBalance(p)).toBe(13000);
    expect(JSON.parse((await txRow(p.uid, tx.id))!.requisites)).toEqual({ card_number: "411111...1111", card_holder: "Ann Lee" });
    const bank = await data(withdraw(p, { method: "demo_bank", requisites: JSON.stringify({ iban: "DE89 3704 0044 0532 0130 00", bank: "de-rhein" }) }));
    expect(bank.status).toBe("pending");
  });

  it("answers the first withdrawal for a repeated key and debits once", async () => {
    const p = await funded(20000);
    const key = newKey();
    const [a, b] = await Promise.all([data(withdraw(p, { idempotency_key: key })), data(withdraw(p, { idempotency_key: key }))]);
    expect(a).toEqual(b);
    expect(await data(withdraw(p, { idempotency_key: key, amount: 9000 }))).toEqual(a);
    expect(await mainBalance(p)).toBe(15000);
  });

  it("refuses in order: method, amount, requisites, email, name and date of birth, verification, limits, funds", async () => {
    const p = await registerPlayer();
    expect((await failure(withdraw(p, { method: "demo_ewallet" }), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty("method");
    expect((await failure(withdraw(p, { amount: 1050 }), 400, "InvalidParameterException")).invalid_parameters).toHaveProperty("amount");
    const req = await failure(
      withdraw(p, { requisites: JSON.stringify({ card_number: "4111 1111 1111 1112", card_holder: "R2D2" }) }),
      400,
      "InvalidParameterException",
    );
    expect(req.invalid_parameters).toEqual({ card_number: ["Wrong card number"], card_holder: [expect.any(String)] });
    expect((await failure(withdraw(p, { requisites: "{}" }), 400, "InvalidParameterException")).invalid_parameters).toEqual({
      card_number: ["Field is required"],
      card_holder: ["Field is required"],
    });
    expect(
      (
        await failure(
          withdraw(p, { method: "demo_bank", requisites: JSON.stringify({ iban: "DE00370400440532013000", bank: "de-rhein" }) }),
          400,
          "InvalidParameterException",
        )
      ).invalid_parameters,
    ).toHaveProperty("iban");
    const confirm = await failure(withdraw(p), 422, "UserNeedConfirmContactException");
    expect(confirm.params).toEqual({ contact: "email" });

    await confirmEmail(p.uid);
    const profile = await failure(withdraw(p), 422, "UserNeedProfileDataException");
    expect(profile.params).toEqual({ fields: ["first_name", "last_name", "birth_date"] });
    await env.DB.prepare("UPDATE users SET first_name = 'Ann', last_name = '  ' WHERE uid = ?1").bind(p.uid).run();
    expect((await failure(withdraw(p), 422, "UserNeedProfileDataException")).params).toEqual({ fields: ["last_name", "birth_date"] });
    await fillWithdrawalProfile(p.uid);
    await failure(withdraw(p, { amount: 200100 }), 422, "KycWithdrawalException");
    await failure(withdraw(p, { amount: 500 }), 409, "WithdrawalLimitsExceededException");
    const declined = await failure(withdraw(p), 402, "BillingTransactionDeclinedException");
    expect(declined.message).toBe("Insufficient funds");
    expect((await data(p.browser.get("cashier/gethistory"))).count).toBe(0);

    await env.DB.prepare("UPDATE users SET is_verified = 1 WHERE uid = ?1").bind(p.uid).run();
    await failure(withdraw(p, { amount: 1000100 }), 409, "WithdrawalLimitsExceededException");
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: 300000 }] });
    expect((await data(withdraw(p, { amount: 250000 }))).status).toBe("pending");
  });

  it("limits a day to 3 withdrawals and 10,000; cancelled ones do not count", async () => {
    const p = await funded(5_000_000);
    await env.DB.prepare("UPDATE users SET is_verified = 1 WHERE uid = ?1").bind(p.uid).run();
    const first = await data(withdraw(p));
    await data(withdraw(p));
    await data(withdraw(p));
    const period = await failure(withdraw(p), 409, "WithdrawalLimitsPeriodExceededException");
    expect(period.params).toMatchObject({ count: 3, sum: 1_000_000 });
    await data(p.browser.post("cashier/cancelwithdrawal", { transaction_id: first.id }));
    await data(withdraw(p, { amount: 985000 }));
    await failure(withdraw(p, { amount: 1000 }), 409, "WithdrawalLimitsPeriodExceededException");

    const q = await funded(5_000_000);
    await env.DB.prepare("UPDATE users SET is_verified = 1 WHERE uid = ?1").bind(q.uid).run();
    await data(withdraw(q, { amount: 900000 }));
    await failure(withdraw(q, { amount: 100100 }), 409, "WithdrawalLimitsPeriodExceededException");
    // Concurrent requests cannot slip past the count together.
    const r = await funded(5_000_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(r, { amount: 1000 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(await mainBalance(r)).toBe(5_000_000 - 3000);
  });
});

describe("concurrent withdrawals", () => {
  it("each refusal names its real cause: insufficient funds, and the daily limit only for the real 4th", async () => {
    const p = await funded(5000);
    const answers = await Promise.all(Array.from({ length: 30 }, () => withdraw(p, { amount: 2000 })));
    const paid = answers.filter((a) => a.status === 200);
    expect(paid).toHaveLength(2);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      const e = await failure(refused, 402, "BillingTransactionDeclinedException");
      expect(e.message).toBe("Insufficient funds");
    }
    expect(await mainBalance(p)).toBe(1000);
    // Refused requests leave no rows, so the day still has room for exactly one more.
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `top-up-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: 100000 }] });
    const more = await Promise.all(Array.from({ length: 8 }, () => withdraw(p, { amount: 2000 })));
    expect(more.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of more.filter((a) => a.status !== 200)) await failure(refused, 409, "WithdrawalLimitsPeriodExceededException");
    expect(await mainBalance(p)).toBe(101000 - 2000);
    expect((await data(p.browser.get("cashier/gethistory", { type: "withdrawal" }))).count).toBe(3);
  });
});

describe("cashier.cancelwithdrawal", () => {
  it("returns the amount once, even for concurrent cancels; a cancelled one answers as it is", async () => {
    const p = await funded(20000);
    const tx = await data(withdraw(p, { amount: 8000 }));
    const answers = await Promise.all(Array.from({ length: 4 }, () => data(p.browser.post("cashier/cancelwithdrawal", { transaction_id: tx.id }))));
    for (const a of answers) expect(a).toMatchObject({ id: tx.id, status: "cancel", can_cancel: false });
    expect(await mainBalance(p)).toBe(20000);
    expect((await ledgerRows(p.uid)).filter((r) => r.type === "withdrawal_cancel")).toHaveLength(1);
    expect(await data(p.browser.post("cashier/cancelwithdrawal", { transaction_id: tx.id }))).toEqual(answers[0]);
    expect(await mainBalance(p)).toBe(20000);
  });

  it("refuses a paid-out withdrawal; the demo payout pays pending ones after 24 hours", async () => {
    const p = await funded(20000);
    const tx = await data(withdraw(p));
    // Requested a day ago: approved, sent and paid since (withdrawal-stages.ts).
    await playerDb(p.uid).prepare("UPDATE cashier_transactions SET created_at = created_at - ?2 WHERE id = ?1").bind(tx.id, PAYOUT_DELAY_MS).run();
    const settings = await data(p.browser.get("cashier/getwithdrawsettings"));
    expect(settings.pending).toEqual([]);
    expect((await data(p.browser.get("cashier/gethistory", { type: "withdrawal" }))).items[0]).toMatchObject({
      id: tx.id,
      status: "success",
      can_cancel: false,
    });
    await failure(p.browser.post("cashier/cancelwithdrawal", { transaction_id: tx.id }), 402, "WithdrawalDeclinedException");
    expect(await mainBalance(p)).toBe(15000);
  });

  it("answers 404 for another player's transaction, a deposit or an unknown id, 400/405 for bad calls", async () => {
    const p = await funded(20000);
    const other = await funded(20000);
    const tx = await data(withdraw(other));
    await failure(p.browser.post("cashier/cancelwithdrawal", { transaction_id: tx.id }), 404, "InvalidParameterException");
    await failure(p.browser.post("cashier/cancelwithdrawal", { transaction_id: "0".repeat(32) }), 404, "InvalidParameterException");
    const dep = await data(p.browser.post("cashier/makedeposit", { method: "demo_card", amount: 5000, idempotency_key: newKey() }));
    await failure(p.browser.post("cashier/cancelwithdrawal", { transaction_id: dep.transaction_id }), 404, "InvalidParameterException");
    await failure(p.browser.get("cashier/getdepositinfo", { transaction_id: tx.id }), 404, "InvalidParameterException");
    await failure(p.browser.post("cashier/cancelwithdrawal", {}), 400, "InvalidParameterException");
    await failure(p.browser.post("cashier/cancelwithdrawal", { transaction_id: "../x" }), 400, "InvalidParameterException");
    await failure(p.browser.get("cashier/cancelwithdrawal", { transaction_id: tx.id }), 405, "InvalidRequestException");
    await failure(p.browser.post("cashier/makewithdrawal", {}), 400, "InvalidParameterException");
    await failure(p.browser.get("cashier/makewithdrawal"), 405, "InvalidRequestException");
    expect(await mainBalance(other)).toBe(15000);
  });
});
