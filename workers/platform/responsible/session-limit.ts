import type { SessionLimit } from "../../../core/api/entities-responsible";
import { type LimitState, requestLimit } from "./limit-rules";

/**
 * The session limit (issue 40, decision 0089): the longest one signed-in session may last, in
 * minutes, as Kindred's and LeoVegas' session limits do. One row of `session_limits` (D1, beside
 * `sessions`). A shorter limit applies at once, to the session in progress too; a longer one or a
 * removal waits the market's cooling-off (limit-rules.ts: it has no period, so no period's end
 * to wait for) and applies from the next sign-in.
 *
 * The limit is held where a session's end is: a new session's `expires_at` is its start plus the
 * limit in force (auth/sessions.ts `createSession`, in the statement that stores it), and the
 * session check ends a session at `expires_at` as it always did. A session that ended before its
 * 30 days is one its limit ended, so the next page can say why the player was signed out.
 */

const MINUTE = 60_000;

/** A limit set mid-session that the session has already passed ends it this long after, time to finish a round. */
export const SESSION_LIMIT_GRACE_MS = 5 * MINUTE;

/** The limit in force at `now` (SQL, minutes or NULL) for the player `uid`: a raise or removal whose time has come counts. */
export const sessionLimitInForce = (uid: string, now: string) =>
  `(SELECT CASE WHEN pending_effective_at IS NOT NULL AND pending_effective_at <= ${now} THEN pending_minutes ELSE minutes END
    FROM session_limits WHERE uid = ${uid})`;

interface Row {
  minutes: number | null;
  pending_minutes: number | null;
  pending_effective_at: number | null;
}

/** A session limit as the deposit limit's rules see it: one window kind (`days` 1) whose amount is minutes. */
function stateOf(row: Row | null, now: number): LimitState {
  if (!row) return { current: null, pending: null };
  const due = row.pending_effective_at !== null && row.pending_effective_at <= now;
  const minutes = due ? row.pending_minutes : row.minutes;
  return {
    current: minutes === null ? null : { days: 1, amount: minutes, anchor: 0 },
    pending:
      due || row.pending_effective_at === null
        ? null
        : { days: row.pending_minutes === null ? 0 : 1, amount: row.pending_minutes, effectiveAt: row.pending_effective_at },
  };
}

const answer = (s: LimitState): SessionLimit => ({
  minutes: s.current?.amount ?? null,
  pending: s.pending ? { minutes: s.pending.amount, effective_at: s.pending.effectiveAt } : null,
});

const loadRow = (db: D1Database, uid: number) =>
  db.prepare("SELECT minutes, pending_minutes, pending_effective_at FROM session_limits WHERE uid = ?1").bind(uid).first<Row>();

export async function readSessionLimit(db: D1Database, uid: number, now: number): Promise<SessionLimit> {
  return answer(stateOf(await loadRow(db, uid), now));
}

/**
 * account.setSessionLimit: `minutes`, or null to remove it, under the market's wait for a raise.
 * A limit that applies at once shortens the player's sessions in progress in the same batch: each
 * ends at its start plus the limit, or `SESSION_LIMIT_GRACE_MS` from now when that has passed.
 */
export async function setSessionLimit(db: D1Database, uid: number, minutes: number | null, now: number, raiseWaitMs: number): Promise<SessionLimit> {
  const before = stateOf(await loadRow(db, uid), now);
  const next = requestLimit(before, minutes === null ? null : { days: 1, amount: minutes }, now, { raiseWaitMs, raiseAfterPeriod: false });
  const current = next.current?.amount ?? null;
  const store = db
    .prepare(
      `INSERT INTO session_limits (uid, minutes, pending_minutes, pending_effective_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (uid) DO UPDATE SET minutes = ?2, pending_minutes = ?3, pending_effective_at = ?4, updated_at = ?5`,
    )
    .bind(uid, current, next.pending?.amount ?? null, next.pending?.effectiveAt ?? null, now);
  const shorter = current !== null && current !== before.current?.amount;
  await (shorter
    ? db.batch([
        store,
        db
          .prepare(
            `UPDATE sessions SET expires_at = MIN(expires_at, MAX(created_at + ?2, ?3))
             WHERE uid = ?1 AND two_factor_passed = 1 AND expires_at > ?4`,
          )
          .bind(uid, current * MINUTE, now + SESSION_LIMIT_GRACE_MS, now),
      ])
    : store.run());
  return answer(next);
}
