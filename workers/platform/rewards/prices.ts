import { ratesOf, type ProgramRow } from "../loyalty/view";

/**
 * The rates the platform values rewards at (decision 0058), read from D1. A loyalty point is
 * worth what its programme publishes (`rates[currency].value_per_1000`, shown on the loyalty page):
 * one rate for what a product costs in points and for the points a product pays, so no chain of
 * purchases turns points or money into more than they are worth.
 */

/**
 * What 1,000 points of a programme are worth in `currency` (null: the programme states no value
 * there). `programId` null: the first active programme, where every player's points are kept
 * (loyalty's ensureAccount) — the wheel's points prizes and prices.
 */
export async function pointValuePer1000(db: D1Database, currency: string, programId: number | null = null): Promise<number | null> {
  const program = await db
    .prepare(
      programId === null ? "SELECT * FROM loyalty_programs WHERE is_active = 1 ORDER BY position, id LIMIT 1" : "SELECT * FROM loyalty_programs WHERE id = ?1",
    )
    .bind(...(programId === null ? [] : [programId]))
    .first<ProgramRow>();
  return program ? (ratesOf(program, currency).value_per_1000 ?? null) : null;
}
