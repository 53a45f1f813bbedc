import { describe, expect, it } from "vitest";
import { registerPlayer } from "./auth-helpers";
import { depositWith, mainBalance, txRow } from "./cashier-helpers";
import { data } from "./helpers";
import { ledgerRows } from "./wallet-helpers";

/**
 * The demo payment system settles a pending deposit by itself, DEMO_PAYMENT_PENDING_SECONDS
 * (wrangler.toml: 15) after the payer left it pending: a timer kept alive with waitUntil sends
 * the signed success callback. No cashier read happens meanwhile; reconciliation afterwards
 * finds nothing left to do.
 */
describe("a pending deposit's settle timer", () => {
  it("credits the deposit once, without any read in between", { timeout: 40_000 }, async () => {
    const p = await registerPlayer();
    const { id } = await depositWith(p, "pending", { amount: 6000 });
    const settleAt = (await txRow(p.uid, id))!.settle_at as number;
    expect(settleAt - Date.now()).toBeGreaterThan(10_000);
    // The deposit's row, read until the timer's callback has settled it (no cashier read meanwhile).
    await expect.poll(async () => (await txRow(p.uid, id))!.status, { timeout: settleAt + 15_000 - Date.now(), interval: 500 }).toBe("success");
    expect(Date.now()).toBeGreaterThanOrEqual(settleAt);
    await data(p.browser.get("cashier/gethistory"));
    expect(await mainBalance(p)).toBe(6000);
    expect((await ledgerRows(p.uid)).filter((r) => r.type === "deposit")).toHaveLength(1);
  });
});
