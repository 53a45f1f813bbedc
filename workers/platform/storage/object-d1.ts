/**
 * A D1-shaped view of a Durable Object's own SQLite storage (decision 0075): the platform's
 * per-player modules are written against D1 (`prepare`, `bind`, `first`, `all`, `run`, `raw`,
 * `batch`), and inside the player object they run on this, unchanged. `batch` is one
 * `transactionSync`: every statement commits or none does, as in D1. A statement alone commits
 * alone. Bindings follow D1's rules: numbered (`?1`) or positional (`?`) parameters; strings,
 * numbers, null, booleans (as 1 and 0) and bytes; anything else is D1's type error.
 */

type Row = Record<string, SqlStorageValue>;

function toBinding(value: unknown, index: number): SqlStorageValue {
  if (value === null || typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return value;
  if (ArrayBuffer.isView(value)) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer;
  throw new TypeError(`D1_TYPE_ERROR: Type '${typeof value}' not supported for value '${String(value)}' (parameter ${index + 1})`);
}

/**
 * What D1 reports of a statement: rows read and written, changes, the last row id. Only a statement
 * that wrote asks SQLite for the last two (one more query); a read reports none changed.
 */
function metaOf(sql: SqlStorage, cursor: SqlStorageCursor<Row>, started: number): D1Meta & Record<string, unknown> {
  const { changes, id } =
    cursor.rowsWritten > 0 ? sql.exec<{ changes: number; id: number }>("SELECT changes() AS changes, last_insert_rowid() AS id").one() : { changes: 0, id: 0 };
  const meta = {
    duration: performance.now() - started,
    size_after: 0,
    rows_read: cursor.rowsRead,
    rows_written: cursor.rowsWritten,
    last_row_id: id,
    changed_db: cursor.rowsWritten > 0,
    changes: cursor.rowsWritten > 0 ? changes : 0,
  };
  // The database's size only when read (no caller does; asking SQLite for it costs every statement).
  return Object.defineProperty(meta, "size_after", { get: () => sql.databaseSize, enumerable: true });
}

class ObjectStatement implements D1PreparedStatement {
  constructor(
    private readonly storage: DurableObjectStorage,
    readonly query: string,
    private readonly values: readonly SqlStorageValue[] = [],
  ) {}

  bind(...values: unknown[]): D1PreparedStatement {
    return new ObjectStatement(this.storage, this.query, values.map(toBinding));
  }

  /** Runs the statement now, inside whatever transaction the caller holds. */
  execute<T>(): { results: T[]; columns: string[]; rows: SqlStorageValue[][]; meta: D1Meta & Record<string, unknown> } {
    const started = performance.now();
    const cursor = this.storage.sql.exec<Row>(this.query, ...this.values);
    const rows = [...cursor.raw()];
    const columns = cursor.columnNames;
    const results = rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i] ?? null])) as T);
    return { results, columns, rows, meta: metaOf(this.storage.sql, cursor, started) };
  }

  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  async first<T>(colName?: string): Promise<T | null> {
    const [row] = this.execute<Record<string, unknown>>().results;
    if (!row) return null;
    if (colName === undefined) return row as T;
    if (!(colName in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${colName})`);
    return row[colName] as T;
  }

  async run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    const { results, meta } = this.execute<T>();
    return { success: true, results, meta };
  }

  async all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.run<T>();
  }

  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  async raw<T>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    const { columns, rows } = this.execute<T>();
    return options?.columnNames ? [columns, ...(rows as T[])] : (rows as T[]);
  }
}

/** The D1 interface over `storage` (a Durable Object's `ctx.storage`, SQLite-backed). */
export function objectD1(storage: DurableObjectStorage): D1Database {
  const prepare = (query: string) => new ObjectStatement(storage, query);
  const batch = async <T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> => {
    const own = statements.map((s) => {
      if (!(s instanceof ObjectStatement)) throw new TypeError("A batch takes statements prepared on the same database");
      return s;
    });
    return storage.transactionSync(() =>
      own.map((s) => {
        const { results, meta } = s.execute<T>();
        return { success: true as const, results, meta };
      }),
    );
  };
  const exec = async (query: string): Promise<D1ExecResult> => {
    const started = performance.now();
    const count = query.split("\n").filter((line) => line.trim() !== "").length;
    storage.sql.exec(query);
    return { count, duration: performance.now() - started };
  };
  const session = { prepare, batch, getBookmark: () => null };
  return {
    prepare,
    batch,
    exec,
    withSession: () => session,
    dump: () => Promise.reject(new Error("dump() is not available on a Durable Object's storage")),
  };
}
