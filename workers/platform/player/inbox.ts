import { retryPause } from "./outbox";
import { guardAfter, type Guard } from "../wallet/operation";
import { INBOX_RECEIVERS, type InboxKind } from "./inbox-receivers";

/**
 * What D1's side of a split owes a player's object (decision 0075): the mirror of the object's
 * outbox. A D1 batch that makes something owed to the player's own tables (a new account owes its
 * welcome grants) writes a `player_inbox` row in that same batch, so the row exists exactly when
 * the debt does. The Worker then delivers it (`deliverInbox`, right after the batch) and the
 * minute cron delivers what is left (`sweepInbox`: the Worker died between, or the delivery
 * failed), retrying with growing pauses. Delivery is at least once: receivers are idempotent by
 * what they write (inbox-receivers.ts).
 */

export interface InboxRow {
  id: number;
  uid: number;
  key: string;
  kind: InboxKind;
  body: string;
  created_at: number;
  attempts: number;
  next_at: number;
  error: string | null;
}

/** How long the cron leaves a new row to the Worker that wrote it before delivering it itself. */
export const INBOX_GRACE_MS = 30_000;

/**
 * The statement that writes one debt to player `who` (a uid, or the login of an account the same
 * batch inserts). A key already written is kept as it is. `when`: written only if this holds in the
 * batch (its own parameters, ?1 onwards), e.g. "the claim this batch made exists".
 */
export function inboxEntry(
  db: D1Database,
  who: { uid: number } | { login: string },
  entry: { key: string; kind: InboxKind; body: unknown },
  now = Date.now(),
  when: Guard = { sql: "1", params: [] },
): D1PreparedStatement {
  const uid = "uid" in who ? "?1" : "(SELECT uid FROM users WHERE login = ?1)";
  return db
    .prepare(
      `INSERT INTO player_inbox (uid, key, kind, body, created_at, next_at) SELECT ${uid}, ?2, ?3, ?4, ?5, ?6 WHERE ${guardAfter(when, 6)} ON CONFLICT (key) DO NOTHING`,
    )
    .bind("uid" in who ? who.uid : who.login, entry.key, entry.kind, JSON.stringify(entry.body ?? null), now, now + INBOX_GRACE_MS, ...when.params);
}

/** Delivers one row; on failure keeps it with its error and the pause before the next try. Answers whether it was delivered. */
async function deliver(env: Env, row: InboxRow, now: number): Promise<boolean> {
  try {
    await INBOX_RECEIVERS[row.kind](env, row.uid, JSON.parse(row.body));
    await env.DB.prepare("DELETE FROM player_inbox WHERE id = ?1").bind(row.id).run();
    return true;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    console.error(`player ${row.uid}: inbox delivery ${row.kind} ${row.key} failed (attempt ${row.attempts + 1}):`, message);
    await env.DB.prepare("UPDATE player_inbox SET attempts = attempts + 1, next_at = ?2, error = ?3 WHERE id = ?1")
      .bind(row.id, now + retryPause(row.attempts + 1), message)
      .run();
    return false;
  }
}

/** The Worker's delivery of the row it just wrote (by its key); a failure is left to the cron. */
export async function deliverInbox(env: Env, key: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT * FROM player_inbox WHERE key = ?1").bind(key).first<InboxRow>();
  return row ? deliver(env, row, Date.now()) : true;
}

/** The minute cron's delivery of the rows due (oldest first, at most `limit` a run). */
export async function sweepInbox(env: Env, now: number, limit = 50): Promise<{ delivered: number; failed: number }> {
  const { results } = await env.DB.prepare("SELECT * FROM player_inbox WHERE next_at <= ?1 ORDER BY id LIMIT ?2").bind(now, limit).all<InboxRow>();
  let delivered = 0;
  for (const row of results) if (await deliver(env, row, now)) delivered++;
  return { delivered, failed: results.length - delivered };
}
