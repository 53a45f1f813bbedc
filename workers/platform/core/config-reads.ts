import { namedTables, WHOLE_REPLICAS } from "../player/tables";
import { PURE_READ, plain, readKey } from "./read-keys";

/**
 * The site's configuration read once per isolate while it holds (issue 39): the bonus templates,
 * loyalty programmes and levels, wheel campaigns, tournaments and their prizes, cashier methods… —
 * the tables every player's object copies whole (player/tables.ts WHOLE_REPLICAS). A page read them
 * from D1 on every render, one round trip each (a loyalty page four, a wheel page three), though
 * they change only when the operator (or a clock, or a unit of stock taken) changes them.
 *
 * Every change to those tables moves `replica_state.version` (migration 0049's triggers), which every
 * platform call reads with the locales (core/context.ts `localesAndMaintenance`). A SELECT that names
 * only those tables is kept here under that version: a call that brings the same version is answered
 * from here; a newer version starts over. What this isolate itself writes to them (a demo operator's
 * change, a clock, a unit of stock) starts over at once (`watchConfigWrites`), so a page after a
 * change made here never shows the old value. A change another isolate made shows once this
 * isolate reads the version again: within SETTINGS_CACHE_MS, as the locales and the maintenance
 * switch do; with SETTINGS_CACHE_MS=0 nothing is kept here.
 *
 * Only answers read from the primary are kept (a read replica's may be older than the version), and
 * they are copied in and out, so no caller sees another's changes to the rows.
 */

const WHOLE = new Set<string>(WHOLE_REPLICAS);
/** Past this many distinct reads (a statement bound with every id, say) the kept answers start over. */
const MAX_KEPT = 512;

const kept = new Map<string, D1Result<unknown>>();
/** The newest configuration version seen: answers read under an older one are not kept. */
let newest = -1;
/** Moves when this isolate writes the configuration: a read started before it is not kept. */
let epoch = 0;

/** Whether `sql` with `binds` is a read of the configuration only (the tables above, plain values). */
export function isConfigRead(sql: string, binds: readonly unknown[]): boolean {
  if (!PURE_READ.test(sql) || !binds.every(plain)) return false;
  const tables = namedTables(sql);
  return tables.length > 0 && tables.every((t) => WHOLE.has(t));
}

/** Whether `sql` may change the configuration: anything but a SELECT that names one of its tables. */
const writesConfig = (sql: string): boolean => !PURE_READ.test(sql) && namedTables(sql).some((t) => WHOLE.has(t));

/**
 * The configuration read `sql` with `binds` at `version`: the isolate's answer when it has one, else
 * `read()`'s, kept for the next call at that version. Each caller gets its own copy.
 */
export async function configRead<T>(version: number, sql: string, binds: readonly unknown[], read: () => Promise<D1Result<T>>): Promise<D1Result<T>> {
  if (version > newest) {
    newest = version;
    kept.clear();
  }
  const key = `${version}\u0000${readKey(sql, binds)}`;
  const hit = kept.get(key);
  if (hit) return structuredClone(hit) as D1Result<T>;
  const started = epoch;
  const result = await read();
  // Not kept when the isolate changed the configuration meanwhile, or a newer version was seen.
  if (started === epoch && version === newest) {
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, structuredClone(result));
  }
  return result;
}

/** This isolate changed (or may have changed) the configuration: nothing kept is answered again. */
function forgetConfig(): void {
  epoch++;
  kept.clear();
}

const watched = new WeakMap<D1Database, D1Database>();

/**
 * `db` as it is, but a statement that may write the configuration forgets what is kept here when it
 * is prepared (a batch is made of prepared statements, so it is seen too). Made once per binding.
 */
export function watchConfigWrites(db: D1Database): D1Database {
  let view = watched.get(db);
  if (view) return view;
  const note = (sql: string) => {
    if (writesConfig(sql)) forgetConfig();
  };
  const prepare = (sql: string) => {
    note(sql);
    return db.prepare(sql);
  };
  view = {
    prepare,
    batch: (statements) => db.batch(statements),
    exec: (sql) => {
      forgetConfig();
      return db.exec(sql);
    },
    withSession: (constraint) => {
      const session = db.withSession(constraint);
      return {
        prepare: (sql: string) => {
          note(sql);
          return session.prepare(sql);
        },
        batch: (statements) => session.batch(statements),
        getBookmark: () => session.getBookmark(),
      };
    },
    dump: () => db.dump(),
  };
  watched.set(db, view);
  return view;
}

/**
 * The env with its D1 watched for configuration writes (`watchConfigWrites`). A copy per request (the
 * watched binding is made once): the env's other values are read as they are now.
 */
export const withConfigWatch = <E extends { DB: D1Database }>(env: E): E => (env.DB ? { ...env, DB: watchConfigWrites(env.DB) } : env);
