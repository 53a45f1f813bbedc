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
    const settleAt = (await txRow(id))!.settle_at as number;
    expect(settleAt - Date.now()).toBeGreaterThan(10_000);
    let row = await txRow(id);
    while (row!.status === "pending" && Date.now() < settleAt + 15_000) {
      await new Promise((r) => setTimeout(r, 500));
      row = await txRow(id);
    }
    expect(row!.status).toBe("success");
    expect(Date.now()).toBeGreaterThanOrEqual(settleAt);
    await data(p.browser.get("cashier/gethistory"));
    expect(await mainBalance(p)).toBe(6000);
    expect((await ledgerRows(p.uid)).filter((r) => r.type === "deposit")).toHaveLength(1);
  });
});
