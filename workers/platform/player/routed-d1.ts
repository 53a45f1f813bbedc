import { playerD1 } from "./remote-d1";
import type { Facts } from "./wire";
import { isMovedTable, isPlayerTable, isSharedTable, namedTables } from "./tables";

/**
 * A player's tables, wherever they are (decision 0075): the D1 interface that sends a statement
 * naming a table already in the players' objects (tables.ts MOVED_TABLES) to player `uid`'s object,
 * and every other statement to D1. A statement may join a moved table with the configuration the
 * object copies and the player's own `users` row; one that joins it with anything still in D1 is a
 * defect, refused with the place to split. A batch runs on one side, as one transaction, or is
 * refused the same way. As tables move, code written against this does not change.
 */

type Side = "object" | "d1";

export function sideOf(sql: string): Side {
  const tables = namedTables(sql);
  if (!tables.some(isMovedTable)) return "d1";
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

/** Each routed statement's side and the statement it wraps (any routed view of the same player may batch it). */
const sides = new WeakMap<D1PreparedStatement, { side: Side; uid: number; origin: D1PreparedStatement }>();

/**
 * Player `uid`'s tables through one D1 interface; `replica`: the configuration version the caller
 * read, `facts`: catalogue rows the statements join (see playerD1).
 */
export function routedD1(env: Pick<Env, "DB" | "PLAYER">, uid: number, replica: number | null = null, facts: Facts[] = []): D1Database {
  let object: D1Database | undefined;
  const on = (side: Side) => (side === "d1" ? env.DB : (object ??= playerD1(env, uid, replica, facts)));
  const tag = (stmt: D1PreparedStatement, side: Side): D1PreparedStatement => {
    const bind = stmt.bind.bind(stmt);
    const tagged = Object.assign(Object.create(stmt) as D1PreparedStatement, {
      bind: (...values: unknown[]) => tag(bind(...values), side),
      first: stmt.first.bind(stmt),
      all: stmt.all.bind(stmt),
      run: stmt.run.bind(stmt),
      raw: stmt.raw.bind(stmt),
    });
    sides.set(tagged, { side, uid, origin: stmt });
    return tagged;
  };
  const prepare = (sql: string) => {
    const side = sideOf(sql);
    return tag(on(side).prepare(sql), side);
  };
  const batch = async <T>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> => {
    const tagged = statements.map((s) => sides.get(s));
    if (tagged.some((t) => t?.uid !== uid)) throw new TypeError("A batch takes statements prepared on the same player's tables");
    const found = new Set(tagged.map((t) => t!.side));
    if (found.size > 1) throw new Error("A batch mixes the player's object and D1: one transaction cannot span both, split it");
    const [side] = found;
    if (!side) return [];
    return on(side).batch<T>(tagged.map((t) => t!.origin));
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
