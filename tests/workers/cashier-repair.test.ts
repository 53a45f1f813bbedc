import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildCallback, findPayment } from "../../workers/platform/demo/payment-provider";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { registerPlayer } from "./auth-helpers";
import { readyToWithdraw, mainBalance, newKey, startDeposit, txRow } from "./cashier-helpers";
import { data, ORIGIN, send } from "./helpers";
import { ledgerRows } from "./wallet-helpers";
import { playerDb } from "./player-db";

/**
 * Reconciliation repairs the half-states an interrupted run of the code before decision 0022 could
 * leave (today every path is one transaction and cannot leave them): each is made here by hand.
 */

const CARD = JSON.stringify({ card_number: "4111 1111 1111 1111", card_holder: "Ann Lee" });

describe("reconciliation repairs", () => {
  it("a success without its credit, whose callback is already recorded: the retry is 409, the next cashier read credits once", async () => {
    const p = await registerPlayer();
    const { transaction_id: id } = await startDeposit(p, { amount: 6000 });
    await env.DB.prepare("UPDATE demo_payments SET status = 'success' WHERE transaction_id = ?1").bind(id).run();
    const callback = await buildCallback(env, (await findPayment(env.DB, id))!, ORIGIN);
    const retry = callback.clone() as Request;
    const event = JSON.parse(await callback.text()).event_id;
    // What the old code left when the Worker died after the event and the status, before the credit.
    const db = playerDb(p.uid);
    await db.batch([
      db
        .prepare("INSERT INTO payment_callbacks (provider, event_id, transaction_id, status, received_at) VALUES ('demo', ?1, ?2, 'success', ?3)")
        .bind(event, id, Date.now()),
      db.prepare("UPDATE cashier_transactions SET status = 'success' WHERE id = ?1").bind(id),
    ]);
    expect((await send(retry)).status).toBe(409);
    const history = await data(p.browser.get("cashier/gethistory"));
    expect(history.items[0]).toMatchObject({ id, status: "success" });
    expect(await mainBalance(p)).toBe(6000);
    await data(p.browser.get("cashier/getdepositinfo"));
    expect(await mainBalance(p)).toBe(6000);
    expect((await ledgerRows(p.uid)).filter((r) => r.type === "deposit")).toHaveLength(1);
  });

  it("a cancelled withdrawal without its refund is refunded once; a withdrawal left new is made pending or dropped", async () => {
    const p = await registerPlayer();
    await readyToWithdraw(p.uid);
    await applyOperation(playerDb(p.uid), { uid: p.uid, key: `seed-money-${p.uid}`, type: "adjustment", changes: [{ kind: "main", delta: 20000 }] });
    const tx = await data(p.browser.post("cashier/makewithdrawal", { method: "demo_card", amount: 5000, requisites: CARD, idempotency_key: newKey() }));
    await playerDb(p.uid).prepare("UPDATE cashier_transactions SET status = 'cancel' WHERE id = ?1").bind(tx.id).run();
    expect(await mainBalance(p)).toBe(15000);

    // Two rows as the old code inserted them before their debit: one debited (then the Worker died), one not.
    const old = Date.now() - 5 * 60_000;
    const legacy = (id: string) =>
      playerDb(p.uid)
        .prepare(
          `INSERT INTO cashier_transactions (id, uid, type, status, amount, currency, method, flow, locale, requisites, idempotency_key, created_at, updated_at)
         VALUES (?1, ?2, 'withdrawal', 'new', 1000, 'USD', 'demo_card', 'redirect', 'en', '{}', ?3, ?4, ?4)`,
        )
        .bind(id, p.uid, newKey(), old);
    const debited = "d".repeat(32);
    const undebited = "e".repeat(32);
    await playerDb(p.uid).batch([legacy(debited), legacy(undebited)]);
    await applyOperation(playerDb(p.uid), {
      uid: p.uid,
      key: `withdrawal:${debited}`,
      type: "withdrawal",
      reference: debited,
      changes: [{ kind: "main", delta: -1000 }],
    });

    const settings = await data(p.browser.get("cashier/getwithdrawsettings"));
    expect(settings.available.amount).toBe(19000);
    expect(settings.pending.map((t: { id: string }) => t.id)).toEqual([debited]);
    expect((await txRow(p.uid, debited))!.settle_at).toBe(old + 24 * 60 * 60_000);
    expect(await txRow(p.uid, undebited)).toBeNull();
    await data(p.browser.get("cashier/gethistory"));
    expect(await mainBalance(p)).toBe(19000);
    expect((await ledgerRows(p.uid)).filter((r) => r.type === "withdrawal_cancel")).toHaveLength(1);
  });
});
