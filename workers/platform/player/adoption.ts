import { uncheckedD1 } from "./split-check";
import { FIRST_SLICE, isMovedTable, PLAYER_TABLES, type PlayerTable } from "./tables";

/**
 * The move of a live site's rows (decision 0075): when a player table moves into the players'
 * objects, the rows D1 already holds for it must follow, or a player would lose their history,
 * balances and open bets at the deploy. Each object takes its own player's rows of every moved
 * table it has not taken yet, from D1, the first time it is used after the deploy (`adopt` in
 * object.ts): one D1 batch of reads, then one transaction in the object that inserts them in the
 * order of PLAYER_TABLES (each table after the ones it references) and records the tables taken.
 * A row the object already has (same key) is kept as it is: what the object wrote since is newer.
 * After the deploy no code writes those tables in D1, so the copy is complete once taken.
 */

/** One player's rows of a table in D1 (?1 their uid): by their uid, or through the row they belong to. */
export function playerRowsSql(table: PlayerTable): string {
  switch (table) {
    case "payment_callbacks":
    case "promo_deposits":
      return `SELECT * FROM ${table} WHERE transaction_id IN (SELECT id FROM cashier_transactions WHERE uid = ?1)`;
    case "game_history_export_chunks":
      return "SELECT * FROM game_history_export_chunks WHERE export_id IN (SELECT id FROM game_history_exports WHERE uid = ?1)";
    case "sport_bet_legs":
      return "SELECT * FROM sport_bet_legs WHERE bet_id IN (SELECT id FROM sport_bets WHERE uid = ?1)";
    default:
      return `SELECT * FROM ${table} WHERE uid = ?1`;
  }
}

/**
 * The moved tables an object that has taken `taken` still has to take, in insertion order. The
 * first slice's tables (FIRST_SLICE) are not among them: their D1 copies were dropped when they
 * moved (migration 0050), before any site held rows of them worth keeping.
 */
export function tablesToAdopt(taken: readonly string[]): PlayerTable[] {
  const done = new Set<string>([...taken, ...FIRST_SLICE]);
  return PLAYER_TABLES.filter((t) => isMovedTable(t) && !done.has(t));
}

/** Player `uid`'s rows of `tables` as D1 holds them, one batch: a table's rows, in the same order. */
export async function readPlayerRows(
  db: D1Database,
  uid: number,
  tables: readonly PlayerTable[],
): Promise<{ table: PlayerTable; rows: Record<string, unknown>[] }[]> {
  if (!tables.length) return [];
  const d1 = uncheckedD1(db);
  const results = await d1.batch(tables.map((t) => d1.prepare(playerRowsSql(t)).bind(uid)));
  return tables.map((table, i) => ({ table, rows: results[i]!.results as Record<string, unknown>[] }));
}
