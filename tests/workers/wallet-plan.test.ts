import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isPlatformError } from "../../core/api/errors";
import { applyOperation, applyPlan, planOperation } from "../../workers/platform/wallet/wallet";
import { balanceOf, ledgerRows, makePlayer, operationCount } from "./wallet-helpers";

/**
 * Operation plans (operation.ts, decision 0022): a feature's own statements and a wallet operation
 * in one batch, the operation guarded by a condition evaluated inside that batch.
 */

const db = env.DB;
let n = 0;
const key = (what = "plan") => `${what}-${Date.now().toString(36)}-${++n}`;

/** A scratch table standing in for a feature's rows (the cashier's transactions, say). */
const table = db.prepare("CREATE TABLE IF NOT EXISTS plan_things (id TEXT PRIMARY KEY, state TEXT NOT NULL)");
const thingIs = (id: string, state: string) => ({ sql: "EXISTS (SELECT 1 FROM plan_things WHERE id = ?1 AND state = ?2)", params: [id, state] });
const setThing = (id: string, state: string) =>
  db.prepare("INSERT INTO plan_things (id, state) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET state = ?2").bind(id, state);
const thing = async (id: string) => (await db.prepare("SELECT state FROM plan_things WHERE id = ?1").bind(id).first<{ state: string }>())?.state ?? null;

describe("applyPlan", () => {
  it("applies the operation when its guard holds after the caller's statements, and not otherwise", async () => {
    await table.run();
    const uid = await makePlayer();
    const credit = (id: string) =>
      planOperation(db, { uid, key: `credit:${id}`, type: "deposit", reference: id, changes: [{ kind: "main", delta: 700 }] }, thingIs(id, "paid"));

    const refused = await applyPlan(db, [setThing("a", "failed")], credit("a"));
    expect(refused.applied).toBeNull();
    expect(await thing("a")).toBe("failed");
    expect(await operationCount(uid)).toBe(0);
    expect(await balanceOf(uid, "main")).toBeNull();

    const paid = await applyPlan(db, [setThing("b", "paid")], credit("b"));
    expect(paid.applied?.balances.main).toEqual({ amount: 700, currency: "USD" });
    expect(await balanceOf(uid, "main")).toBe(700);
    expect((await ledgerRows(uid)).map((r) => [r.delta, r.reference])).toEqual([[700, "b"]]);

    // The same key again (a repeated settlement): the caller's statements run, no money moves.
    const again = await applyPlan(db, [setThing("b", "paid")], credit("b"));
    expect(again.applied).toBeNull();
    expect(await balanceOf(uid, "main")).toBe(700);
    expect(await operationCount(uid)).toBe(1);
  });

  it("rolls the caller's statements back with an overdraft and answers Insufficient funds", async () => {
    await table.run();
    const uid = await makePlayer();
    await applyOperation(db, { uid, key: key(), type: "adjustment", changes: [{ kind: "main", delta: 500 }] });
    const debit = planOperation(db, { uid, key: key(), type: "withdrawal", changes: [{ kind: "main", delta: -501 }] }, thingIs("c", "asked"));
    const e = await applyPlan(db, [setThing("c", "asked")], debit).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isPlatformError(e, "BillingTransactionDeclined")).toBe(true);
    expect((e as Error).message).toBe("Insufficient funds");
    expect(await thing("c")).toBeNull();
    expect(await balanceOf(uid, "main")).toBe(500);
    expect(await operationCount(uid)).toBe(1);
  });

  it("numbers a guard's parameters after its own, and refuses bare ? placeholders", async () => {
    const uid = await makePlayer();
    const guard = { sql: "?1 = 'x' AND ?3 > ?2", params: ["x", 1, 2] };
    const ok = await applyPlan(db, [], planOperation(db, { uid, key: key(), type: "adjustment", changes: [{ kind: "main", delta: 5 }] }, guard));
    expect(ok.applied?.balances.main.amount).toBe(5);
    expect(() => planOperation(db, { uid, key: key(), type: "adjustment", changes: [{ kind: "main", delta: 5 }] }, { sql: "? = 1", params: [1] })).toThrow(
      /numbers its parameters/,
    );
  });
});
