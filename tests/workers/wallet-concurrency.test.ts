import { playerDb } from "./player-db";
import { describe, expect, it } from "vitest";
import { isPlatformError } from "../../core/api/errors";
import { applyOperation, type WalletOperation, type OperationResult } from "../../workers/platform/wallet/wallet";
import { balanceOf, ledgerRows, ledgerSum, makePlayer, operationCount } from "./wallet-helpers";

/** DESIGN §5: concurrency tests prove no double spend. */

/** The wallet on the operation's player's own tables (decision 0075). */
const apply = (op: WalletOperation) => applyOperation(playerDb(op.uid), op);

/** Settles every promise; answers the results and the errors, every error a PlatformError. */
async function settle(calls: Promise<OperationResult>[]) {
  const outcomes = await Promise.allSettled(calls);
  const ok = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  const failed = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []));
  for (const e of failed) expect(isPlatformError(e, "BillingTransactionDeclined"), String(e)).toBe(true);
  return { ok, failed };
}

describe("the wallet under concurrent calls", () => {
  it("200 simultaneous spends against a balance that covers N of them: exactly N succeed", async () => {
    const uid = await makePlayer();
    const stake = 250;
    const covered = 73;
    const start = covered * stake + stake - 1; // one unit short of a 74th spend
    await apply({ uid, key: "deposit-start", type: "deposit", changes: [{ kind: "main", delta: start }] });

    const { ok, failed } = await settle(
      Array.from({ length: 200 }, (_, i) =>
        apply({ uid, key: `spend-${i}-of-200`, type: "bet", reference: `round-${i}`, changes: [{ kind: "main", delta: -stake }] }),
      ),
    );
    expect(ok.length).toBe(covered);
    expect(failed.length).toBe(200 - covered);
    for (const r of ok) expect(r.replayed).toBe(false);
    expect(new Set(ok.map((r) => r.operationId)).size).toBe(covered);

    const balance = await balanceOf(uid, "main");
    expect(balance).toBe(start - covered * stake);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(uid, "main")).toBe(balance);
    // Every balance a spend saw afterwards is distinct and never negative: no two spends overlapped.
    const after = ok.map((r) => r.balances.main.amount).sort((a, b) => a - b);
    expect(new Set(after).size).toBe(covered);
    expect(after[0]).toBe(balance);
    const rows = await ledgerRows(uid);
    expect(rows.length).toBe(1 + covered);
    for (const r of rows) expect(r.balance_after).toBeGreaterThanOrEqual(0);
    expect(await operationCount(uid)).toBe(1 + covered);
  });

  it("the same idempotency key 50 times at once moves money once, and all 50 get one operation id", async () => {
    const uid = await makePlayer();
    await apply({ uid, key: "deposit-start", type: "deposit", changes: [{ kind: "main", delta: 10_000 }] });
    const { ok, failed } = await settle(
      Array.from({ length: 50 }, () => apply({ uid, key: "the-same-spend", type: "bet", reference: "round-1", changes: [{ kind: "main", delta: -300 }] })),
    );
    expect(failed).toEqual([]);
    expect(ok.length).toBe(50);
    expect(new Set(ok.map((r) => r.operationId)).size).toBe(1);
    expect(ok.filter((r) => !r.replayed).length).toBe(1);
    for (const r of ok) expect(r.balances.main.amount).toBe(9_700);
    expect(await balanceOf(uid, "main")).toBe(9_700);
    expect(await ledgerSum(uid, "main")).toBe(9_700);
    expect((await ledgerRows(uid)).length).toBe(2);
  });

  it("concurrent credits and debits of several kinds keep every balance equal to its ledger", async () => {
    const uid = await makePlayer();
    await apply({ uid, key: "deposit-start", type: "deposit", changes: [{ kind: "main", delta: 1_000 }] });
    await settle(
      Array.from({ length: 120 }, (_, i) =>
        apply({
          uid,
          key: `mixed-${i}-ops`,
          type: i % 3 === 0 ? "win" : "bet",
          changes:
            i % 3 === 0
              ? [{ kind: "main", delta: 40 }]
              : [
                  { kind: "main", delta: -50 },
                  { kind: "bonus", delta: 10 },
                ],
        }),
      ),
    );
    for (const kind of ["main", "bonus"]) {
      const balance = await balanceOf(uid, kind);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(uid, kind)).toBe(balance);
    }
  });
});
