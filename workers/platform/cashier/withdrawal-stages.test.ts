import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { CHECKS_MS, NEXT_STAGE_SQL, PSP_MS, REVIEW_MS, SEND_MS, type StageColumns, stageStatements, trackerOf, VERIFY_POLL_MS } from "./withdrawal-stages";

/**
 * The withdrawal tracker (decision 0112) states each stage's time twice: in TypeScript for the page
 * (trackerOf: what it waits for, by when, when it is expected paid) and in SQL for the batch that
 * moves it on (stageStatements, NEXT_STAGE_SQL). Here both run over the same rows (SQLite in memory,
 * the cashier's own columns), so they cannot drift apart: what the page promises is what the batch does.
 */

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 11, 1, 12);

function database() {
  const db = new DatabaseSync(":memory:");
  db.exec(`CREATE TABLE cashier_transactions (id TEXT PRIMARY KEY, uid INTEGER, type TEXT, status TEXT, amount INTEGER, currency TEXT, method TEXT,
    settle_at INTEGER, created_at INTEGER, updated_at INTEGER, polled_at INTEGER, hold TEXT, hold_until INTEGER, approved_at INTEGER, sent_at INTEGER, paid_at INTEGER)`);
  db.exec("CREATE TABLE player_outbox (key TEXT UNIQUE, kind TEXT, body TEXT, created_at INTEGER, next_at INTEGER)");
  return db;
}

/** Runs stageStatements' SQL on the SQLite database as one transaction, as the player's object would. */
function advance(db: DatabaseSync, now: number) {
  const recorder = { prepare: (sql: string) => ({ bind: (...params: unknown[]) => ({ sql, params }) }) } as unknown as D1Database;
  const statements = stageStatements(recorder, 1, now) as unknown as { sql: string; params: (number | string | null)[] }[];
  db.exec("BEGIN");
  for (const s of statements) db.prepare(s.sql).all(...s.params);
  db.exec("COMMIT");
}

const row = (db: DatabaseSync) => db.prepare("SELECT * FROM cashier_transactions WHERE id = 'w'").get() as unknown as StageColumns;
const nextDue = (db: DatabaseSync) => (db.prepare(`SELECT ${NEXT_STAGE_SQL} AS at FROM cashier_transactions WHERE id = 'w'`).get() as { at: number }).at;

function withdrawal(db: DatabaseSync, hold: string | null, holdUntil: number | null) {
  db.prepare(
    `INSERT INTO cashier_transactions (id, uid, type, status, amount, currency, method, settle_at, created_at, updated_at, hold, hold_until)
     VALUES ('w', 1, 'withdrawal', 'pending', 125000, 'USD', 'card', NULL, ?1, ?1, ?2, ?3)`,
  ).run(T0, hold, holdUntil);
}

describe("the withdrawal tracker and the batch that moves it", () => {
  for (const [hold, holdUntil] of [
    [null, null],
    ["review", T0 + REVIEW_MS],
    ["bonus", T0 + 2 * 60 * MINUTE],
    ["verification", T0 + 5 * MINUTE], // the verification ended early: the checks still take their 15 minutes
  ] as const) {
    it(`${hold ?? "no hold"}: each stage happens when the page said it would, and it is paid when it said`, () => {
      const db = database();
      withdrawal(db, hold, holdUntil);
      const promised = trackerOf(row(db))!;
      expect(promised.expected_paid_at).not.toBeNull();
      for (const stage of ["approved_at", "sent_at", "paid_at"] as const) {
        const before = trackerOf(row(db))!;
        // The page's "next" is the SQL's next due time, and nothing moves a minute before it.
        expect(before.next_at).toBe(nextDue(db));
        advance(db, before.next_at! - MINUTE);
        expect(row(db)[stage]).toBeNull();
        advance(db, before.next_at!);
        expect(row(db)[stage]).toBe(before.next_at);
      }
      expect(row(db)).toMatchObject({ status: "success", paid_at: promised.expected_paid_at });
      expect(trackerOf(row(db))).toMatchObject({ waiting: null, next_at: null, expected_paid_at: promised.expected_paid_at });
      // The approval and the payment's push were owed in the batches that made them.
      const keys = (db.prepare("SELECT key FROM player_outbox ORDER BY key").all() as { key: string }[]).map((r) => r.key);
      expect(keys).toEqual(["push:withdrawal-paid:w", "withdrawals.approved:w"]);
    });
  }

  it("a late run takes every stage due at once, each at its own time", () => {
    const db = database();
    withdrawal(db, null, null);
    const promised = trackerOf(row(db))!;
    advance(db, T0 + 2 * PSP_MS);
    expect(row(db)).toMatchObject({ approved_at: T0 + CHECKS_MS, sent_at: T0 + CHECKS_MS + SEND_MS, paid_at: promised.expected_paid_at });
  });

  it("under a verification nothing is promised, and the batch asks again every 15 minutes", () => {
    const db = database();
    withdrawal(db, "verification", null);
    expect(trackerOf(row(db))).toMatchObject({ waiting: "verification", next_at: null, expected_paid_at: null });
    expect(nextDue(db)).toBe(T0 + VERIFY_POLL_MS);
    advance(db, T0 + 48 * 60 * MINUTE);
    expect(row(db)).toMatchObject({ status: "pending", approved_at: null });
  });
});
