/**
 * Counts the D1 rows one request reads (the bench's "rows read per render", DB_STATS=on): a view
 * of the database whose statements add each result's `meta.rows_read` and query count to a tally.
 * Only for measuring: `first()` and `raw()` run as `all()` so their meta can be read, which costs
 * a little and is why this view is never used unless the var turns it on (refused in production).
 */
export interface D1Tally {
  rowsRead: number;
  rowsWritten: number;
  queries: number;
  /**
   * Rows the player's object read for this request's reads of the player's tables (its SQLite's
   * `rowsRead`, remote-d1.ts): D1 does not see them, and a page whose cost grows with the player's
   * history grows here.
   */
  objectRowsRead?: number;
  /** With DB_STATS_LOG=on: each statement, its rows read and the start of its SQL. */
  statements?: string[];
}

type Meta = { rows_read?: number; rows_written?: number } | undefined;

function add(tally: D1Tally, meta: Meta, sql: string) {
  tally.queries += 1;
  tally.rowsRead += meta?.rows_read ?? 0;
  tally.rowsWritten += meta?.rows_written ?? 0;
  tally.statements?.push(`${String(meta?.rows_read ?? 0).padStart(5)}  ${sql.replace(/\s+/g, " ").trim().slice(0, 140)}`);
}

const ORIGINAL = Symbol("original statement");
const SQL = Symbol("sql");
type Counted = D1PreparedStatement & { [ORIGINAL]: D1PreparedStatement; [SQL]: string };

function countStatement(stmt: D1PreparedStatement, tally: D1Tally, sql: string): Counted {
  const counted = {
    [ORIGINAL]: stmt,
    [SQL]: sql,
    bind: (...values: unknown[]) => countStatement(stmt.bind(...values), tally, sql),
    async all<T>() {
      const r = await stmt.all<T>();
      add(tally, r.meta, sql);
      return r;
    },
    async run<T>() {
      const r = await stmt.run<T>();
      add(tally, r.meta, sql);
      return r;
    },
    async first<T>(column?: string) {
      const r = await stmt.all<Record<string, unknown>>();
      add(tally, r.meta, sql);
      const row = r.results[0];
      if (row === undefined) return null;
      return (column === undefined ? row : row[column]) as T;
    },
    async raw<T>(options?: { columnNames?: boolean }) {
      const r = await stmt.all<Record<string, unknown>>();
      add(tally, r.meta, sql);
      const rows = r.results.map((row) => Object.values(row));
      const names = r.results[0] ? Object.keys(r.results[0]) : [];
      return (options?.columnNames ? [names, ...rows] : rows) as T;
    },
  };
  return counted as unknown as Counted;
}

const TALLY = Symbol("tally");
const COUNTED = Symbol("counted database");

/**
 * The database a counting view counts (`db` itself when it is none): what a per-isolate cache is
 * kept for, since the bench's view is made again for every request and would miss it every time.
 */
export const databaseOf = (db: object): object => (db as { [COUNTED]?: object })[COUNTED] ?? db;

/** A view of `db` that tallies every statement it runs, batches included. */
export function countingD1(db: D1Database, tally: D1Tally): D1Database {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === TALLY) return tally;
      if (prop === COUNTED) return databaseOf(target);
      if (prop === "prepare") return (sql: string) => countStatement(target.prepare(sql), tally, sql);
      // A session's statements are counted as the database's are (core/replica-reads.ts).
      if (prop === "withSession") return (constraint?: string) => countingD1(target.withSession(constraint) as unknown as D1Database, tally);
      if (prop === "batch") {
        return async (stmts: Counted[]) => {
          const results = await target.batch(stmts.map((s) => s[ORIGINAL] ?? s));
          for (const [i, r] of results.entries()) add(tally, r.meta, `(batch) ${stmts[i]?.[SQL] ?? "?"}`);
          return results;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The tally `db` counts into, when it is a counting view (DB_STATS=on); else null. */
export const tallyOf = (db: object | undefined): D1Tally | null => (db as { [TALLY]?: D1Tally } | undefined)?.[TALLY] ?? null;

/** DB_STATS_LOG=on: names what runs next in the request's statement log (a platform method). */
export function markStatements(db: D1Database, label: string): void {
  tallyOf(db)?.statements?.push(`      → ${label}`);
}

/** The Server-Timing entry the bench reads. */
export const serverTiming = (t: D1Tally) =>
  `d1;desc="rows_read=${t.rowsRead} rows_written=${t.rowsWritten} queries=${t.queries} object_rows_read=${t.objectRowsRead ?? 0}"`;

/**
 * Adds D1 use counted elsewhere on the request's behalf (a player's object runs a round's
 * statements on its own binding: player/object.ts) to `db`'s tally, when `db` is counting.
 */
export function addD1Use(db: D1Database, use: D1Tally | null | undefined): void {
  const tally = tallyOf(db);
  if (!tally || !use) return;
  tally.queries += use.queries;
  tally.rowsRead += use.rowsRead;
  tally.rowsWritten += use.rowsWritten;
}
