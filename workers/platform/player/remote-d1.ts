import { type D1Tally, tallyOf } from "../../d1-stats";
import { isReplicatedTable, MIRRORED_USER_COLUMNS, namedTables } from "./tables";
import type { RenderScope } from "../core/render-scope";
import { coalescedRuns, type PlayerStub, type RunObject, runAlone } from "./coalesce";
import { type Facts, type MirroredUser, unwrap, type WireResult, type WireStatement } from "./wire";

/** The replica version a call needs: "skip" when none of its statements joins the copied configuration. */
const replicaFor = (statements: RemoteStatement[], replica: number | null): number | null | "skip" => (statements.some((s) => s.joinsCopy) ? replica : "skip");

/**
 * The D1 interface over one player's object (decision 0075): a module that takes a `D1Database`
 * runs on the player's own storage when it is handed this. Every `first`, `all`, `run` or `raw` is
 * one call to the object; a `batch` is one call and one transaction there, all or nothing, as in
 * D1. Errors keep D1's wording (constraint names included), so the wallet reads a declined
 * overdraft the same way on either.
 */

/** With DB_STATS=on: the rows the object read for these answers, added to the request's tally. */
function countRows(tally: D1Tally | null, results: WireResult[]): WireResult[] {
  if (tally) for (const r of results) tally.objectRowsRead = (tally.objectRowsRead ?? 0) + (r.meta.rows_read ?? 0);
  return results;
}

class RemoteStatement implements D1PreparedStatement {
  constructor(
    private readonly runs: RunObject,
    private readonly replica: number | null,
    private readonly facts: Facts[],
    private readonly tally: D1Tally | null,
    readonly wire: WireStatement,
    /** Whether the SQL joins the copied configuration: read once, when prepared. */
    readonly joinsCopy = namedTables(wire.sql).some(isReplicatedTable),
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    const params = values.map((v) => (v === undefined ? null : v));
    return new RemoteStatement(this.runs, this.replica, this.facts, this.tally, { sql: this.wire.sql, params }, this.joinsCopy);
  }

  private async one(): Promise<WireResult> {
    const [result] = countRows(
      this.tally,
      unwrap(await this.runs({ statements: [this.wire], batch: false, replica: replicaFor([this], this.replica), facts: this.facts })),
    );
    return result!;
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(colName?: string): Promise<T | null> {
    const [row] = (await this.one()).results;
    if (!row) return null;
    if (colName === undefined) return row as T;
    if (!(colName in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${colName})`);
    return row[colName] as T;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const { results, meta } = await this.one();
    return { success: true, results: results as T[], meta };
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.run<T>();
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  async raw<T>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    const { results } = await this.one();
    const columns = results[0] ? Object.keys(results[0]) : [];
    const rows = results.map((r) => Object.values(r) as T);
    return options?.columnNames ? [columns, ...rows] : rows;
  }
}

/**
 * The D1 interface over the object of player `uid` (`env.PLAYER`, named by the uid). `replica`: the
 * configuration version the caller read from D1 (`replica_state`), if it did; else the object reads it.
 * `facts`: the catalogue's or the feed's rows the statements join, as the caller read them from D1
 * (the object keeps them; wire.ts), sent with every call. `scope`: a page render's, for a read
 * call: its statements go to the object with the render's other reads of the player (coalesce.ts).
 */
export function playerD1(
  env: Pick<Env, "PLAYER"> & { DB?: D1Database },
  uid: number,
  replica: number | null = null,
  facts: Facts[] = [],
  scope?: RenderScope,
): D1Database {
  const stub = env.PLAYER.get(env.PLAYER.idFromName(String(uid))) as unknown as PlayerStub;
  const runs: RunObject = scope ? coalescedRuns((scope.objectRuns ??= new Map()), stub, uid) : runAlone(stub, uid);
  // The bench's count (DB_STATS=on) of the rows the object reads, where the caller's D1 counts.
  const tally = tallyOf(env.DB);
  const prepare = (sql: string) => new RemoteStatement(runs, replica, facts, tally, { sql, params: [] });
  const batch = async <T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> => {
    const own = statements.map((s) => {
      if (!(s instanceof RemoteStatement)) throw new TypeError("A batch takes statements prepared on the same database");
      return s;
    });
    const results = countRows(tally, unwrap(await runs({ statements: own.map((s) => s.wire), batch: true, replica: replicaFor(own, replica), facts })));
    return results.map((r) => ({ success: true as const, results: r.results as T[], meta: r.meta }));
  };
  const session = { prepare, batch, getBookmark: () => null };
  return {
    prepare,
    batch,
    exec: () => Promise.reject(new Error("exec() is not available on a player's object: use prepare()")),
    withSession: () => session,
    dump: () => Promise.reject(new Error("dump() is not available on a player's object")),
  };
}

/** The player's mirrored `users` columns as D1 holds them (null: no such player). */
export function readMirror(db: D1Database, uid: number): Promise<MirroredUser | null> {
  return db
    .prepare(`SELECT ${MIRRORED_USER_COLUMNS.join(", ")} FROM users WHERE uid = ?1`)
    .bind(uid)
    .first<MirroredUser>();
}

/**
 * After D1's `users` row changed a mirrored column (the currency, the country): the object's copy
 * takes D1's values. The Worker code that makes such a change calls it once the change committed.
 */
export async function refreshMirror(env: Pick<Env, "DB" | "PLAYER">, uid: number): Promise<void> {
  const row = await readMirror(env.DB, uid);
  if (row) await adoptPlayer(env, row);
}

/** Writes the player's mirrored `users` columns into their object; answers whether they changed. */
export async function adoptPlayer(env: Pick<Env, "PLAYER">, user: MirroredUser): Promise<boolean> {
  return unwrap(await env.PLAYER.get(env.PLAYER.idFromName(String(user.uid))).adopt(user));
}
