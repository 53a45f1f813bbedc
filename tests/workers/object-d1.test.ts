import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { objectD1 } from "../../workers/platform/storage/object-d1";
import { applyOperation } from "../../workers/platform/wallet/wallet";
import { PLAYER_SCHEMA } from "../../workers/platform/player/schema.generated";

/**
 * The D1-shaped view of a Durable Object's SQLite (decision 0075) answers as D1 does: the same
 * statements on the test's real D1 and on an object's storage give the same rows, the same counts
 * and the same refusals, and a batch is all or nothing. The object is a TournamentBoard of a name
 * of its own (any SQLite-backed object serves; its own tables are left alone).
 */

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS t_balances (uid INTEGER PRIMARY KEY, amount INTEGER NOT NULL CHECK (amount >= 0))",
  "CREATE TABLE IF NOT EXISTS t_ledger (id INTEGER PRIMARY KEY AUTOINCREMENT, uid INTEGER NOT NULL, key TEXT NOT NULL UNIQUE, delta INTEGER NOT NULL, flag INTEGER)",
];

/** Runs `check` against the test's D1 and against a fresh object's storage; answers both results. */
async function both<T>(check: (db: D1Database) => Promise<T>): Promise<[T, T]> {
  for (const s of SCHEMA) await env.DB.prepare(s).run();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM t_ledger"),
    env.DB.prepare("DELETE FROM t_balances"),
    env.DB.prepare("DELETE FROM sqlite_sequence WHERE name = 't_ledger'"),
  ]);
  const fromD1 = await check(env.DB);
  const stub = env.TOURNAMENT_BOARD.get(env.TOURNAMENT_BOARD.idFromName(`object-d1-${crypto.randomUUID()}`));
  const fromObject = await runInDurableObject(stub, async (_board, state) => {
    const db = objectD1(state.storage);
    for (const s of SCHEMA) await db.prepare(s).run();
    return check(db);
  });
  return [fromD1, fromObject];
}

/** A ledger row and the balance it moves, in one batch. */
const move = (db: D1Database, uid: number, key: string, delta: number) =>
  db.batch([
    db.prepare("INSERT INTO t_ledger (uid, key, delta) VALUES (?1, ?2, ?3)").bind(uid, key, delta),
    db.prepare("UPDATE t_balances SET amount = amount + ?2 WHERE uid = ?1").bind(uid, delta),
  ]);

const state = async (db: D1Database) => ({
  balance: await db.prepare("SELECT amount FROM t_balances WHERE uid = ?1").bind(7).first<number>("amount"),
  ledger: (await db.prepare("SELECT key, delta FROM t_ledger ORDER BY id").all<{ key: string; delta: number }>()).results,
});

describe("a Durable Object's storage through the D1 interface", () => {
  it("reads and writes as D1 does: first, first(column), all, raw, changes and the last row id", async () => {
    const [d1, object] = await both(async (db) => {
      const inserted = await db.prepare("INSERT INTO t_balances (uid, amount) VALUES (?, ?), (?, ?)").bind(7, 100, 8, 0).run();
      const updated = await db.prepare("UPDATE t_balances SET amount = amount + 1 WHERE uid >= ?1").bind(7).run();
      const none = await db.prepare("UPDATE t_balances SET amount = 0 WHERE uid = ?1").bind(99).run();
      const ledger = await db
        .prepare("INSERT INTO t_ledger (uid, key, delta, flag) VALUES (?1, ?2, ?3, ?4) RETURNING id")
        .bind(7, "k1", 5, true)
        .first<{ id: number }>();
      const row = await db.prepare("SELECT uid, amount FROM t_balances WHERE uid = ?1").bind(7).first();
      const missing = await db.prepare("SELECT uid FROM t_balances WHERE uid = ?1").bind(99).first();
      const all = await db.prepare("SELECT uid, amount FROM t_balances ORDER BY uid").all();
      const raw = await db.prepare("SELECT uid, amount FROM t_balances ORDER BY uid").raw({ columnNames: true });
      const flag = await db.prepare("SELECT flag FROM t_ledger WHERE key = ?1").bind("k1").first<number>("flag");
      return {
        changes: [inserted.meta.changes, updated.meta.changes, none.meta.changes],
        lastRowId: inserted.meta.last_row_id,
        ledger,
        row,
        missing,
        all: all.results,
        raw,
        flag,
      };
    });
    expect(object).toEqual(d1);
    expect(object).toMatchObject({ changes: [2, 2, 0], ledger: { id: 1 }, row: { uid: 7, amount: 101 }, missing: null, flag: 1 });
  });

  it("a batch is all or nothing: a ledger row whose balance would go below zero is not written, and a repeated key changes nothing", async () => {
    const [d1, object] = await both(async (db) => {
      await db.prepare("INSERT INTO t_balances (uid, amount) VALUES (?1, ?2)").bind(7, 100).run();
      await move(db, 7, "deposit", 50);
      const overdrawn = await move(db, 7, "bet-1", -500).then(
        () => "written",
        (e: Error) => (/CHECK constraint failed/.test(e.message) ? "refused by the check" : e.message),
      );
      const repeated = await move(db, 7, "deposit", 50).then(
        () => "written",
        (e: Error) => (/UNIQUE constraint failed/.test(e.message) ? "refused as a repeat" : e.message),
      );
      return { overdrawn, repeated, ...(await state(db)) };
    });
    expect(object).toEqual(d1);
    expect(object).toEqual({ overdrawn: "refused by the check", repeated: "refused as a repeat", balance: 150, ledger: [{ key: "deposit", delta: 50 }] });
  });

  it("refuses what D1 refuses: a value of another type, an unknown column", async () => {
    const [d1, object] = await both(async (db) => {
      // D1 refuses it at bind(), before any query.
      const typed = await (async () => db.prepare("SELECT ?1 AS v").bind(undefined).first())().then(
        () => "accepted",
        (e: Error) => (/D1_TYPE_ERROR/.test(e.message) ? "type error" : e.message),
      );
      const column = await db
        .prepare("SELECT 1 AS v")
        .first("w")
        .then(
          () => "accepted",
          (e: Error) => (/D1_COLUMN_NOTFOUND/.test(e.message) ? "no such column" : e.message),
        );
      return { typed, column };
    });
    expect(object).toEqual(d1);
    expect(object).toEqual({ typed: "type error", column: "no such column" });
  });

  it("the wallet's own module runs in an object unchanged: the player object's schema applies, money moves once per key, never below zero, Σ ledger = balance", async () => {
    const stub = env.TOURNAMENT_BOARD.get(env.TOURNAMENT_BOARD.idFromName(`object-wallet-${crypto.randomUUID()}`));
    const outcome = await runInDurableObject(stub, async (_board, state) => {
      // The player tables as the objects hold them (D1 has none since migration 0064).
      for (const sql of PLAYER_SCHEMA) state.storage.sql.exec(sql);
      const db = objectD1(state.storage);
      const uid = (await db
        .prepare("INSERT INTO users (uid, currency, country_code, created_at) VALUES (7, 'USD', 'DE', 1) RETURNING uid")
        .first<number>("uid"))!;
      const op = (key: string, type: "deposit" | "bet" | "win", delta: number) =>
        applyOperation(db, { uid, key, type, reference: key, changes: [{ kind: "main", delta }] }).then(
          (r) => (r.replayed ? "replayed" : r.balances.main.amount),
          (e: Error) => e.constructor.name,
        );
      const answers = [
        await op("deposit-0001", "deposit", 5_000),
        await op("bet-000001", "bet", -1_200),
        await op("win-000001", "win", 3_000),
        await op("deposit-0001", "deposit", 5_000),
        await op("bet-000002", "bet", -50_000),
      ];
      const sums = await db
        .prepare(
          "SELECT (SELECT amount FROM balances WHERE uid = ?1 AND kind = 'main') AS balance, (SELECT SUM(delta) FROM ledger WHERE uid = ?1 AND kind = 'main') AS ledger",
        )
        .bind(uid)
        .first<{ balance: number; ledger: number }>();
      return { answers, sums };
    });
    expect(outcome.answers).toEqual([5_000, 3_800, 6_800, "replayed", "PlatformError"]);
    expect(outcome.sums).toEqual({ balance: 6_800, ledger: 6_800 });
  });
});
