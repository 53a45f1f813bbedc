/**
 * Limit review reminders (issue 40, decision 0091): a limit set long ago may no longer fit the
 * player's life. Six months after a player last set, changed or confirmed their money limits (the
 * SPEC's deposit limit and the deposit, loss and wager limits per day, week and month), they are
 * reminded to look at them again; "Keep my limits" (account.reviewLimits) or any change starts the
 * next six months. A player without limits is not reminded: the tools' page offers them.
 */

export const LIMIT_REVIEW_MS = 182 * 86_400_000;

/**
 * Whether player `uid`'s limits are due for a review at `now`: they have one, and their last
 * setting, change or review is older than LIMIT_REVIEW_MS. One statement in the player's object.
 */
export async function limitsReviewDue(db: D1Database, uid: number, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT MAX(at) AS last, COUNT(*) AS n, (SELECT reviewed_at FROM limit_reviews WHERE uid = ?1) AS reviewed FROM (
         SELECT updated_at AS at FROM deposit_limits WHERE uid = ?1 AND limit_amount IS NOT NULL
         UNION ALL SELECT updated_at FROM play_limits WHERE uid = ?1)`,
    )
    .bind(uid)
    .first<{ last: number | null; n: number; reviewed: number | null }>();
  if (!row || row.n === 0 || row.last === null) return false;
  return Math.max(row.last, row.reviewed ?? 0) <= now - LIMIT_REVIEW_MS;
}

/** account.reviewLimits: the player's "my limits are still right", as of `now`. */
export async function reviewLimits(db: D1Database, uid: number, now: number): Promise<void> {
  await db
    .prepare("INSERT INTO limit_reviews (uid, reviewed_at) VALUES (?1, ?2) ON CONFLICT (uid) DO UPDATE SET reviewed_at = MAX(reviewed_at, ?2)")
    .bind(uid, now)
    .run();
}
