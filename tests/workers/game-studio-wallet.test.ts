import { playerDb } from "./player-db";
import { describe, expect, it } from "vitest";
import { isPlatformError } from "../../core/api/errors";
import { applyOperation, type WalletOperation } from "../../workers/platform/wallet/wallet";
import { balanceOf, ledgerRows, makePlayer, operationCount } from "./wallet-helpers";

/** The wallet's round shape (decision 0010, "Rounds"): a debit and a credit of one kind, typed per leg. */

/** The wallet on the operation's player's own tables (decision 0075). */
const apply = (op: WalletOperation) => applyOperation(playerDb(op.uid), op);

describe("an operation with a debit and a credit of the same balance", () => {
  it("writes both ledger rows with their own types, the debit first", async () => {
    const uid = await makePlayer();
    await apply({ uid, key: "deposit-1", type: "deposit", changes: [{ kind: "main", delta: 500 }] });
    const result = await apply({
      uid,
      key: "round:abc-1",
      type: "bet",
      reference: "abc",
      changes: [
        { kind: "main", delta: 300, type: "win" },
        { kind: "main", delta: -100, type: "bet" },
      ],
    });
    expect(result.balances.main.amount).toBe(700);
    const legs = (await ledgerRows(uid)).slice(1);
    expect(legs.map((r) => [r.type, r.delta, r.balance_after])).toEqual([
      ["bet", -100, 400],
      ["win", 300, 700],
    ]);
  });

  it("fails the whole operation when the debit overdraws, even if the credit would cover it", async () => {
    const uid = await makePlayer();
    await apply({ uid, key: "deposit-2", type: "deposit", changes: [{ kind: "main", delta: 50 }] });
    const round = () =>
      apply({
        uid,
        key: "round:def-1",
        type: "bet",
        changes: [
          { kind: "main", delta: -100, type: "bet" },
          { kind: "main", delta: 1000, type: "win" },
        ],
      });
    await expect(round()).rejects.toSatisfy((e) => isPlatformError(e, "BillingTransactionDeclined"));
    expect(await balanceOf(uid, "main")).toBe(50);
    expect(await operationCount(uid)).toBe(1);
  });

  it("refuses two debits or two credits of one kind, and an unknown leg type", async () => {
    const uid = await makePlayer();
    const bad = [
      [
        { kind: "main", delta: -1 },
        { kind: "main", delta: -2 },
      ],
      [
        { kind: "fun", delta: 1 },
        { kind: "fun", delta: 2 },
      ],
      [{ kind: "main", delta: -1, type: "lottery" }],
    ] as const;
    for (const changes of bad) {
      await expect(apply({ uid, key: "round:bad-one", type: "bet", changes: changes as never })).rejects.toSatisfy((e) =>
        isPlatformError(e, "InvalidParameter"),
      );
    }
  });
});
