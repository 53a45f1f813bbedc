/**
 * The loyalty ledger's statements (decision 0046). Every change of an account's points and
 * experience is a loyalty_ledger row, and the account moves by exactly the rows one batch wrote:
 * each batch stamps its rows with a fresh batch id, and `settleStatements` (run last in the batch)
 * adds their sum to the account, then queues the notices they earn. A row's (uid, key) is unique,
 * so an event counted twice (a retried round, a repeated deposit callback) writes nothing the
 * second time — and then the account moves by nothing.
 */

/** The programme a player's account is created in: the first active one. */
export const ACCOUNT_PROGRAM_SQL = "SELECT id FROM loyalty_programs WHERE is_active = 1 ORDER BY position, id LIMIT 1";

/**
 * The player's account in the first active programme, created at their first counted event (or
 * read), with the character chosen at registration (users.character_id) if it is the programme's.
 */
export function ensureAccount(db: D1Database, uidSql: string, binds: unknown[], now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO loyalty_accounts (uid, program_id, character_id, updated_at)
       SELECT u.uid, p.id, (SELECT c.id FROM loyalty_characters c WHERE c.id = u.character_id AND c.program_id = p.id), ?${binds.length + 1} FROM users u JOIN (${ACCOUNT_PROGRAM_SQL}) p
       WHERE u.uid = ${uidSql}
       ON CONFLICT (uid) DO NOTHING`,
    )
    .bind(...binds, now);
}

/**
 * The tail of every batch that writes ledger rows: the account moves by the batch's rows, and the
 * notices are queued — points credited by play gathered into the one unread points notice, each completed
 * quest, each purchase, and each level the experience has reached that was never announced.
 */
export function settleStatements(db: D1Database, uid: number, batch: string, now: number): D1PreparedStatement[] {
  const rows = `FROM loyalty_ledger WHERE uid = ?1 AND batch_id = ?2`;
  return [
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
