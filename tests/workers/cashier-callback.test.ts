import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildCallback, findPayment, SIGNATURE_HEADER } from "../../workers/platform/demo/payment-provider";
import { sign } from "../../workers/platform/core/signing";
import { registerPlayer } from "./auth-helpers";
import { mainBalance, startDeposit, txRow } from "./cashier-helpers";
import { data, ORIGIN, send } from "./helpers";
import { ledgerRows } from "./wallet-helpers";
import { playerDb } from "./player-db";

/** The platform's payment callback endpoint: signed, fresh, once. */

const CALLBACK = `${ORIGIN}/platform/payments/callback/demo`;

/** A signed callback the demo PSP would send for a payment, as the PSP's books say (status overridable). */
async function callbackFor(id: string, status?: string): Promise<Request> {
  const payment = (await findPayment(env.DB, id))!;
  return buildCallback(env, { ...payment, status: (status ?? payment.status) as never }, ORIGIN);
}

const deliver = (req: Request) => send(req);

async function rawCallback(body: string, signature?: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers[SIGNATURE_HEADER] = signature ?? (await sign(env.SIGNING_SECRET, "demo-payment-callback", body));
  return send(CALLBACK, { method: "POST", body, headers });
}

describe("POST /platform/payments/callback/demo", () => {
  it("credits a success once, however many (different) callbacks report it, even at once", async () => {
    const p = await registerPlayer();
    const { transaction_id: id } = await startDeposit(p, { amount: 7000 });
    const requests = await Promise.all(Array.from({ length: 5 }, () => callbackFor(id, "success")));
    const answers = await Promise.all(requests.map(deliver));
    for (const a of answers) expect(a.status).toBe(200);
    expect(await answers[0]!.json()).toEqual({ ok: true, status: "success" });
    expect(await mainBalance(p)).toBe(7000);
    expect((await ledgerRows(p.uid)).filter((r) => r.type === "deposit")).toHaveLength(1);
    // A later "fail" cannot take a paid deposit back.
    expect((await deliver(await callbackFor(id, "fail"))).status).toBe(200);
    expect((await txRow(p.uid, id))!.status).toBe("success");
  });

  it("refuses the same callback sent again (replay) with 409", async () => {
    const p = await registerPlayer();
    const { transaction_id: id } = await startDeposit(p);
    const req = await callbackFor(id, "success");
    const copy = req.clone() as Request;
    expect((await deliver(req)).status).toBe(200);
    const again = await deliver(copy);
    expect(again.status).toBe(409);
    expect(await mainBalance(p)).toBe(5000);
  });

  it("refuses unsigned, forged, stale, malformed and mismatched callbacks", async () => {
    const p = await registerPlayer();
    const { transaction_id: id } = await startDeposit(p);
    const good = await callbackFor(id, "success");
    const body = await good.text();
    expect((await rawCallback(body, null)).status).toBe(401);
    expect((await rawCallback(body, "AAAA")).status).toBe(401);
    // Signed with another purpose (a page signature) or another secret.
    expect((await rawCallback(body, await sign(env.SIGNING_SECRET, "demo-payment-page", body))).status).toBe(401);
    expect((await rawCallback(body, await sign("another-secret-another-secret-12345", "demo-payment-callback", body))).status).toBe(401);
    // Tampered amount under the original signature.
    const tampered = body.replace('"amount":5000', '"amount":500000');
    expect((await rawCallback(tampered, good.headers.get(SIGNATURE_HEADER))).status).toBe(401);
    // Properly signed but stale, malformed, for another amount, or for no transaction.
    const v = JSON.parse(body);
    expect((await rawCallback(JSON.stringify({ ...v, sent_at: Date.now() - 10 * 60_000 }))).status).toBe(400);
    expect((await rawCallback("not json")).status).toBe(400);
    expect((await rawCallback(JSON.stringify({ ...v, status: "refund" }))).status).toBe(400);
    expect((await rawCallback(JSON.stringify({ ...v, amount: 4000 }))).status).toBe(400);
    expect((await rawCallback(JSON.stringify({ ...v, transaction_id: "0".repeat(32) }))).status).toBe(404);
    expect((await send(`${ORIGIN}/platform/payments/callback/other`, { method: "POST", body })).status).toBe(404);
    expect((await send(CALLBACK)).status).toBe(405);
    expect(await mainBalance(p)).toBe(0);
    expect((await txRow(p.uid, id))!.status).toBe("new");
  });

  it("a lost callback: the next cashier read asks the payment system and settles", async () => {
    const p = await registerPlayer();
    const { transaction_id: id } = await startDeposit(p);
    // The payer paid but the callback never arrived.
    await env.DB.prepare("UPDATE demo_payments SET status = 'success' WHERE transaction_id = ?1").bind(id).run();
    await data(p.browser.get("cashier/gethistory"));
    expect((await txRow(p.uid, id))!.status).toBe("new");
    await playerDb(p.uid).prepare("UPDATE cashier_transactions SET created_at = created_at - 120000 WHERE id = ?1").bind(id).run();
    expect((await data(p.browser.get("cashier/gethistory"))).items[0]).toMatchObject({ id, status: "success" });
    expect(await mainBalance(p)).toBe(5000);
  });

  it("a pending callback records the settle time; a later success settles it", async () => {
    const p = await registerPlayer();
    const { transaction_id: id } = await startDeposit(p);
    const settleAt = Date.now() + 60_000;
    await env.DB.prepare("UPDATE demo_payments SET status = 'pending', settle_at = ?2 WHERE transaction_id = ?1").bind(id, settleAt).run();
    expect((await deliver(await callbackFor(id))).status).toBe(200);
    expect(await txRow(p.uid, id)).toMatchObject({ status: "pending", settle_at: settleAt });
    expect((await deliver(await callbackFor(id, "success"))).status).toBe(200);
    expect(await mainBalance(p)).toBe(5000);
  });
});
