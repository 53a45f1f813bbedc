import { playerTables } from "../player/routed-d1";

/**
 * Stock counted in D1 (decision 0075): a loyalty product's or a wheel sector's stock is what many
 * players use up, so it lives in D1 only (each player's object holds a stale copy of it), while
 * the purchase or the spin that uses a unit is written in the player's own tables. The unit is
 * reserved in D1 first (`reserveStock`: one batch takes it while some is left and writes a
 * `stock_reservations` row keyed by the player's request), then the player's batch runs knowing
 * the outcome (a bound parameter, never the copy), then `settleStock` marks the row consumed when
 * the player's tables hold what used the unit, or gives the unit back when they do not.
 *
 * - A retry of the same request finds its row and takes no second unit (it takes the row over:
 *   only the attempt that holds a row gives it back, so a twin's give-back cannot free a unit
 *   the other twin used). A row already consumed answers "taken" without taking anything.
 * - A row still held after `STOCK_GRACE_MS` (the Worker died between) is settled by the minute
 *   cron (`sweepStock`) from the player's tables: consumed if the purchase or the prize-paying spin
 *   exists, else the unit is given back — once: each give-back is guarded by the row it deletes.
 * - Consumed rows are kept `STOCK_KEEP_MS` (a late retry still finds them), then deleted.
 */

export type StockItem = "loyalty_products" | "wheel_sectors";

/** How long the cron leaves a held reservation to the Worker that made it. */
export const STOCK_GRACE_MS = 5 * 60_000;
/** How long a consumed reservation is kept. */
export const STOCK_KEEP_MS = 7 * 24 * 3_600_000;

export interface Reservation {
  key: string;
  item: StockItem;
  itemId: number;
  /** This attempt's hold on the row. */
  token: string;
  /** A unit is this request's: taken now, held by an earlier attempt, or already consumed. */
  taken: boolean;
}

interface ReservationRow {
  key: string;
  uid: number;
  item: StockItem;
  item_id: number;
  ref: string;
  token: string;
  created_at: number;
  consumed_at: number | null;
}

/**
 * Reserves one unit of `item` `itemId` for player `uid`'s request `ref` (its idempotency key), in
 * one D1 batch: an earlier attempt's held row is taken over, else a new row is written and the
 * unit taken only while stock is left. Items without stock (NULL) are not reserved: do not call.
 */
export async function reserveStock(db: D1Database, uid: number, item: StockItem, itemId: number, ref: string, now = Date.now()): Promise<Reservation> {
  const key = `${item}:${itemId}:${uid}:${ref}`;
  const token = crypto.randomUUID();
  const [, , , read] = await db.batch([
    db
      .prepare(
        `INSERT INTO stock_reservations (key, uid, item, item_id, ref, token, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM ${item} WHERE id = ?4 AND stock > 0)
         ON CONFLICT (key) DO NOTHING`,
      )
      .bind(key, uid, item, itemId, ref, token, now),
    // The unit, only for the row this batch wrote (its token is fresh; a row of an earlier attempt holds its unit already).
    db
      .prepare(`UPDATE ${item} SET stock = stock - 1 WHERE id = ?2 AND stock > 0 AND EXISTS (SELECT 1 FROM stock_reservations WHERE key = ?1 AND token = ?3)`)
      .bind(key, itemId, token),
    // A retry: the earlier attempt's held row becomes this attempt's.
    db.prepare("UPDATE stock_reservations SET token = ?2, created_at = ?3 WHERE key = ?1 AND consumed_at IS NULL").bind(key, token, now),
    db.prepare("SELECT token, consumed_at FROM stock_reservations WHERE key = ?1").bind(key),
  ]);
  const row = (read!.results as { token: string; consumed_at: number | null }[])[0];
  return { key, item, itemId, token, taken: !!row && (row.token === token || row.consumed_at !== null) };
}

/**
 * After the player's batch (or its error): `used`, whether the player's tables now hold what used
 * this request's unit. Used: the row is marked consumed (whoever holds it). Not used: the unit is
 * given back if this attempt still holds the row. A failure here is left to the cron's sweep.
 */
export async function settleStock(db: D1Database, r: Reservation, used: boolean, now = Date.now()): Promise<void> {
  if (!r.taken) return;
  try {
    if (used) await consume(db, r.key, now);
    else await giveBack(db, r.key, r.item, r.itemId, r.token);
  } catch (e) {
    console.error(`stock reservation ${r.key}: settling failed, left to the sweep:`, e instanceof Error ? e.message : String(e));
  }
}

const consume = (db: D1Database, key: string, now: number) =>
  db.prepare("UPDATE stock_reservations SET consumed_at = ?2 WHERE key = ?1 AND consumed_at IS NULL").bind(key, now).run();

/** The unit back and the row gone, in one batch, only while `token` holds the row: at most once. */
const giveBack = (db: D1Database, key: string, item: StockItem, itemId: number, token: string) =>
  db.batch([
    db
      .prepare(
        `UPDATE ${item} SET stock = stock + 1 WHERE id = ?2 AND EXISTS (SELECT 1 FROM stock_reservations WHERE key = ?1 AND token = ?3 AND consumed_at IS NULL)`,
      )
      .bind(key, itemId, token),
    db.prepare("DELETE FROM stock_reservations WHERE key = ?1 AND token = ?2 AND consumed_at IS NULL").bind(key, token),
  ]);

/** Whether player `uid`'s tables hold what used the unit of this reservation (read where the tables are). */
async function usedBy(env: Pick<Env, "DB" | "PLAYER">, row: ReservationRow): Promise<boolean> {
  const db = playerTables(env, row.uid);
  const found =
    row.item === "loyalty_products"
      ? await db.prepare("SELECT 1 AS y FROM loyalty_purchases WHERE uid = ?1 AND key = ?2 AND product_id = ?3").bind(row.uid, row.ref, row.item_id).first()
      : await db
          .prepare("SELECT 1 AS y FROM wheel_spins WHERE uid = ?1 AND key = ?2 AND sector_id = ?3 AND fallback_paid = 0")
          .bind(row.uid, row.ref, row.item_id)
          .first();
  return found !== null;
}

/**
 * The minute cron: the reservations still held after the grace (oldest first, at most `limit` a
 * run) are settled from the player's tables, and consumed rows past `STOCK_KEEP_MS` deleted. A row
 * a retry took over meanwhile (a new token and time) is left to that retry.
 */
export async function sweepStock(env: Pick<Env, "DB" | "PLAYER">, now: number, limit = 50): Promise<{ consumed: number; released: number; failed: number }> {
  const { results } = await env.DB.prepare("SELECT * FROM stock_reservations WHERE consumed_at IS NULL AND created_at <= ?1 ORDER BY created_at LIMIT ?2")
    .bind(now - STOCK_GRACE_MS, limit)
    .all<ReservationRow>();
  const done = { consumed: 0, released: 0, failed: 0 };
  for (const row of results) {
    try {
      if (await usedBy(env, row)) {
        await consume(env.DB, row.key, now);
        done.consumed++;
      } else {
        const [back] = await giveBack(env.DB, row.key, row.item, row.item_id, row.token);
        if (back!.meta.changes) done.released++;
      }
    } catch (e) {
      done.failed++;
      console.error(`stock reservation ${row.key}: sweep failed (kept):`, e instanceof Error ? e.message : String(e));
    }
  }
  await env.DB.prepare("DELETE FROM stock_reservations WHERE consumed_at IS NOT NULL AND consumed_at <= ?1")
    .bind(now - STOCK_KEEP_MS)
    .run();
  return done;
}
