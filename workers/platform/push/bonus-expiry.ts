import { DAY_MS } from "../cashback/compute";
import { owedPush } from "./send";

/**
 * "A bonus is about to expire" (decision 0114): a player's clock (clocks.ts NEXT_DUE_SQL's `bonus_warn`)
 * comes due a day before an active bonus's wagering time runs out, and this owes them one push per
 * such bonus (topic bonuses), in the batch that marks it warned. The mark (`player_clock_marks`,
 * clock `push-bonus`) is the latest expiry warned: a bonus is warned once, and one granted later that
 * expires before an already-warned one is not warned (it would be within the same day anyway).
 */
export const BONUS_WARN_MS = DAY_MS;
export const BONUS_WARN_MARK = "push-bonus";

/** The `bonus_warn` clock column: when the next active bonus not yet warned is a day from expiring. */
export const BONUS_WARN_DUE_SQL = `(SELECT MIN(expires_at) - ${BONUS_WARN_MS} FROM player_bonuses
    WHERE status = 'active' AND wagered < wager_required AND expires_at IS NOT NULL
      AND expires_at > COALESCE((SELECT through FROM player_clock_marks WHERE clock = '${BONUS_WARN_MARK}'), 0))`;

/** Owes the player a push for each active bonus that expires within a day of `now` and was not warned. `own`: their tables. */
export async function warnExpiringBonuses(own: D1Database, uid: number, now: number): Promise<number> {
  const { results } = await own
    .prepare(
      `SELECT id, expires_at FROM player_bonuses
       WHERE uid = ?1 AND status = 'active' AND wagered < wager_required AND expires_at > ?2 AND expires_at <= ?2 + ${BONUS_WARN_MS}
         AND expires_at > COALESCE((SELECT through FROM player_clock_marks WHERE clock = '${BONUS_WARN_MARK}'), 0)
       ORDER BY expires_at`,
    )
    .bind(uid, now)
    .all<{ id: string; expires_at: number }>();
  if (!results.length) return 0;
  const through = Math.max(...results.map((r) => r.expires_at));
  await own.batch([
    ...results.map((b) =>
      owedPush(
        own,
        uid,
        {
          key: `bonus-expiry:${b.id}:${b.expires_at}`,
          topic: "bonuses",
          title: { message: "push.bonusExpiring.title" },
          body: { message: "push.bonusExpiring.body", params: { hours: Math.max(1, Math.ceil((b.expires_at - now) / 3_600_000)) } },
          url: "/profile/bonuses",
        },
        // Due at the real time: a clock run for a moved `now` (a test, a demo hook) still sends at once.
        Math.min(now, Date.now()),
      ),
    ),
    own
      .prepare(
        `INSERT INTO player_clock_marks (clock, through) VALUES ('${BONUS_WARN_MARK}', ?1)
         ON CONFLICT (clock) DO UPDATE SET through = MAX(through, excluded.through)`,
      )
      .bind(through),
  ]);
  return results.length;
}
