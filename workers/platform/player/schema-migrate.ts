/**
 * Bringing a player object's schema to the generated one (decision 0075; table rebuilds: decision
 * 0103). What the object holds is compared, entry by entry, with `PLAYER_SCHEMA`:
 * - an entry it lacks is created (a new table starts from `backfill`'s statements, if any);
 * - an index or trigger whose definition changed is dropped and created again (they hold no rows);
 * - a table whose definition changed is rebuilt with its rows: renamed aside, created anew, its rows
 *   copied (columns of the same name, and a new column from `TABLE_COPIES`), the old one dropped.
 *   A table that references a rebuilt one is rebuilt with it (renaming a table rewrites the references
 *   to it), parents before children, so every row is checked against its new parent.
 * It all runs in the caller's transaction: an object is migrated whole or not at all.
 */

/** The SQL an object's storage runs: a statement's rows (none for a change). */
export interface SchemaSql {
  rows(sql: string): Record<string, unknown>[];
}

/**
 * How a rebuilt table fills a column the old one did not have (an expression over the old table's
 * columns, as `FROM <table>__old`); a column missing here takes its default.
 */
export const TABLE_COPIES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // Migration 0075: the stake still riding is the whole stake until a cash-out; legs keyed by their
  // place in the bet (numbered again, in the order they had, should two have shared one).
  sport_bets: { open_stake: "stake" },
  sport_bet_legs: { position: "ROW_NUMBER() OVER (PARTITION BY bet_id ORDER BY position, selection_id) - 1" },
};

interface Entry {
  type: "table" | "index" | "trigger";
  name: string;
  sql: string;
}

/** The name and type a schema statement creates. */
export function createdBy(statement: string): { type: Entry["type"]; name: string } {
  const m = /^CREATE (?:UNIQUE )?(TABLE|INDEX|TRIGGER) (?:IF NOT EXISTS )?"?(\w+)"?/i.exec(statement);
  if (!m) throw new Error(`PlayerObject: cannot name the schema statement ${statement.slice(0, 60)}`);
  return { type: m[1]!.toLowerCase() as Entry["type"], name: m[2]! };
}

/** A definition as compared: whitespace folded, the created name unquoted (a renamed table's is quoted). */
const normal = (sql: string) =>
  sql
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(CREATE (?:UNIQUE )?(?:TABLE|INDEX|TRIGGER) (?:IF NOT EXISTS )?)"(\w+)"/i, "$1$2");

/** The tables a table's definition references. */
const referenced = (sql: string) => [...sql.matchAll(/\bREFERENCES\s+"?(\w+)"?/gi)].map((m) => m[1]!);

/** The columns of a table as the object holds it. */
const columns = (sql: SchemaSql, table: string) => sql.rows(`PRAGMA table_info("${table}")`).map((c) => String(c.name));

/** Applies `schema` to the object's storage; answers the tables it created (not the rebuilt ones). */
export function migrateSchema(sql: SchemaSql, schema: readonly string[], backfill: Readonly<Record<string, readonly string[]>> = {}): string[] {
  const existing = new Map(
    sql
      .rows("SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'trigger') AND sql IS NOT NULL")
      .map((r) => [String(r.name), { type: r.type, name: String(r.name), sql: normal(String(r.sql)) } as Entry]),
  );
  const wanted = schema.map((statement) => ({ ...createdBy(statement), sql: statement }));
  const tableSql = new Map(wanted.filter((w) => w.type === "table").map((w) => [w.name, w.sql]));

  // The tables to rebuild: changed ones, then (to a fixed point) those referencing one.
  const rebuild = new Set(wanted.filter((w) => w.type === "table" && existing.has(w.name) && existing.get(w.name)!.sql !== normal(w.sql)).map((w) => w.name));
  for (let grew = rebuild.size > 0; grew; ) {
    grew = false;
    for (const [name, entry] of existing) {
      if (entry.type !== "table" || rebuild.has(name) || !tableSql.has(name)) continue;
      if (referenced(entry.sql).some((t) => rebuild.has(t))) {
        rebuild.add(name);
        grew = true;
      }
    }
  }
  if (rebuild.size) {
    const order = wanted.filter((w) => w.type === "table" && rebuild.has(w.name)).map((w) => w.name); // parents first
    for (const name of order) sql.rows(`ALTER TABLE "${name}" RENAME TO "${name}__old"`);
    for (const name of order) {
      sql.rows(tableSql.get(name)!);
      const before = new Set(columns(sql, `${name}__old`));
      const copies = TABLE_COPIES[name] ?? {};
      const filled = columns(sql, name).filter((c) => before.has(c) || copies[c] !== undefined);
      const from = filled.map((c) => (before.has(c) && copies[c] === undefined ? `"${c}"` : copies[c]!));
      sql.rows(`INSERT INTO "${name}" (${filled.map((c) => `"${c}"`).join(", ")}) SELECT ${from.join(", ")} FROM "${name}__old"`);
    }
    // Children first: a parent is dropped once nothing references it.
    for (const name of [...order].reverse()) sql.rows(`DROP TABLE "${name}__old"`);
    // Their indexes and triggers went with them; renaming may have rewritten other triggers.
    for (const [name, entry] of existing) if (entry.type !== "table") existing.delete(name);
    for (const r of sql.rows("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL")) {
      existing.set(String(r.name), { type: r.type as Entry["type"], name: String(r.name), sql: normal(String(r.sql)) });
    }
    for (const name of order) existing.set(name, { type: "table", name, sql: normal(tableSql.get(name)!) });
  }

  const created: string[] = [];
  for (const w of wanted) {
    const before = existing.get(w.name);
    if (before === undefined) {
      sql.rows(w.sql);
      if (w.type === "table") created.push(w.name);
    } else if (before.sql !== normal(w.sql)) {
      if (w.type === "table") throw new Error(`PlayerObject: ${w.name} is still not its new definition after the rebuild`);
      sql.rows(`DROP ${w.type.toUpperCase()} "${w.name}"`);
      sql.rows(w.sql);
    }
  }
  // A table new to an object that already holds rows starts from them (the history's counts).
  for (const name of created) for (const fill of backfill[name] ?? []) sql.rows(fill);
  return created;
}
