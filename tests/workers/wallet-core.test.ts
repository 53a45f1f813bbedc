import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isPlatformError, type PlatformError } from "../../core/api/errors";
import { applyOperation, FUN_GRANT_AMOUNT, readBalances, type WalletOperation } from "../../workers/platform/wallet/wallet";
import { balanceOf, ledgerRows, ledgerSum, makePlayer, operationCount } from "./wallet-helpers";
import { playerDb } from "./player-db";
import { refreshMirror } from "../../workers/platform/player/remote-d1";
import { setPlayerCurrency } from "../../workers/platform/wallet/currency";

/** The wallet interface itself (workers/platform/wallet/wallet.ts), against the real D1. */

/** The wallet on the operation's player's own tables (decision 0075). */
const apply = (op: WalletOperation) => applyOperation(playerDb(op.uid), op);
let n = 0;
const key = (what = "op") => `${what}-${Date.now().toString(36)}-${++n}`;

async function rejection(p: Promise<unknown>): Promise<PlatformError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(isPlatformError(e), String(e)).toBe(true);
  return e as PlatformError;
}

describe("applyOperation", () => {
  it("credits then debits, writing one ledger row per change with the balance it produced", async () => {
    const uid = await makePlayer("EUR");
    const credit = await apply({ uid, key: key(), type: "deposit", reference: "tx-1", changes: [{ kind: "main", delta: 5000 }] });
    expect(credit.replayed).toBe(false);
    expect(credit.operationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(credit.balances).toEqual({
      main: { amount: 5000, currency: "EUR" },
      bonus: { amount: 0, currency: "EUR" },
      betting_bonus: { amount: 0, currency: "EUR" },
      fun: { amount: 0, currency: "EUR" },
    });
    const debit = await apply({ uid, key: key(), type: "bet", reference: "round-9", changes: [{ kind: "main", delta: -1250 }] });
    expect(debit.balances.main).toEqual({ amount: 3750, currency: "EUR" });
    expect(await balanceOf(uid, "main")).toBe(3750);
    const rows = await ledgerRows(uid);
    expect(rows.map((r) => [r.kind, r.delta, r.balance_after, r.currency, r.type, r.reference])).toEqual([
      ["main", 5000, 5000, "EUR", "deposit", "tx-1"],
      ["main", -1250, 3750, "EUR", "bet", "round-9"],
    ]);
    expect(rows.map((r) => r.operation_id)).toEqual([credit.operationId, debit.operationId]);
    expect(await ledgerSum(uid, "main")).toBe(3750);
  });

  it("refuses an overdraft with BillingTransactionDeclined 'Insufficient funds' and writes nothing", async () => {
    const uid = await makePlayer();
    await apply({ uid, key: key(), type: "deposit", changes: [{ kind: "main", delta: 100 }] });
    const e = await rejection(apply({ uid, key: key(), type: "bet", changes: [{ kind: "main", delta: -101 }] }));
    expect(e.exception).toBe("BillingTransactionDeclined");
    expect(e.status).toBe(402);
    expect(e.message).toBe("Insufficient funds");
    expect(e.params).toEqual({ kinds: ["main"] });
    expect(await balanceOf(uid, "main")).toBe(100);
    expect((await ledgerRows(uid)).length).toBe(1);
    expect(await operationCount(uid)).toBe(1);
  });

  it("refuses a debit of a balance that has never been credited, and creates no row", async () => {
    const uid = await makePlayer();
    const e = await rejection(apply({ uid, key: key(), type: "bet", changes: [{ kind: "bonus", delta: -1 }] }));
    expect(e.exception).toBe("BillingTransactionDeclined");
    expect(await balanceOf(uid, "bonus")).toBeNull();
    expect(await operationCount(uid)).toBe(0);
  });

  it("applies a multi-kind operation whole, or not at all when one leg fails", async () => {
    const uid = await makePlayer();
    await apply({ uid, key: key(), type: "deposit", changes: [{ kind: "main", delta: 1000 }] });
    const both = await apply({
      uid,
      key: key(),
      type: "bonus",
      changes: [
        { kind: "main", delta: -400 },
        { kind: "bonus", delta: 400 },
      ],
    });
    expect([both.balances.main.amount, both.balances.bonus.amount]).toEqual([600, 400]);
    // The bonus leg would overdraw: the main leg, written first in the batch, is undone too.
    const e = await rejection(
      apply({
        uid,
        key: key(),
        type: "purchase",
        changes: [
          { kind: "main", delta: -100 },
          { kind: "bonus", delta: -401 },
        ],
      }),
    );
    expect(e.message).toBe("Insufficient funds");
    expect(e.params).toEqual({ kinds: ["bonus"] });
    expect([await balanceOf(uid, "main"), await balanceOf(uid, "bonus")]).toEqual([600, 400]);
    expect((await ledgerRows(uid)).length).toBe(3);
    expect([await ledgerSum(uid, "main"), await ledgerSum(uid, "bonus")]).toEqual([600, 400]);
  });

  it("replays a repeated key: the first result, replayed: true, no money moved", async () => {
    const uid = await makePlayer();
    const op: WalletOperation = { uid, key: key("dep"), type: "deposit", reference: "tx-7", changes: [{ kind: "main", delta: 700 }] };
    const first = await apply(op);
    await apply({ uid, key: key(), type: "bet", changes: [{ kind: "main", delta: -200 }] });
    const again = await apply({ ...op, changes: [{ kind: "main", delta: 700 }] });
    expect(again).toEqual({ ...first, replayed: true });
    expect(again.balances.main.amount).toBe(700); // the first run's balances, not today's
    expect(await balanceOf(uid, "main")).toBe(500);
    expect((await ledgerRows(uid)).length).toBe(2);
  });

  it("refuses a key reused with other parameters (400 InvalidParameter on key)", async () => {
    const uid = await makePlayer();
    const k = key();
    await apply({ uid, key: k, type: "deposit", changes: [{ kind: "main", delta: 700 }] });
    const others: Omit<WalletOperation, "uid" | "key">[] = [
      { type: "deposit", changes: [{ kind: "main", delta: 701 }] },
      { type: "win", changes: [{ kind: "main", delta: 700 }] },
      { type: "deposit", reference: "x", changes: [{ kind: "main", delta: 700 }] },
      { type: "deposit", changes: [{ kind: "bonus", delta: 700 }] },
    ];
    for (const other of others) {
      const e = await rejection(apply({ uid, key: k, ...other }));
      expect(e.exception).toBe("InvalidParameter");
      expect(e.status).toBe(400);
      expect(e.message).toBe("idempotency key reused with different parameters");
      expect(e.fields).toEqual({ key: ["idempotency key reused with different parameters"] });
    }
    expect(await balanceOf(uid, "main")).toBe(700);
  });

  it("keeps keys per player: two players may use the same key", async () => {
    const [a, b] = [await makePlayer(), await makePlayer()];
    const k = key("shared");
    const ra = await apply({ uid: a, key: k, type: "deposit", changes: [{ kind: "main", delta: 1 }] });
    const rb = await apply({ uid: b, key: k, type: "deposit", changes: [{ kind: "main", delta: 1 }] });
    expect(ra.operationId).not.toBe(rb.operationId);
    expect(rb.replayed).toBe(false);
  });

  it("lets a declined key be tried again (a declined operation is not recorded)", async () => {
    const uid = await makePlayer();
    const op: WalletOperation = { uid, key: key(), type: "bet", changes: [{ kind: "main", delta: -50 }] };
    await rejection(apply(op));
    await apply({ uid, key: key(), type: "deposit", changes: [{ kind: "main", delta: 50 }] });
    expect((await apply(op)).balances.main.amount).toBe(0);
  });

  it.each([
    ["a fractional delta", { changes: [{ kind: "main", delta: 1.5 }] }, "changes"],
    ["a zero delta", { changes: [{ kind: "main", delta: 0 }] }, "changes"],
    ["a huge delta", { changes: [{ kind: "main", delta: 2 ** 60 }] }, "changes"],
    ["a delta given as text", { changes: [{ kind: "main", delta: "5" }] }, "changes"],
    ["an unknown kind", { changes: [{ kind: "gold", delta: 5 }] }, "changes"],
    [
      "a kind changed twice",
      {
        changes: [
          { kind: "main", delta: 5 },
          { kind: "main", delta: 5 },
        ],
      },
      "changes",
    ],
    ["no change", { changes: [] }, "changes"],
    ["a short key", { key: "1234567" }, "key"],
    ["a long key", { key: "k".repeat(101) }, "key"],
    ["a key with spaces", { key: "has spaces in it" }, "key"],
    ["an unknown type", { type: "gift" }, "type"],
    ["a bad uid", { uid: 0 }, "uid"],
    ["an unknown player", { uid: 987654321 }, "uid"],
  ])("refuses %s with 400 InvalidParameter", async (_what, patch, field) => {
    const uid = await makePlayer();
    const op = { uid, key: key(), type: "deposit", changes: [{ kind: "main", delta: 5 }], ...patch } as WalletOperation;
    const e = await rejection(apply(op));
    expect(e.exception).toBe("InvalidParameter");
    expect(Object.keys(e.fields ?? {})).toEqual([field]);
    expect(await operationCount(uid)).toBe(0);
  });

  it("accepts keys of exactly 8 and 100 characters", async () => {
    const uid = await makePlayer();
    for (const k of ["12345678", "k".repeat(100)]) {
      expect((await apply({ uid, key: k, type: "deposit", changes: [{ kind: "main", delta: 1 }] })).replayed).toBe(false);
    }
  });

  it("refuses a credit that would take a balance past its limit", async () => {
    const uid = await makePlayer();
    await apply({ uid, key: key(), type: "adjustment", changes: [{ kind: "main", delta: 1 }] });
    // Near the cap by hand: a hundred maximal credits would say the same, slower.
    await playerDb(uid).prepare("UPDATE balances SET amount = 1000000000000000 WHERE uid = ?1 AND kind = 'main'").bind(uid).run();
    const e = await rejection(apply({ uid, key: key(), type: "adjustment", changes: [{ kind: "main", delta: 1 }] }));
    expect(e.exception).toBe("BillingTransactionDeclined");
    expect(await balanceOf(uid, "main")).toBe(1_000_000_000_000_000);
  });
});

describe("the ledger", () => {
  it("is append-only: rows can be neither changed nor deleted", async () => {
    const uid = await makePlayer();
    await apply({ uid, key: key(), type: "deposit", changes: [{ kind: "main", delta: 10 }] });
    await expect(playerDb(uid).prepare("UPDATE ledger SET delta = 1000 WHERE uid = ?1").bind(uid).run()).rejects.toThrow(/never changed/);
    await expect(playerDb(uid).prepare("DELETE FROM ledger WHERE uid = ?1").bind(uid).run()).rejects.toThrow(/never deleted/);
  });

  it("and the balances refuse a negative amount even written by hand", async () => {
    const uid = await makePlayer();
    await apply({ uid, key: key(), type: "deposit", changes: [{ kind: "main", delta: 10 }] });
    await expect(playerDb(uid).prepare("UPDATE balances SET amount = -1 WHERE uid = ?1").bind(uid).run()).rejects.toThrow(/CHECK/);
  });
});

describe("the player's currency", () => {
  it("is followed by the balances whoever changes it (e.g. completing a social registration)", async () => {
    const uid = await makePlayer("USD");
    await readBalances(playerDb(uid), uid);
    // D1's row changes (the social registration's completion), and the player's copy follows it.
    await env.DB.prepare("UPDATE users SET currency = 'EUR' WHERE uid = ?1").bind(uid).run();
    await refreshMirror(env, uid);
    const b = await readBalances(playerDb(uid), uid);
    for (const kind of ["main", "bonus", "betting_bonus", "fun"] as const) expect(b[kind].currency).toBe("EUR");
  });

  it("cannot change at all once real money has moved", async () => {
    const uid = await makePlayer("USD");
    await apply({ uid, key: key(), type: "deposit", changes: [{ kind: "main", delta: 1 }] });
    await expect(setPlayerCurrency(playerDb(uid), uid, "EUR")).rejects.toThrow(/real-money/);
    expect(await env.DB.prepare("SELECT currency FROM users WHERE uid = ?1").bind(uid).first<string>("currency")).toBe("USD");
    expect((await readBalances(playerDb(uid), uid)).main).toEqual({ amount: 1, currency: "USD" });
  });
});

describe("readBalances", () => {
  it("grants the demo fun balance on the first read, once, through the ledger", async () => {
    const uid = await makePlayer("BRL");
    const first = await readBalances(playerDb(uid), uid);
    expect(first).toEqual({
      main: { amount: 0, currency: "BRL" },
      bonus: { amount: 0, currency: "BRL" },
      betting_bonus: { amount: 0, currency: "BRL" },
      fun: { amount: FUN_GRANT_AMOUNT, currency: "BRL" },
    });
    expect(FUN_GRANT_AMOUNT).toBe(100_000);
    expect(await readBalances(playerDb(uid), uid)).toEqual(first);
    const rows = await ledgerRows(uid);
    expect(rows.map((r) => [r.kind, r.delta, r.type])).toEqual([["fun", FUN_GRANT_AMOUNT, "fun_grant"]]);
  });

  it("grants once when many first reads race", async () => {
    const uid = await makePlayer();
    const reads = await Promise.all(Array.from({ length: 30 }, () => readBalances(playerDb(uid), uid)));
    for (const r of reads) expect(r.fun.amount).toBe(FUN_GRANT_AMOUNT);
    expect(await ledgerSum(uid, "fun")).toBe(FUN_GRANT_AMOUNT);
    expect(await operationCount(uid)).toBe(1);
  });

  it("does not grant again after the fun balance is spent", async () => {
    const uid = await makePlayer();
    await readBalances(playerDb(uid), uid);
    await apply({ uid, key: key(), type: "bet", changes: [{ kind: "fun", delta: -FUN_GRANT_AMOUNT }] });
    expect((await readBalances(playerDb(uid), uid)).fun.amount).toBe(0);
  });
});
