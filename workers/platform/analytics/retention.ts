/**
 * How long the collector keeps what it stored (decision 0057): events and beacon rows (the same
 * table) go 90 days after the server stored them, the span an operator's reports look back over.
 * The cron runs every minute; each run deletes at most SWEEP_BATCHES × SWEEP_BATCH rows, so a
 * backlog drains over several runs and no run is long. Deleting what is already gone does
 * nothing: a run that overlaps another, or is repeated, is harmless.
 */
export const ANALYTICS_RETENTION_MS = 90 * 24 * 60 * 60_000;
export const SWEEP_BATCH = 500;
export const SWEEP_BATCHES = 10;

/**
 * Deletes rows stored before `now - ANALYTICS_RETENTION_MS`, oldest first; answers how many.
 * Rows get the server's time when stored, so the lowest ids are the oldest: each statement reads
 * at most SWEEP_BATCH rows from the head of the table (no index on created_at, no scan of the
 * recent rows) and deletes those among them past retention.
 */
export async function sweepAnalytics(db: D1Database, now: number, batch = SWEEP_BATCH, batches = SWEEP_BATCHES): Promise<number> {
  const cutoff = now - ANALYTICS_RETENTION_MS;
  const statement = db.prepare(
    `DELETE FROM analytics_events WHERE id IN (
       SELECT id FROM (SELECT id, created_at FROM analytics_events ORDER BY id LIMIT ?2) WHERE created_at < ?1)`,
  );
  let deleted = 0;
  for (let i = 0; i < batches; i++) {
    const { meta } = await statement.bind(cutoff, batch).run();
    deleted += meta.changes;
    if (meta.changes < batch) break;
  }
  return deleted;
}
