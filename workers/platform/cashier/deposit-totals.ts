/**
 * What a player has put in since a moment: the deposit limits (responsible gaming) count every
 * deposit that is or may become money on the balance — new, pending and successful ones — so a
 * player cannot pass a limit by starting several payments before any completes.
 */
export async function depositedSince(db: D1Database, uid: number, sinceMs: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(amount), 0) AS total FROM cashier_transactions
       WHERE uid = ?1 AND type = 'deposit' AND status IN ('new', 'pending', 'success') AND created_at >= ?2`,
    )
    .bind(uid, sinceMs)
    .first<{ total: number }>();
  return row?.total ?? 0;
}
