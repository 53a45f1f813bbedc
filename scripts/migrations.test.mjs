// Migrations that move live data. The Worker tests start from an empty schema (the seed runs after
// every migration), so these run the migrations on SQLite with data in the old tables and check
// nothing is lost and nothing can be paid twice: 0047 (one quest table pair) and 0048 (the reward
// ledgers' reasons without a CHECK list).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { beforeAll, describe, expect, it } from "vitest";

const files = readdirSync("migrations")
  .filter((f) => f.endsWith(".sql"))
  .sort();
const run = (db, from, to) => {
  for (const f of files.filter((f) => f >= from && f < to)) db.exec(readFileSync(`migrations/${f}`, "utf8"));
};
/** The migration that drops D1's player tables (decision 0075, slice 11): these checks run every migration before it. */
const LEFT_D1 = "0064";
/** The oldest migration a test starts before: every test's database is this one, copied, migrated on. */
const BASE = "0047";
let base = "";

// Migrating to BASE is seconds of SQL (0014 and 0016 rank and merge the catalogue): done once, in a
// file each test copies, not in every test's own time.
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), "migrations-test-"));
  base = join(dir, "base.sqlite");
  const db = new DatabaseSync(base);
  db.exec("PRAGMA foreign_keys = ON");
  run(db, "0000", BASE);
  db.close();
  return () => rmSync(dir, { recursive: true, force: true });
}, 120_000);

/** A database migrated up to (not including) migration `to`, with a player (uid 7). */
function migratedBefore(to) {
  const copy = `${base}.${to}`;
  copyFileSync(base, copy);
  const db = new DatabaseSync(copy);
  db.exec("PRAGMA foreign_keys = ON");
  run(db, BASE, to);
  db.exec("INSERT INTO users (uid, login, password_changed_at, created_at, locale, currency) VALUES (7, 'p7', 0, 0, 'en', 'USD')");
  return db;
}

describe("migration 0047: one quest table pair", () => {
  it("keeps every quest, the players' progress and the spin ledger's quest keys", () => {
    const db = migratedBefore("0047");
    db.exec(`
      INSERT INTO loyalty_programs (id, sysname) VALUES (1, 'main');
      INSERT INTO wheel_campaigns (id, sysname) VALUES (4, 'daily');
      INSERT INTO loyalty_quests (id, program_id, sysname, kind, game_kind, target, period, reward_points) VALUES
        (1, 1, 'slots-50', 'rounds', 'slot', 50, 'day', 50), (2, 1, 'deposit-twice', 'deposits', NULL, 2, 'ever', 100);
      INSERT INTO wheel_quests (id, campaign_id, sysname, kind, game_kind, target, period, reward_spins) VALUES
        (1, 4, 'daily-slots-3', 'rounds', 'slot', 3, 'day', 1), (2, 4, 'wager-weekly', 'wagered', NULL, 5000, 'week', 2);
      INSERT INTO loyalty_quest_progress (uid, quest_id, period_start, progress, completed_at, updated_at) VALUES (7, 2, 0, 1, NULL, 5);
      INSERT INTO wheel_quest_progress (uid, quest_id, period_start, progress, completed_at, updated_at) VALUES (7, 1, 86400000, 3, 9, 9);
      INSERT INTO wheel_spin_ledger (uid, campaign_id, key, reason, ref, delta, created_at, batch_id) VALUES
        (7, 4, 'quest:1:86400000', 'quest', '1', 1, 9, 'b1'), (7, 4, 'spin:s1', 'spin', 's1', -1, 10, 'b2');
    `);
    run(db, "0047", LEFT_D1);

    const quests = db.prepare("SELECT id, owner, owner_id, sysname, kind, game_kind, target, period, reward FROM quests ORDER BY id").all();
    expect(quests.map((q) => ({ ...q }))).toEqual([
      { id: 1, owner: "loyalty", owner_id: 1, sysname: "slots-50", kind: "rounds", game_kind: "slot", target: 50, period: "day", reward: 50 },
      { id: 2, owner: "loyalty", owner_id: 1, sysname: "deposit-twice", kind: "deposits", game_kind: null, target: 2, period: "ever", reward: 100 },
      // The wheel's ids follow loyalty's largest (2).
      { id: 3, owner: "wheel", owner_id: 4, sysname: "daily-slots-3", kind: "rounds", game_kind: "slot", target: 3, period: "day", reward: 1 },
      { id: 4, owner: "wheel", owner_id: 4, sysname: "wager-weekly", kind: "wagered", game_kind: null, target: 5000, period: "week", reward: 2 },
    ]);
    const progress = db.prepare("SELECT uid, quest_id, period_start, progress, completed_at FROM quest_progress ORDER BY quest_id").all();
    expect(progress.map((p) => ({ ...p }))).toEqual([
      { uid: 7, quest_id: 2, period_start: 0, progress: 1, completed_at: null },
      { uid: 7, quest_id: 3, period_start: 86400000, progress: 3, completed_at: 9 },
    ]);
    // The completed wheel quest's credit moved with it: the engine's key for it exists, so it cannot pay again this period.
    const ledger = db.prepare("SELECT key, reason, ref FROM wheel_spin_ledger ORDER BY id").all();
    expect(ledger.map((l) => ({ ...l }))).toEqual([
      { key: "quest:3:86400000", reason: "quest", ref: "3" },
      { key: "spin:s1", reason: "spin", ref: "s1" },
    ]);
    const left = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%quest%' ORDER BY name").all();
    expect(left.map((t) => t.name)).toEqual(["quest_progress", "quests"]);
  });
});

describe("migration 0048: the reward ledgers' reasons", () => {
  it("keeps every row and id, takes a reason no list named, and still refuses an empty one", () => {
    const db = migratedBefore("0048");
    db.exec(`
      INSERT INTO wheel_campaigns (id, sysname) VALUES (4, 'daily');
      INSERT INTO loyalty_ledger (uid, key, reason, ref, delta, exp_delta, created_at, batch_id) VALUES
        (7, 'round:r1', 'round', 'r1', 3, 3, 1, 'b1'), (7, 'wheel:s1', 'wheel', 's1', 50, 0, 2, 'b2');
      INSERT INTO wheel_spin_ledger (uid, campaign_id, key, reason, ref, delta, created_at, batch_id) VALUES
        (7, 4, 'quest:3:0', 'quest', '3', 1, 1, 'b1'), (7, 4, 'spin:s1', 'spin', 's1', -1, 2, 'b2');
    `);
    const before = {
      loyalty: db
        .prepare("SELECT * FROM loyalty_ledger ORDER BY id")
        .all()
        .map((r) => ({ ...r })),
      spins: db
        .prepare("SELECT * FROM wheel_spin_ledger ORDER BY id")
        .all()
        .map((r) => ({ ...r })),
    };
    expect(() => db.exec("INSERT INTO loyalty_ledger (uid, key, reason, delta, created_at, batch_id) VALUES (7, 'race:1', 'race', 5, 3, 'b3')")).toThrow(
      /CHECK/,
    );
    run(db, "0048", LEFT_D1);
    expect(
      db
        .prepare("SELECT * FROM loyalty_ledger ORDER BY id")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual(before.loyalty);
    expect(
      db
        .prepare("SELECT * FROM wheel_spin_ledger ORDER BY id")
        .all()
        .map((r) => ({ ...r })),
    ).toEqual(before.spins);
    // A new reason needs no rebuild; ids continue after the kept ones; a row is still once per key.
    db.exec("INSERT INTO loyalty_ledger (uid, key, reason, delta, created_at, batch_id) VALUES (7, 'race:1', 'race', 5, 3, 'b3')");
    db.exec("INSERT INTO wheel_spin_ledger (uid, campaign_id, key, reason, delta, created_at, batch_id) VALUES (7, 4, 'race:1', 'race', 2, 3, 'b3')");
    expect(db.prepare("SELECT id FROM loyalty_ledger WHERE key = 'race:1'").get().id).toBe(3);
    expect(db.prepare("SELECT id FROM wheel_spin_ledger WHERE key = 'race:1'").get().id).toBe(3);
    expect(() => db.exec("INSERT INTO loyalty_ledger (uid, key, reason, delta, created_at, batch_id) VALUES (7, 'x:1', '', 1, 3, 'b4')")).toThrow(/CHECK/);
    expect(() =>
      db.exec("INSERT INTO wheel_spin_ledger (uid, campaign_id, key, reason, delta, created_at, batch_id) VALUES (7, 4, 'race:1', 'race', 1, 3, 'b4')"),
    ).toThrow(/UNIQUE/);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%ledger_by_batch' ORDER BY name").all();
    expect(indexes.map((i) => i.name)).toEqual(["loyalty_ledger_by_batch", "wheel_spin_ledger_by_batch"]);
  });
});
