/**
 * The loyalty ledger's statements (decision 0046). Every change of an account's points and
 * experience is a loyalty_ledger row, and the account moves by exactly the rows one batch wrote:
 * each batch stamps its rows with a fresh batch id, and `settleStatements` (run last in the batch)
 * adds their sum to the account, then queues the notices they earn. A row's (uid, key) is unique,
 * so an event counted twice (a retried round, a repeated deposit callback) writes nothing the
 * second time — and then the account moves by nothing.
 */

const DAY_MS = 24 * 3600_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: weeks start on Monday 00:00 UTC, four days later. */
const MONDAY_OFFSET = 4 * DAY_MS;

export const dayStart = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;
export const weekStart = (now: number) => Math.floor((now - MONDAY_OFFSET) / WEEK_MS) * WEEK_MS + MONDAY_OFFSET;

/** When a quest's current period ends and its progress starts again (null for 'ever'); loyalty's and the wheel's quests. */
export function periodEnd(period: "day" | "week" | "ever", now: number): number | null {
  if (period === "day") return dayStart(now) + DAY_MS;
  if (period === "week") return weekStart(now) + WEEK_MS;
  return null;
}

/**
 * The player's account in the first active programme, created at their first counted event (or
 * read), with the character chosen at registration (users.character_id) if it is the programme's.
 */
export function ensureAccount(db: D1Database, uidSql: string, binds: unknown[], now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO loyalty_accounts (uid, program_id, character_id, updated_at)
       SELECT u.uid, p.id, (SELECT c.id FROM loyalty_characters c WHERE c.id = u.character_id AND c.program_id = p.id), ?${binds.length + 1} FROM users u JOIN (SELECT id FROM loyalty_programs WHERE is_active = 1 ORDER BY position, id LIMIT 1) p
       WHERE u.uid = ${uidSql}
       ON CONFLICT (uid) DO NOTHING`,
    )
    .bind(...binds, now);
}

/**
 * Quest progress of an event row this batch wrote (`eventKey`): +1 on each enabled quest of the
 * player's programme counting `kind` (for rounds: of the round's game kind, or any), in the
 * quest's current period; the step that reaches the target marks it completed (once per period).
 */
export function questProgress(
  db: D1Database,
  uid: number,
  batch: string,
  eventKey: string,
  kind: "rounds" | "deposits",
  roundId: string | null,
  now: number,
): D1PreparedStatement {
  const gameKind = "(SELECT g.kind FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE r.id = ?5)";
  return db
    .prepare(
      `INSERT INTO loyalty_quest_progress (uid, quest_id, period_start, progress, completed_at, updated_at)
       SELECT l.uid, q.id, CASE q.period WHEN 'day' THEN ?6 WHEN 'week' THEN ?7 ELSE 0 END, 1, CASE WHEN q.target <= 1 THEN ?8 END, ?8
       FROM loyalty_ledger l JOIN loyalty_accounts a ON a.uid = l.uid
         JOIN loyalty_quests q ON q.program_id = a.program_id AND q.is_enabled = 1 AND q.kind = ?4 AND (q.game_kind IS NULL OR q.game_kind = ${gameKind})
       WHERE l.uid = ?1 AND l.batch_id = ?2 AND l.key = ?3
       ON CONFLICT (uid, quest_id, period_start) DO UPDATE SET
         progress = progress + 1,
         completed_at = CASE WHEN progress + 1 >= (SELECT target FROM loyalty_quests WHERE id = excluded.quest_id) THEN excluded.updated_at END,
         updated_at = excluded.updated_at
       WHERE completed_at IS NULL`,
    )
    .bind(uid, batch, eventKey, kind, roundId, dayStart(now), weekStart(now), now);
}

/**
 * The tail of every batch that writes ledger rows: quests completed in this batch award their
 * points (once per quest and period), the account moves by the batch's rows, and the notices are
 * queued — points credited by play gathered into the one unread points notice, each completed
 * quest, each purchase, and each level the experience has reached that was never announced.
 */
export function settleStatements(db: D1Database, uid: number, batch: string, now: number): D1PreparedStatement[] {
  const rows = `FROM loyalty_ledger WHERE uid = ?1 AND batch_id = ?2`;
  return [
    db
      .prepare(
        `INSERT INTO loyalty_ledger (uid, key, reason, ref, delta, exp_delta, created_at, batch_id)
         SELECT p.uid, 'quest:' || q.id || ':' || p.period_start, 'quest', q.id, q.reward_points, q.reward_points, ?3, ?2
         FROM loyalty_quest_progress p JOIN loyalty_quests q ON q.id = p.quest_id
         WHERE p.uid = ?1 AND p.completed_at = ?3 AND p.updated_at = ?3
         ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(uid, batch, now),
    db
      .prepare(
        `UPDATE loyalty_accounts SET
           points = points + (SELECT COALESCE(SUM(delta), 0) ${rows}),
           experience = experience + (SELECT COALESCE(SUM(exp_delta), 0) ${rows}),
           wagered = wagered + (SELECT COALESCE(SUM(wagered), 0) ${rows}),
           carry_milli = (carry_milli + (SELECT COALESCE(SUM(milli), 0) ${rows})) % 1000,
           updated_at = ?3
         WHERE uid = ?1 AND EXISTS (SELECT 1 ${rows})`,
      )
      .bind(uid, batch, now),
    db
      .prepare(
        `INSERT INTO loyalty_notices (uid, key, trigger, type, amount, ref, created_at, updated_at)
         SELECT uid, NULL, 'points', 'credit', SUM(delta), NULL, ?3, ?3 ${rows} AND reason IN ('round', 'sport') AND delta > 0 GROUP BY uid
         ON CONFLICT (uid) WHERE trigger = 'points' AND read_at IS NULL DO UPDATE SET amount = amount + excluded.amount, updated_at = excluded.updated_at`,
      )
      .bind(uid, batch, now),
    db
      .prepare(
        `INSERT INTO loyalty_notices (uid, key, trigger, type, amount, ref, created_at, updated_at)
         SELECT uid, key, reason, CASE reason WHEN 'quest' THEN 'credit' ELSE 'other' END, abs(delta), CAST(ref AS INTEGER), ?3, ?3
         ${rows} AND reason IN ('quest', 'purchase')
         ON CONFLICT DO NOTHING`,
      )
      .bind(uid, batch, now),
    db
      .prepare(
        `INSERT INTO loyalty_notices (uid, key, trigger, type, amount, ref, created_at, updated_at)
         SELECT a.uid, 'level:' || v.id, 'level', 'other', 0, v.id, ?3, ?3
         FROM loyalty_accounts a JOIN loyalty_levels v ON v.program_id = a.program_id AND v.min_value > 0 AND v.min_value <= a.experience
         WHERE a.uid = ?1 AND EXISTS (SELECT 1 ${rows})
         ON CONFLICT DO NOTHING`,
      )
      .bind(uid, batch, now),
  ];
}
