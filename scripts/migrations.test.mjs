// Migration 0047 (one quest table pair) moves live data: loyalty's and the wheel's quests, the
// players' progress and the spin ledger's quest rows. The Worker tests start from an empty schema
// (the seed runs after every migration), so this runs the migrations on SQLite with data in the old
// tables and checks nothing is lost and nothing can be paid twice.
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";

const files = readdirSync("migrations")
  .filter((f) => f.endsWith(".sql"))
  .sort();
const run = (db, from, to) => {
  for (const f of files.filter((f) => f >= from && f < to)) db.exec(readFileSync(`migrations/${f}`, "utf8"));
};

describe("migration 0047: one quest table pair", () => {
  it("keeps every quest, the players' progress and the spin ledger's quest keys", () => {
    const db = new DatabaseSync(":memory:");
    db.exec("PRAGMA foreign_keys = ON");
    run(db, "0000", "0047");
    db.exec(`
      INSERT INTO users (uid, login, password_changed_at, created_at, locale, currency) VALUES (7, 'p7', 0, 0, 'en', 'USD');
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
    run(db, "0047", "9999");

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
