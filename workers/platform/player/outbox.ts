/**
 * A player's outbox (decision 0075): what a transaction in the player's object must still do
 * outside it (in D1, in another object) is written as a row of `player_outbox` in that same
 * transaction, and the object's alarm delivers it once the transaction committed, retrying with
 * growing pauses until it succeeds. Delivery is at least once: a delivery that did its work but
 * died before its row was removed runs again, so every receiver is idempotent by the row's key
 * (deliveries.ts).
 *
 * A feature writes the row with `outboxEntry` in the batch that records its own change, on the
 * player's tables (`ctx.player()`), so the row exists exactly when the change does.
 */

/** The kinds of delivery, each with its receiver in deliveries.ts. */
export const OUTBOX_KINDS = [
  "sessions.revoke",
  "tournaments.entries",
  "wins.record",
  "clock.due",
  "wheel.winner",
  "jackpots.contribute",
  "withdrawals.approved",
  "push.send",
  "challenges.hit",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface OutboxRow {
  id: number;
  key: string;
  kind: OutboxKind;
  body: string;
  created_at: number;
  attempts: number;
  next_at: number;
  error: string | null;
}

/** The pause before the n-th retry: 1 s, 2 s, 4 s… up to an hour. */
export const retryPause = (attempts: number): number => Math.min(3_600_000, 1000 * 2 ** Math.max(0, attempts - 1));

/**
 * The statement that writes one delivery into the player's outbox, due now. A key already written
 * is kept as it is (the same delivery asked for twice is one delivery).
 */
export function outboxEntry(db: D1Database, entry: { key: string; kind: OutboxKind; body: unknown }, now = Date.now()): D1PreparedStatement {
  return db
    .prepare("INSERT INTO player_outbox (key, kind, body, created_at, next_at) VALUES (?1, ?2, ?3, ?4, ?4) ON CONFLICT (key) DO NOTHING")
    .bind(entry.key, entry.kind, JSON.stringify(entry.body ?? null), now);
}

/**
 * After the call that wrote it committed, the Worker delivers an outbox row itself (by its key, so
 * the effect shows with the answer) and takes it out; if this fails, the object's alarm delivers
 * it. `own`: the player's tables.
 */
export async function deliverNow(own: D1Database, key: string, deliver: (body: unknown) => Promise<void>): Promise<void> {
  const row = await own.prepare("SELECT body FROM player_outbox WHERE key = ?1").bind(key).first<{ body: string }>();
  if (!row) return;
  await deliver(JSON.parse(row.body));
  await own.prepare("DELETE FROM player_outbox WHERE key = ?1").bind(key).run();
}

/**
 * `deliverNow` for each key in turn, after the call that wrote them committed: a delivery that
 * fails is logged (as `what`) and left to the object's alarm, which retries it; the others go on.
 */
export async function deliverEach(own: D1Database, keys: readonly string[], deliver: (body: unknown) => Promise<void>, what: string): Promise<void> {
  for (const key of keys) {
    try {
      await deliverNow(own, key, deliver);
    } catch (e) {
      console.error(`${what}: delivering ${key} failed (the outbox retries):`, e instanceof Error ? e.message : String(e));
    }
  }
}
