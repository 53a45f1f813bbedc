import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { PLAYER_SCHEMA, PLAYER_SCHEMA_VERSION } from "./schema.generated";
import { MIRRORED_USER_COLUMNS, OBJECT_ONLY_SCHEMA, PLAYER_TABLES, REPLICATED_TABLES, SHARED_TABLES, WHOLE_REPLICAS } from "./tables";

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
    expect(triggers).toEqual(["ledger_no_delete", "ledger_no_update", "users_currency_follows", "users_currency_guard"]);
    object.exec("INSERT INTO users (uid, currency, country_code, created_at) VALUES (7, 'USD', 'DE', 1)");
    object.exec("INSERT INTO balances (uid, kind, currency, amount, updated_at) VALUES (7, 'main', 'USD', 0, 1)");
    expect(() => object.exec("UPDATE balances SET amount = -1 WHERE uid = 7")).toThrow(/balance_not_negative|CHECK/);
  });
});
