import { applyDue, type LimitState } from "./limit-rules";

/** The deposit_limits row of a player (migration 0007) as LimitState, and back. */

interface LimitRow {
  period_days: number | null;
  limit_amount: number | null;
  anchor_at: number | null;
  pending_period_days: number | null;
  pending_amount: number | null;
  pending_effective_at: number | null;
}

function fromRow(row: LimitRow | null): LimitState {
  if (!row) return { current: null, pending: null };
  return {
    current:
      row.period_days !== null && row.limit_amount !== null && row.anchor_at !== null
        ? { days: row.period_days, amount: row.limit_amount, anchor: row.anchor_at }
        : null,
    pending:
      row.pending_period_days !== null && row.pending_effective_at !== null
        ? { days: row.pending_period_days, amount: row.pending_amount, effectiveAt: row.pending_effective_at }
        : null,
  };
}

/**
 * The player's limit at `now`, with a pending setting applied once its cooling-off is over. The
 * write that applies it names the pending time it read, so two readers apply it once.
 */
export async function loadLimit(db: D1Database, uid: number, now: number): Promise<LimitState> {
  const row = await db.prepare("SELECT * FROM deposit_limits WHERE uid = ?1").bind(uid).first<LimitRow>();
  const stored = fromRow(row);
  const state = applyDue(stored, now);
  if (state !== stored) await saveLimit(db, uid, state, now, stored.pending?.effectiveAt ?? null);
  return state;
}

/** Stores the state; with `ifPendingAt`, only if the row still holds that pending time. */
export async function saveLimit(db: D1Database, uid: number, s: LimitState, now: number, ifPendingAt?: number | null): Promise<void> {
  const values = [
    uid,
    s.current?.days ?? null,
    s.current?.amount ?? null,
    s.current?.anchor ?? null,
    s.pending?.days ?? null,
    s.pending?.amount ?? null,
    s.pending?.effectiveAt ?? null,
    now,
  ];
  if (ifPendingAt !== undefined) {
    await db
      .prepare(
        `UPDATE deposit_limits SET period_days = ?2, limit_amount = ?3, anchor_at = ?4, pending_period_days = ?5,
           pending_amount = ?6, pending_effective_at = ?7, updated_at = ?8
         WHERE uid = ?1 AND pending_effective_at IS ?9`,
      )
      .bind(...values, ifPendingAt)
      .run();
    return;
  }
  await db
    .prepare(
      `INSERT INTO deposit_limits (uid, period_days, limit_amount, anchor_at, pending_period_days, pending_amount,
         pending_effective_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       ON CONFLICT (uid) DO UPDATE SET period_days = ?2, limit_amount = ?3, anchor_at = ?4, pending_period_days = ?5,
         pending_amount = ?6, pending_effective_at = ?7, updated_at = ?8`,
    )
    .bind(...values)
    .run();
}
