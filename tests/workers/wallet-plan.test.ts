import { describe, expect, it } from "vitest";
import { isPlatformError } from "../../core/api/errors";
import { applyOperation, applyPlan, planOperation } from "../../workers/platform/wallet/wallet";
import { playerDb } from "./player-db";
import { balanceOf, ledgerRows, makePlayer, operationCount } from "./wallet-helpers";

/**
 * Operation plans (operation.ts, decision 0022): a feature's own statements and a wallet operation
 * in one batch, the operation guarded by a condition evaluated inside that batch.
 */

let n = 0;
const key = (what = "plan") => `${what}-${Date.now().toString(36)}-${++n}`;

/**
 * A feature's rows beside the money, in the same player's tables (decision 0075: one transaction
 * is one player's): `promo_deposits` stands in for them (an id and a state), under this run's ids.
 */
const run = crypto.randomUUID().slice(0, 8);
const idOf = (id: string) => `${run}-${id}`;
const thingIs = (id: string, state: string) => ({
  sql: "EXISTS (SELECT 1 FROM promo_deposits WHERE transaction_id = ?1 AND code = ?2)",
  params: [idOf(id), state],
});
const setThing = (db: D1Database, id: string, state: string) =>
  db.prepare("INSERT INTO promo_deposits (transaction_id, code) VALUES (?1, ?2) ON CONFLICT (transaction_id) DO UPDATE SET code = ?2").bind(idOf(id), state);
const thing = async (db: D1Database, id: string) =>
  (await db.prepare("SELECT code FROM promo_deposits WHERE transaction_id = ?1").bind(idOf(id)).first<{ code: string }>())?.code ?? null;

describe("applyPlan", () => {
  it("applies the operation when its guard holds after the caller's statements, and not otherwise", async () => {
    const uid = await makePlayer();
    const db = playerDb(uid);
    const credit = (id: string) =>
      planOperation(db, { uid, key: `credit:${id}`, type: "deposit", reference: id, changes: [{ kind: "main", delta: 700 }] }, thingIs(id, "paid"));

    const refused = await applyPlan(db, [setThing(db, "a", "failed")], credit("a"));
    expect(refused.applied).toBeNull();
    expect(await thing(db, "a")).toBe("failed");
    expect(await operationCount(uid)).toBe(0);
    expect(await balanceOf(uid, "main")).toBeNull();

    const paid = await applyPlan(db, [setThing(db, "b", "paid")], credit("b"));
    expect(paid.applied?.balances.main).toEqual({ amount: 700, currency: "USD" });
    expect(await balanceOf(uid, "main")).toBe(700);
    expect((await ledgerRows(uid)).map((r) => [r.delta, r.reference])).toEqual([[700, "b"]]);

    // The same key again (a repeated settlement): the caller's statements run, no money moves.
    const again = await applyPlan(db, [setThing(db, "b", "paid")], credit("b"));
    expect(again.applied).toBeNull();
    expect(await balanceOf(uid, "main")).toBe(700);
    expect(await operationCount(uid)).toBe(1);
  });

  it("rolls the caller's statements back with an overdraft and answers Insufficient funds", async () => {
    const uid = await makePlayer();
    const db = playerDb(uid);
    await applyOperation(db, { uid, key: key(), type: "adjustment", changes: [{ kind: "main", delta: 500 }] });
    const debit = planOperation(db, { uid, key: key(), type: "withdrawal", changes: [{ kind: "main", delta: -501 }] }, thingIs("c", "asked"));
    const e = await applyPlan(db, [setThing(db, "c", "asked")], debit).then(
      () => null,
      (err: unknown) => err,
    );
    expect(isPlatformError(e, "BillingTransactionDeclined")).toBe(true);
    expect((e as Error).message).toBe("Insufficient funds");
    expect(await thing(db, "c")).toBeNull();
    expect(await balanceOf(uid, "main")).toBe(500);
    expect(await operationCount(uid)).toBe(1);
  });

  it("numbers a guard's parameters after its own, and refuses bare ? placeholders", async () => {
    const uid = await makePlayer();
    const db = playerDb(uid);
    const guard = { sql: "?1 = 'x' AND ?3 > ?2", params: ["x", 1, 2] };
    const ok = await applyPlan(db, [], planOperation(db, { uid, key: key(), type: "adjustment", changes: [{ kind: "main", delta: 5 }] }, guard));
    expect(ok.applied?.balances.main.amount).toBe(5);
    expect(() => planOperation(db, { uid, key: key(), type: "adjustment", changes: [{ kind: "main", delta: 5 }] }, { sql: "? = 1", params: [1] })).toThrow(
      /numbers its parameters/,
    );
  });
});
