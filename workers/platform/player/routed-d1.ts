import { playerD1 } from "./remote-d1";
import type { Facts } from "./wire";
import type { RenderScope } from "../core/render-scope";
import { isMovedTable, isPlayerTable, isSharedTable, namedTables, WHOLE_REPLICAS } from "./tables";

/** The configuration every object holds whole (the catalogue's and the feed's rows come as facts, so only D1 has them all). */
const wholeReplica = new Set<string>(WHOLE_REPLICAS);

/**
 * A player's tables, wherever they are (decision 0075): the D1 interface that sends a statement
 * naming a table already in the players' objects (tables.ts MOVED_TABLES) to player `uid`'s object,
 * and every other statement to D1. A statement may join a moved table with the configuration the
 * object copies and the player's own `users` row; one that joins it with anything still in D1 is a
 * defect, refused with the place to split. A batch runs on one side, as one transaction, or is
 * refused the same way. As tables move, code written against this does not change.
 */

/** "either": a read of only the player's mirrored `users` row and the configuration every object holds whole: both sides have it. */
type Side = "object" | "d1" | "either";

/** Sides already worked out, by SQL (most statements are constants; bounded for those that are not). */
const knownSides = new Map<string, Side>();

export function sideOf(sql: string): Side {
  const known = knownSides.get(sql);
  if (known) return known;
  const side = workOutSide(sql);
  if (knownSides.size >= 4096) knownSides.clear();
  knownSides.set(sql, side);
  return side;
}

function workOutSide(sql: string): Side {
  const tables = namedTables(sql);
  if (!tables.some(isMovedTable)) {
    const either = tables.length > 0 && tables.every((t) => t === "users" || wholeReplica.has(t)) && !/\b(?:INTO|UPDATE)\s+users\b/i.test(sql);
    return either ? "either" : "d1";
  }
  // Names in no list are CTEs, functions (json_each) or keywords; the object copies the configuration.
  const elsewhere = tables.filter((t) => (isPlayerTable(t) && !isMovedTable(t)) || (isSharedTable(t) && t !== "users"));
  if (elsewhere.length) {
    throw new Error(`A statement joins the player's object (${tables.filter(isMovedTable).join(", ")}) with D1 (${elsewhere.join(", ")}): split it`);
  }
  return "object";
}

/**
 * Player `uid`'s tables where no call context offers `ctx.player()` (a sign-in before the session
 * exists, a provider's callback). Statements joining the configuration make the object read D1's
 * replica version itself.
 */
export const playerTables = (env: Pick<Env, "DB" | "PLAYER">, uid: number): D1Database => routedD1(env, uid);

/**
 * Player `uid`'s tables, with the catalogue's games of the free-spin templates `where` selects
 * (`t`; binds from ?1) as facts: a pack's grant joins its game, which the object holds only when
 * the call brings it.
 */
export async function playerTablesWithPackGames(env: Pick<Env, "DB" | "PLAYER">, uid: number, where: string, ...binds: unknown[]): Promise<D1Database> {
  const { results: games } = await env.DB.prepare(
    `SELECT g.* FROM games g JOIN freespin_templates t ON g.sysname = t.game_sysname WHERE ${where} AND g.is_sportsbook = 0`,
  )
    .bind(...binds)
    .all<Record<string, unknown>>();
  return routedD1(env, uid, null, games.length ? [{ table: "games", rows: games }] : []);
}

/**
 * Each routed statement's side, where the statement it wraps was prepared (`at`; any routed view
 * of the same player may batch it), and its SQL and values (an "either" statement is prepared
 * again on the side its batch runs on).
 */
const sides = new WeakMap<D1PreparedStatement, { side: Side; at: "object" | "d1"; uid: number; origin: D1PreparedStatement; sql: string; params: unknown[] }>();

/**
 * Inside a player's object, for the work it runs itself (object.ts `playRound`): the env it hands
 * that work carries its own storage under this key, so the player's tables of that player are
 * reached there directly, not by a call from the object to itself. `remember`: keeps facts.
 */
export const OWN_TABLES = Symbol("the object's own player tables");
export interface OwnTables {
  uid: number;
  db: D1Database;
  remember(facts: Facts[]): void;
}

/** Whether `env` is the env player `uid`'s object handed to its own work. */
const isOwn = (env: object, uid: number): boolean => (env as { [OWN_TABLES]?: OwnTables })[OWN_TABLES]?.uid === uid;

/** The object's own tables when `env` is the env an object handed to its work for player `uid`. */
function ownTables(env: object, uid: number, facts: Facts[]): D1Database | null {
  const own = (env as { [OWN_TABLES]?: OwnTables })[OWN_TABLES];
  if (own?.uid !== uid) return null;
  if (facts.length) own.remember(facts);
  return own.db;
}

/** A routed statement: the one it wraps, run as it is; bound, routed again (`rebind`). */
class Routed implements D1PreparedStatement {
  constructor(
    private readonly stmt: D1PreparedStatement,
    private readonly rebind: (bound: D1PreparedStatement, values: unknown[]) => D1PreparedStatement,
  ) {}
  bind(...values: unknown[]): D1PreparedStatement {
    return this.rebind(this.stmt.bind(...values), values);
  }
  first<T = unknown>(colName: string): Promise<T | null>;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  first<T>(colName?: string): Promise<T | null> {
    return colName === undefined ? this.stmt.first<T>() : this.stmt.first<T>(colName);
  }
  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.stmt.run<T>();
  }
  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.stmt.all<T>();
  }
  raw<T = unknown[]>(options: { columnNames: true }): Promise<[string[], ...T[]]>;
  raw<T = unknown[]>(options?: { columnNames?: false }): Promise<T[]>;
  raw<T>(options?: { columnNames?: boolean }): Promise<T[] | [string[], ...T[]]> {
    return this.stmt.raw<T>(options as { columnNames: true });
  }
}

/**
 * Player `uid`'s tables through one D1 interface; `replica`: the configuration version the caller
 * read, `facts`: catalogue rows the statements join, `scope`: a render's, for its reads (see playerD1).
 */
export function routedD1(env: Pick<Env, "DB" | "PLAYER">, uid: number, replica: number | null = null, facts: Facts[] = [], scope?: RenderScope): D1Database {
  let object: D1Database | undefined;
  const on = (at: "object" | "d1") => (at === "object" ? (object ??= ownTables(env, uid, facts) ?? playerD1(env, uid, replica, facts, scope)) : env.DB);
  const tag = (stmt: D1PreparedStatement, side: Side, at: "object" | "d1", sql: string, params: unknown[] = []): D1PreparedStatement => {
    const tagged = new Routed(stmt, (bound, values) => tag(bound, side, at, sql, values));
    sides.set(tagged, { side, at, uid, origin: stmt, sql, params });
    return tagged;
  };
  // Alone, an "either" statement reads D1, the mirror's source; inside the player's object, its own copy (no call out).
  const inside = isOwn(env, uid);
  const prepare = (sql: string) => {
    const side = sideOf(sql);
    const at = side === "object" || (side === "either" && inside) ? "object" : "d1";
    return tag(on(at).prepare(sql), side, at, sql);
  };
  const batch = async <T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> => {
    const tagged = statements.map((s) => sides.get(s));
    if (tagged.some((t) => t?.uid !== uid)) throw new TypeError("A batch takes statements prepared on the same player's tables");
    if (!tagged.length) return [];
    const found = new Set(tagged.map((t) => t!.side).filter((s) => s !== "either"));
    if (found.size > 1) throw new Error("A batch mixes the player's object and D1: one transaction cannot span both, split it");
    const side = found.has("object") || (!found.size && inside) ? "object" : "d1";
    const db = on(side);
    return db.batch<T>(tagged.map((t) => (t!.at !== side ? db.prepare(t!.sql).bind(...t!.params) : t!.origin)));
  };
  const session = { prepare, batch, getBookmark: () => null };
  return {
    prepare,
    batch,
    exec: (query: string) => env.DB.exec(query),
    withSession: () => session,
    dump: () => env.DB.dump(),
  };
}
