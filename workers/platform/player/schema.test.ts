import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { PLAYER_SCHEMA, PLAYER_SCHEMA_VERSION } from "./schema.generated";
import {
  MIRRORED_USER_COLUMNS,
  OBJECT_ONLY_BACKFILL,
  OBJECT_ONLY_SCHEMA,
  PLAYER_COUNTS,
  PLAYER_TABLES,
  playerCountSql,
  PLAY_SINCE_SQL,
  REPLICATED_TABLES,
  SHARED_TABLES,
  WHOLE_REPLICAS,
} from "./tables";

/**
 * The player object's schema (decision 0075) is generated from `migrations/`, so the SQL of a table
 * has one source: this test migrates an empty SQLite database, takes the player tables, their
 * indexes and triggers, and a `users` row of the mirrored columns, and compares the result with
 * `schema.generated.ts`. `UPDATE_PLAYER_SCHEMA=1 npx vitest run --project unit
 * workers/platform/player/schema.test.ts` rewrites the file after a migration changed a player table.
 */

const GENERATED = "workers/platform/player/schema.generated.ts";

interface Entry {
  type: string;
  name: string;
  tbl_name: string;
  sql: string;
}

/**
 * D1 after every migration, and each schema entry as it last stood in D1: the player tables moved
 * into the objects and were dropped from D1 (migrations 0050, 0064); they, their indexes and
 * triggers, and the `users` triggers that name them (dropped with them) keep their last definition here.
 */
function migrated(): { db: DatabaseSync; entries: Entry[] } {
  const db = new DatabaseSync(":memory:");
  const last = new Map<string, Entry>();
  for (const f of readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    db.exec(readFileSync(`migrations/${f}`, "utf8"));
    const now = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid").all() as unknown as Entry[];
    const present = new Set(now.map((e) => e.name));
    for (const [name, e] of last) if (!present.has(name) && !ofThePlayer(e)) last.delete(name);
    for (const e of now) last.set(e.name, e); // an entry keeps its first place, takes its latest definition
  }
  return { db, entries: [...last.values()] };
}

/** An entry of the player tables, or a trigger on `users` that names one: the object keeps it. */
function ofThePlayer(e: Entry): boolean {
  const player = (t: string) => (PLAYER_TABLES as readonly string[]).includes(t);
  return player(e.tbl_name) || (e.type === "trigger" && e.tbl_name === "users" && namedTables(e.sql).some(player));
}

const OBJECT_TABLES: readonly string[] = [...PLAYER_TABLES, ...REPLICATED_TABLES];
const inObject = new Set<string>([...OBJECT_TABLES, "users"]);
const ownRows = new Set<string>([...PLAYER_TABLES, "users"]);

/**
 * A column's or table's REFERENCES to anything but the player's own rows, taken out: the
 * configuration is a copy of what D1 checked (and of the catalogue only the rows a call brought).
 */
function withoutForeignReferences(sql: string): string {
  const action = String.raw`(?:\s+ON\s+(?:DELETE|UPDATE)\s+(?:CASCADE|SET\s+NULL|SET\s+DEFAULT|RESTRICT|NO\s+ACTION))*`;
  return sql
    .replace(new RegExp(String.raw`,\s*FOREIGN\s+KEY\s*\([^)]*\)\s*REFERENCES\s+(\w+)\s*(?:\([^)]*\))?${action}`, "gi"), (m, t: string) =>
      ownRows.has(t) ? m : "",
    )
    .replace(new RegExp(String.raw`\s+REFERENCES\s+(\w+)\s*(?:\([^)]*\))?${action}`, "gi"), (m, t: string) => (ownRows.has(t) ? m : ""));
}

/** The tables a trigger's WHEN and body name. */
const namedTables = (sql: string) => [...sql.slice(sql.search(/\b(?:WHEN|BEGIN)\b/i)).matchAll(/\b(?:FROM|JOIN|INTO|UPDATE)\s+(\w+)/gi)].map((m) => m[1]!);

function generate(db: DatabaseSync, entries: Entry[]): string[] {
  const out: string[] = [];
  // The mirrored user columns, typed as migrations typed them; no constraints (the Worker checked them).
  const userColumns = (db.prepare("PRAGMA table_info(users)").all() as { name: string; type: string }[]).filter((c) =>
    (MIRRORED_USER_COLUMNS as readonly string[]).includes(c.name),
  );
  out.push(`CREATE TABLE users (${userColumns.map((c) => (c.name === "uid" ? "uid INTEGER PRIMARY KEY" : `${c.name} ${c.type}`)).join(", ")})`);
  for (const e of entries) {
    if (e.type === "table" && OBJECT_TABLES.includes(e.name)) out.push(withoutForeignReferences(e.sql));
  }
  for (const e of entries) {
    if (e.type === "index" && OBJECT_TABLES.includes(e.tbl_name)) out.push(e.sql);
    // A replica is a copy of what D1's triggers already derived: only the player's own rows keep theirs.
    if (e.type === "trigger" && ownRows.has(e.tbl_name) && namedTables(e.sql).every((t) => inObject.has(t) || t === e.tbl_name)) out.push(e.sql);
  }
  out.push(...OBJECT_ONLY_SCHEMA);
  // One line each: the migrations' comments go (a `--` would swallow the rest of the line).
  return out.map((s) =>
    s
      .replace(/--[^\n]*/g, "")
      .replace(/\s+/g, " ")
      .replace(/\( /g, "(")
      .replace(/ \)/g, ")")
      .trim(),
  );
}

function render(statements: string[]): string {
  const version = createHash("sha256").update(statements.join(";\n")).digest("hex").slice(0, 16);
  return [
    "// Generated by workers/platform/player/schema.test.ts from migrations/ (UPDATE_PLAYER_SCHEMA=1). Do not edit.",
    "",
    "/** The player object's tables, indexes and triggers, as the migrations leave them (decision 0075). */",
    `export const PLAYER_SCHEMA: readonly string[] = ${JSON.stringify(statements, null, 2)};`,
    "",
    "/** Changes whenever the schema does: the object applies it again (its tables are created IF NOT EXISTS). */",
    `export const PLAYER_SCHEMA_VERSION = ${JSON.stringify(version)};`,
    "",
  ].join("\n");
}

describe("the player object's schema", () => {
  const { db, entries } = migrated();
  const statements = generate(db, entries);

  it("classifies every table of the migrations once: the player's, replicated configuration or the site's", () => {
    const tables = entries.filter((e) => e.type === "table" && !/^(sqlite_|d1_|_cf_)/.test(e.name)).map((e) => e.name);
    const classified = [...PLAYER_TABLES, ...REPLICATED_TABLES, ...SHARED_TABLES];
    expect(classified.filter((t, i) => classified.indexOf(t) !== i)).toEqual([]);
    expect(tables.filter((t) => !classified.includes(t as never))).toEqual([]);
    expect(classified.filter((t) => !tables.includes(t))).toEqual([]);
  });

  it("is what the migrations make of the player tables", () => {
    if (process.env.UPDATE_PLAYER_SCHEMA) writeFileSync(GENERATED, render(statements));
    expect(readFileSync(GENERATED, "utf8")).toBe(render(statements));
    expect(PLAYER_SCHEMA).toEqual(statements);
    expect(PLAYER_SCHEMA_VERSION).toMatch(/^[0-9a-f]{16}$/);
  });

  it("leaves D1 without any player table, and without a trigger that would name one (migrations 0050, 0064)", () => {
    const inD1 = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL").all() as unknown as Entry[];
    const player = (t: string) => (PLAYER_TABLES as readonly string[]).includes(t);
    expect(inD1.filter((e) => e.type === "table" && player(e.name)).map((e) => e.name)).toEqual([]);
    expect(inD1.filter((e) => e.type === "trigger" && namedTables(e.sql).some(player)).map((e) => e.name)).toEqual([]);
  });

  it("moves D1's replica version on every change to a copied configuration table (migration 0049), and only on those", () => {
    const moving = (
      db.prepare("SELECT tbl_name, name FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%UPDATE replica_state%'").all() as {
        tbl_name: string;
        name: string;
      }[]
    ).map((t) => t.name);
    expect(moving.sort()).toEqual(WHOLE_REPLICAS.flatMap((t) => ["delete", "insert", "update"].map((e) => `replica_${t}_${e}`)).sort());
  });

  it("applies on an empty database, every reference pointing at the player's own rows, the ledger's and the currency's rules kept", () => {
    const object = new DatabaseSync(":memory:");
    object.exec("PRAGMA foreign_keys = ON");
    for (const s of PLAYER_SCHEMA) object.exec(s);
    for (const t of OBJECT_TABLES) {
      const refs = object.prepare(`PRAGMA foreign_key_list(${t})`).all() as { table: string }[];
      expect(refs.filter((r) => !ownRows.has(r.table)).map((r) => `${t} → ${r.table}`)).toEqual([]);
    }
    const triggers = (object.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    const counting = Object.values(PLAYER_COUNTS).flatMap((n) => ["delete", "insert", "update"].map((e) => `player_counts_${n}_${e}`));
    expect(triggers).toEqual(
      ["ledger_no_delete", "ledger_no_update", "play_totals_insert", ...counting, "users_currency_follows", "users_currency_guard"].sort(),
    );
    object.exec("INSERT INTO users (uid, currency, country_code, created_at) VALUES (7, 'USD', 'DE', 1)");
    object.exec("INSERT INTO balances (uid, kind, currency, amount, updated_at) VALUES (7, 'main', 'USD', 0, 1)");
    expect(() => object.exec("UPDATE balances SET amount = -1 WHERE uid = 7")).toThrow(/balance_not_negative|CHECK/);
  });

  describe("the history's counts (issue 39)", () => {
    /** A player object's database (the whole schema, or `schema`) with player 7 and two wallet operations. */
    function objectDb(schema: readonly string[] = PLAYER_SCHEMA): DatabaseSync {
      const db = new DatabaseSync(":memory:");
      for (const s of schema) db.exec(s);
      db.exec("INSERT INTO users (uid, currency, country_code, created_at) VALUES (7, 'USD', 'DE', 1)");
      db.exec(
        "INSERT INTO wallet_operations (id, uid, key, type, fingerprint, created_at) VALUES ('op1', 7, 'key-0001', 'bet', 'f', 1), ('op2', 7, 'key-0002', 'bet', 'f', 1)",
      );
      return db;
    }
    const kept = (db: DatabaseSync, name: string, scope = 0) => (db.prepare(playerCountSql(name, "?2")).get(7, scope) as { n: number }).n;
    const round = (db: DatabaseSync, id: string, operation: string | null) =>
      db
        .prepare(
          "INSERT INTO game_rounds (id, uid, round_key, game_id, sysname, mode, bet, win, currency, symbols, operation_id, created_at) VALUES (?, 7, ?, 1, 'g', 'real', 100, 0, 'USD', '', ?, 1)",
        )
        .run(id, `round-${id}-key`, operation);
    const line = (db: DatabaseSync, key: string, delta: number, exp: number) =>
      db
        .prepare("INSERT INTO loyalty_ledger (uid, key, reason, delta, exp_delta, created_at, batch_id) VALUES (7, ?, 'round', ?, ?, 1, 'b')")
        .run(key, delta, exp);
    const points = (db: DatabaseSync, tournament: number, key: string, reason: string) =>
      db
        .prepare("INSERT INTO tournament_points (tournament_id, uid, key, reason, delta, created_at, batch_id) VALUES (?, 7, ?, ?, ?, 1, 'b')")
        .run(tournament, key, reason, reason === "round" ? 1 : -1);

    it("follow every insert, settlement and deletion, and count only what the pages list", () => {
      const db = objectDb();
      round(db, "r1", "op1");
      round(db, "r2", null); // not paid yet: not history
      expect(kept(db, PLAYER_COUNTS.rounds)).toBe(1);
      db.exec("UPDATE game_rounds SET operation_id = 'op2' WHERE id = 'r2'");
      expect(kept(db, PLAYER_COUNTS.rounds)).toBe(2);
      round(db, "r3", null);
      db.exec("DELETE FROM game_rounds WHERE id = 'r3'"); // an unpaid round dropped: nothing counted changes
      expect(kept(db, PLAYER_COUNTS.rounds)).toBe(2);
      line(db, "l1", 0, 0); // a fraction of a point: not a line of the history
      line(db, "l2", 1, 1);
      line(db, "l3", 0, 2);
      expect(kept(db, PLAYER_COUNTS.loyaltyChanges)).toBe(2);
      points(db, 1, "p1", "round");
      points(db, 1, "p2", "round");
      points(db, 2, "p3", "round");
      points(db, 1, "p4", "cashout");
      expect([kept(db, PLAYER_COUNTS.tournamentRounds, 1), kept(db, PLAYER_COUNTS.tournamentRounds, 2), kept(db, PLAYER_COUNTS.tournamentRounds, 3)]).toEqual([
        2, 1, 0,
      ]);
      expect(kept(db, PLAYER_COUNTS.rounds)).toBe(
        (db.prepare("SELECT COUNT(*) AS n FROM game_rounds WHERE operation_id IS NOT NULL").get() as { n: number }).n,
      );
    });

    it("start from the rows of an object made before them (its backfill), then follow on", () => {
      const counts = (s: string) => s.includes("player_counts");
      const older = objectDb(PLAYER_SCHEMA.filter((s) => !counts(s)));
      round(older, "r1", "op1");
      round(older, "r2", "op2");
      line(older, "l1", 3, 3);
      points(older, 5, "p1", "round");
      for (const s of PLAYER_SCHEMA.filter(counts)) older.exec(s);
      for (const fill of OBJECT_ONLY_BACKFILL.player_counts ?? []) older.exec(fill);
      expect([kept(older, PLAYER_COUNTS.rounds), kept(older, PLAYER_COUNTS.loyaltyChanges), kept(older, PLAYER_COUNTS.tournamentRounds, 5)]).toEqual([2, 1, 1]);
      line(older, "l2", 1, 0);
      expect(kept(older, PLAYER_COUNTS.loyaltyChanges)).toBe(2);
    });

    it("play since a session began: the totals follow the ledger, the mark is taken once, and an older object's start from its rows", () => {
      const ledger = (db: DatabaseSync, kind: string, type: string, delta: number, at: number) =>
        db
          .prepare("INSERT INTO ledger (operation_id, uid, kind, delta, balance_after, currency, type, created_at) VALUES ('op1', 7, ?, ?, 0, 'USD', ?, ?)")
          .run(kind, delta, type, at);
      const since = (db: DatabaseSync, at: number) => {
        const [prune, mark, play] = PLAY_SINCE_SQL;
        db.prepare(prune).run(7, at);
        db.prepare(mark).run(7, at);
        return { ...(db.prepare(play).get(7, at, JSON.stringify(["main", "bonus", "betting_bonus"])) as object) };
      };
      const before = (db: DatabaseSync) => {
        db.exec("INSERT INTO balances (uid, kind, currency, amount, updated_at) VALUES (7, 'main', 'USD', 0, 1), (7, 'fun', 'USD', 0, 1)");
        ledger(db, "main", "deposit", 1000, 100); // not play
        ledger(db, "main", "bet", -100, 110);
        ledger(db, "main", "win", 250, 111);
      };
      for (const older of [false, true]) {
        const db = older ? objectDb(PLAYER_SCHEMA.filter((s) => !/play_totals|session_marks/.test(s))) : objectDb();
        before(db);
        if (older) {
          for (const s of PLAYER_SCHEMA.filter((s) => /play_totals|session_marks/.test(s))) db.exec(s);
          for (const fill of OBJECT_ONLY_BACKFILL.play_totals ?? []) db.exec(fill);
        }
        expect(since(db, 0)).toEqual({ wagered: 100, won: 250 });
        expect(since(db, 200)).toEqual({ wagered: 0, won: 0 }); // a session that began after
        ledger(db, "main", "bet", -50, 300);
        ledger(db, "main", "refund", 50, 301); // a refunded bet is not staked
        ledger(db, "fun", "bet", -10, 302); // demo play is not money
        ledger(db, "main", "bet", -30, 303);
        expect(since(db, 200)).toEqual({ wagered: 30, won: 0 });
        expect(since(db, 0)).toEqual({ wagered: 130, won: 250 });
        // Marked once: the rows since are not read again.
        expect((db.prepare("SELECT COUNT(*) AS n FROM session_marks WHERE since = 200").get() as { n: number }).n).toBeGreaterThan(0);
      }
    });

    it("the points history's page walks the lines that changed something, not every line", () => {
      const db = objectDb();
      const plan = (
        db
          .prepare(
            "EXPLAIN QUERY PLAN SELECT l.id FROM loyalty_ledger l WHERE l.uid = ?1 AND (l.delta <> 0 OR l.exp_delta <> 0) ORDER BY l.id DESC LIMIT 20 OFFSET 0",
          )
          .all(7) as { detail: string }[]
      ).map((r) => r.detail);
      expect(plan.join(" | ")).toMatch(/USING (COVERING )?INDEX loyalty_ledger_changes/);
      expect(plan.join(" | ")).not.toMatch(/TEMP B-TREE/);
    });
  });
});
