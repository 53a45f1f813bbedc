import { isPlayerTable, namedTables } from "../player/tables";
import type { RenderScope } from "./render-scope";
import { configRead, isConfigRead } from "./config-reads";
import { PURE_READ, plain, readKey } from "./read-keys";

/**
 * The reads one page render repeats, read once (issue 39): a render's platform calls each read what
 * they need, and several read the same rows (the player's `users` row and contacts, their currency,
 * a wheel campaign, a programme's levels, a setting), one D1 query each. Within one render's reads
 * (GET calls; workers/app.ts gives them one scope) a SELECT run again with the same values answers
 * what it answered the first time. Any other statement through this view (a write) forgets every
 * kept answer (unless it names only the player's own tables: `leavesKeptAlone`), as does any write call of the render (platform/index.ts), so nothing read after a
 * write of the render is older than it. Answers are copied out, so no caller sees another's changes
 * to the rows. Failures are not kept. Only the primary's reads (a read replica reader's of these tables run on the primary: `primary` below),
 * and only of the tables below, which no read call changes by another path than this view (a
 * tournament's entries, say, are written by its board's object while a leaderboard read waits).
 */
const KEEPABLE = new Set([
  "users",
  "contacts",
  "pending_contacts",
  "settings",
  "wheel_campaigns",
  "loyalty_programs",
  "loyalty_levels",
  // a tournament's own row (its status: leaderboard.get and receipts ask it), not its entries or totals
  "tournaments",
  // the catalogue's average slot RTP the bonus X-ray reads (bonuses, free spins, betting bonuses and
  // offers each ask it: on a cold isolate one read, not one per call; changed by the ranks' rebuild)
  "game_catalogue_state",
]);
/**
 * A write that names only the player's own tables (their bonuses and the bonuses' events, say: a
 * bonus list expires what lapsed before it answers) cannot change what is kept: none of those
 * tables is kept, and none has a trigger that writes one (a trigger that did would have to be
 * named here). Any other write forgets everything kept.
 */
const leavesKeptAlone = (sql: string): boolean => {
  const tables = namedTables(sql);
  return tables.length > 0 && tables.every((t) => isPlayerTable(t) && !KEEPABLE.has(t));
};

const SQL = Symbol("sql");
const INNER = Symbol("inner statement");
/** Set on a statement the isolate may answer at the render's configuration version (config-reads.ts). */
const CONFIG = Symbol("configuration read");
type Kept = D1PreparedStatement & { [SQL]?: string; [INNER]?: D1PreparedStatement; [CONFIG]?: boolean };

/** Whether the render may keep `sql`'s answer: it names only the tables above, with plain values (a blob's would not make a key). */
const keepableRead = (sql: string, binds: unknown[]) => binds.every(plain) && namedTables(sql).every((t) => KEEPABLE.has(t));

/**
 * Keeps `result` as the render's answer to `sql` with `binds`, read by another statement in the
 * same round trip (the session's, auth/request-session.ts): the render's later read of it is
 * answered from here. Only the tables above; an answer already kept stays.
 */
export function keepRead(scope: RenderScope, sql: string, binds: unknown[], result: D1Result): void {
  if (!keepableRead(sql, binds)) throw new TypeError(`not a keepable read: ${sql}`);
  const reads = (scope.reads ??= new Map());
  const key = readKey(sql, binds);
  if (!reads.has(key)) reads.set(key, Promise.resolve(result));
}

/**
 * Keeps `result` as the answer to the render's next read of `sql` with `binds`, read by another
 * statement in the same round trip (the session's): for a read that is not kept (its tables may
 * change by other paths), but that the render makes once, right after, such as the shell's
 * campaign popups. The first read that asks takes it; a later one reads D1.
 */
export function keepOnce(scope: RenderScope, sql: string, binds: unknown[], result: D1Result): void {
  if (!PURE_READ.test(sql) || !binds.every(plain)) throw new TypeError(`not a read to keep once: ${sql}`);
  (scope.once ??= new Map()).set(readKey(sql, binds), result);
}

/** The answer kept once for `sql` with `binds`, taken out; undefined when none is. */
const takeOnce = (scope: RenderScope, sql: string, binds: unknown[]): D1Result | undefined => {
  if (!scope.once?.size || !binds.every(plain)) return undefined;
  const key = readKey(sql, binds);
  const result = scope.once.get(key);
  if (result) scope.once.delete(key);
  return result;
};

/**
 * `db` for one read call of the render `scope`. Its statements are views of the database's own
 * (anything but their reads passes through), so another view's batch still finds what it wraps.
 *
 * `primary`: given when `db` is a read replica's session (a call that tolerates a moment's
 * staleness: core/replica-reads.ts). Its reads of the tables above are then the render's kept
 * reads, run on the primary, so the render reads a programme's levels (say) once, not once from
 * the replica and again from the primary; its other reads stay on the replica.
 *
 * `config`: the configuration version the call read with the locales, when the isolate may keep
 * the configuration's reads under it (config-reads.ts; null: it may not). A read of only the
 * configuration is then answered by the isolate, and read (on the primary) when it is not there.
 */
export function renderReads(db: D1Database, scope: RenderScope, primary?: D1Database, config: number | null = null): D1Database {
  const forget = () => {
    scope.reads = undefined;
    scope.once = undefined;
  };
  const statement = (stmt: D1PreparedStatement, sql: string, binds: unknown[]): Kept => {
    const pure = PURE_READ.test(sql);
    // Only a SELECT of the tables above with plain values is kept.
    const keepable = pure && keepableRead(sql, binds);
    const key = keepable ? readKey(sql, binds) : null;
    // A read of only the configuration: the isolate's answer at this version (config-reads.ts).
    const version = config !== null && pure && isConfigRead(sql, binds) ? config : null;
    // A read of other tables runs as it is, unless its answer came with the session (keepOnce);
    // anything else (a write) forgets what was kept.
    const passThrough = () => {
      if (!pure && !leavesKeptAlone(sql)) forget();
    };
    const once = <T>(): D1Result<T> | undefined => (pure ? (takeOnce(scope, sql, binds) as D1Result<T> | undefined) : undefined);
    /** A kept read, else the answer that came with the session, else the statement itself (`run`). */
    const answer = <T>(run: () => Promise<D1Result<T>>): Promise<D1Result<T>> => {
      if (version !== null) return fromConfig<T>();
      if (key !== null) return read<T>();
      const taken = once<T>();
      if (taken) return Promise.resolve(taken);
      passThrough();
      return run();
    };
    const read = <T>(): Promise<D1Result<T>> => {
      const reads = (scope.reads ??= new Map());
      let kept = reads.get(key!) as Promise<D1Result<T>> | undefined;
      if (!kept) {
        kept = primary
          ? primary
              .prepare(sql)
              .bind(...binds)
              .all<T>()
          : stmt.all<T>();
        reads.set(key!, kept);
        kept.catch(() => reads.get(key!) === kept && reads.delete(key!));
      }
      return kept.then((r) => structuredClone(r));
    };
    /** The isolate's answer at `version`, else the render's kept read, else the primary's. */
    const fromConfig = <T>(): Promise<D1Result<T>> =>
      configRead<T>(version!, sql, binds, () =>
        key !== null
          ? read<T>()
          : primary
            ? primary
                .prepare(sql)
                .bind(...binds)
                .all<T>()
            : stmt.all<T>(),
      );
    const own: Record<PropertyKey, unknown> = {
      [SQL]: sql,
      [INNER]: stmt,
      [CONFIG]: version !== null,
      bind: (...values: unknown[]) => statement(stmt.bind(...values), sql, values),
      all<T>() {
        return answer(() => stmt.all<T>());
      },
      async first<T>(column?: string) {
        const answered =
          version !== null
            ? await fromConfig<Record<string, unknown>>()
            : key !== null
              ? await read<Record<string, unknown>>()
              : once<Record<string, unknown>>();
        if (!answered) {
          passThrough();
          return column === undefined ? stmt.first<T>() : stmt.first<T>(column);
        }
        const row = answered.results[0];
        if (row === undefined) return null;
        return (column === undefined ? row : row[column]) as T;
      },
      run<T>() {
        return answer(() => stmt.run<T>());
      },
      raw(options?: { columnNames?: boolean }) {
        passThrough();
        return options?.columnNames ? stmt.raw({ columnNames: true }) : stmt.raw();
      },
    };
    return new Proxy(stmt, {
      get(target, prop) {
        if (Object.hasOwn(own, prop)) return own[prop];
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as Kept;
  };
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "prepare") return (sql: string) => statement(target.prepare(sql), sql, []);
      if (prop === "batch")
        return (stmts: Kept[]) => {
          // A batch of configuration reads only: each answered as a read alone is, by the isolate
          // when it holds it (warm, no round trip; the same version, so as consistent as a batch).
          if (stmts.length > 0 && stmts.every((s) => s[CONFIG] === true)) return Promise.all(stmts.map((s) => s.all()));
          // A batch runs as it is; one that may write what is kept forgets it.
          if (!stmts.every((s) => typeof s[SQL] === "string" && (PURE_READ.test(s[SQL]) || leavesKeptAlone(s[SQL])))) forget();
          return target.batch(stmts.map((s) => s[INNER] ?? s));
        };
      if (prop === "exec")
        return (sql: string) => {
          forget();
          return target.exec(sql);
        };
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
