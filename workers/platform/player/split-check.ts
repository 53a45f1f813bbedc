import { isMovedTable, isPlayerTable, isSharedTable, namedTables } from "./tables";

/**
 * The work list of decision 0075, measured: a view of D1 that reports every statement and every
 * batch that touches a player's tables and the site's together. Such a statement cannot run once
 * the player's tables are in the player's object (one SQLite there, D1 here), so each report is a
 * place to split into a read of what is shared and a statement of the player's, or an effect the
 * outbox carries. Joining the replicated configuration (tables.ts) is allowed, and so is reading
 * the player's own `users` row (the object mirrors its currency, country and registration time).
 *
 * It also refuses, with an error, any statement that reaches D1 naming a table already moved to the
 * players' objects (tables.ts MOVED_TABLES): that code must go through `ctx.player()`. Only the
 * Worker tests turn it on (the SPLIT_CHECK test binding: "moved" refuses, "report" also reports):
 * parsing every statement costs time no player should pay.
 */

/** The tables a statement names after FROM, JOIN, INTO or UPDATE (CTE names and functions are neither list's). */
export function tablesOf(sql: string): { player: string[]; shared: string[]; writesUsers: boolean } {
  const names = namedTables(sql);
  const player = names.filter(isPlayerTable);
  const shared = names.filter(isSharedTable);
  const writesUsers = /\b(?:INTO|UPDATE)\s+users\b/i.test(sql);
  return { player, shared, writesUsers };
}

/** Whether a set of statements mixes the two sides (the player's `users` row read alone does not). */
export function mixes(sqls: string[]): { player: string[]; shared: string[] } | null {
  const player = new Set<string>();
  const shared = new Set<string>();
  for (const sql of sqls) {
    const t = tablesOf(sql);
    for (const p of t.player) player.add(p);
    for (const s of t.shared) if (s !== "users" || t.writesUsers) shared.add(s);
  }
  return player.size && shared.size ? { player: [...player].sort(), shared: [...shared].sort() } : null;
}

const SQL = Symbol("sql");
const INNER = Symbol("inner");
type Marked = D1PreparedStatement & { [SQL]?: string; [INNER]?: D1PreparedStatement };

/** The first frame of the caller in the platform's own code, to name the place in the report. */
function where(): string {
  const frames = (new Error().stack ?? "").split("\n").filter((l) => /workers\/|app\//.test(l) && !/split-check/.test(l));
  return (frames[0] ?? "").trim().replace(/^at\s+/, "");
}

function refuseMoved(sql: string): void {
  const moved = namedTables(sql).filter(isMovedTable);
  if (moved.length)
    throw new Error(
      `${moved.join(", ")} ${moved.length > 1 ? "are" : "is"} in the players' objects now, not in D1: use ctx.player() (decision 0075), at ${where()}`,
    );
}

function reportMix(kind: "statement" | "batch", sqls: string[]): void {
  const mixed = mixes(sqls);
  if (!mixed) return;
  const text = sqls.map((s) => s.replace(/\s+/g, " ").trim().slice(0, 120)).join(" ;; ");
  console.warn(`split-check ${kind} player=[${mixed.player.join(",")}] shared=[${mixed.shared.join(",")}] at ${where()} :: ${text}`);
}

/**
 * A stale-tolerant read (core/replica-reads.ts, through a D1 session) that names a player's table:
 * it may be served by a replica behind the player's own last write, so it is refused.
 */
function refusePlayerTables(sql: string): void {
  const own = namedTables(sql).filter(isPlayerTable);
  if (own.length) throw new Error(`A read that may come from a replica names a player's table (${own.join(", ")}): read it from the primary`);
}

/**
 * `db`, refusing moved tables and, with `reporting`, reporting what mixes the two sides (see the
 * module comment). Its sessions (`withSession`, the stale-tolerant reads) also refuse a player's tables.
 */
export function splitCheckedD1(db: D1Database, reporting: boolean, inSession = false): D1Database {
  const report = reporting ? reportMix : () => {};
  const mark = (stmt: D1PreparedStatement, sql: string): Marked => {
    const wrapped = new Proxy(stmt, {
      get(target, prop) {
        if (prop === SQL) return sql;
        if (prop === INNER) return target;
        if (prop === "bind") return (...values: unknown[]) => mark(target.bind(...values), sql);
        if (prop === "first" || prop === "all" || prop === "run" || prop === "raw") {
          const fn = Reflect.get(target, prop) as (...a: unknown[]) => unknown;
          return (...args: unknown[]) => {
            report("statement", [sql]);
            return fn.apply(target, args);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return wrapped as Marked;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare")
        return (sql: string) => {
          refuseMoved(sql);
          if (inSession) refusePlayerTables(sql);
          return mark(target.prepare(sql), sql);
        };
      if (prop === "withSession") return (constraint?: string) => splitCheckedD1(target.withSession(constraint) as unknown as D1Database, reporting, true);
      if (prop === "batch") {
        return (stmts: Marked[]) => {
          const sqls = stmts.map((s) => s[SQL] ?? "");
          for (const s of sqls) report("statement", [s]);
          report("batch", sqls);
          return target.batch(stmts.map((s) => s[INNER] ?? s));
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
