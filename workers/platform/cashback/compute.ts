import { playerTables } from "../player/routed-d1";
import { publishBonusChange } from "../bonuses/notify";
import type { MoneyDeps } from "../wallet/move-money";

/**
 * The cashback clock (decision 0040; DESIGN §7 "time is a trigger"): for every enabled programme,
 * the last closed period's cashback of every player who lost in it, computed once per
 * (player, programme, period) — the UNIQUE key makes a repeated run insert nothing.
 *
 * Net loss of a period, from the wallet ledger of the main balance:
 *   deposits − withdrawals − change of the main balance, with the money that is not play taken out,
 * which is the same as −Σ delta of the main balance's gaming rows (bet, win, refund, jackpot_win)
 * created in [period_start, end). Bonuses are excluded: nothing on the bonus balances counts
 * (bets and wins of bonus money), and neither do bonus conversions into the main balance
 * (type 'bonus'), cashback payouts (type 'cashback', or a payout would shrink the next period's
 * loss), shop purchases and adjustments. A withdrawal and its cancellation are not play either.
 * Cashback = ⌊loss × percent / 100⌋, only from the programme's min_loss in the player's currency,
 * at most its max_payout. The percent is the tier's rate: that of the highest loss band the loss
 * reaches (cashback_programme_tiers), else the programme's own.
 */

/** The rate of loss `l.loss` in currency `l.currency` under programme `p` (SQL; see the tiers' migration 0038). */
const RATE = `COALESCE((SELECT x.percent FROM cashback_programme_tiers x
    WHERE x.programme_id = p.id AND x.currency = l.currency AND x.from_loss <= l.loss ORDER BY x.from_loss DESC LIMIT 1), p.percent)`;

export const DAY_MS = 24 * 60 * 60_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05 was a Monday: weeks run Monday 00:00 UTC to the next Monday. */
const MONDAY_EPOCH = 4 * DAY_MS;

/** The gaming rows of the ledger: what a player wins or loses at play. */
export const GAMING_TYPES = ["bet", "win", "refund", "jackpot_win"] as const;

/** The week [start, end) that contains `at`. */
export function weekOf(at: number): { start: number; end: number } {
  const start = at - ((((at - MONDAY_EPOCH) % WEEK_MS) + WEEK_MS) % WEEK_MS);
  return { start, end: start + WEEK_MS };
}

/** The last period closed at `now`: the week before the one `now` is in. */
export function lastClosedWeek(now: number): { start: number; end: number } {
  const { start } = weekOf(now);
  return { start: start - WEEK_MS, end: start };
}

/** The amount a loss earns under a programme's terms (0: nothing), as the SQL below computes it. */
export function cashbackAmount(loss: number, percent: number, minLoss: number, maxPayout: number): number {
  if (loss <= 0 || loss < minLoss) return 0;
  return Math.min(maxPayout, Math.floor((loss * percent) / 100));
}

/**
 * Computes player `uid`'s cashbacks of the last closed period at `now`, for every enabled
 * programme (their clock, player/clock-run.ts, which records the week counted; tests; the demo
 * hook); answers how many were created. Each gets its 'computed' event in the same batch, in the
 * player's own tables (decision 0075); a repeated run creates nothing twice. Each new cashback
 * sends `bonus.updated` once committed.
 */
export async function computeCashbacks(deps: MoneyDeps, now: number, opts: { uid: number }): Promise<number> {
  const { start, end } = lastClosedWeek(now);
  const { uid } = opts;
  const db = playerTables(deps.env, uid);
  const { results: programmes } = await deps.db.prepare("SELECT id FROM cashback_programmes p WHERE is_enabled = 1 AND period = 'week'").all<{ id: number }>();
  let created = 0;
  const gaming = GAMING_TYPES.map((t) => `'${t}'`).join(", ");
  for (const p of programmes) {
    const [inserted] = await db.batch<{ id: string; uid: number }>([
      db
        .prepare(
          `INSERT INTO player_cashbacks (id, uid, programme_id, period_start, end_date, currency, loss, percent, amount, status, receiving_expired_at, created_at)
           SELECT lower(hex(randomblob(16))), l.uid, p.id, ?2, ?3, l.currency, l.loss, ${RATE},
             MIN(t.max_payout, l.loss * ${RATE} / 100), 'active', ?3 + p.claim_days * ${DAY_MS}, ?4
           FROM (
             SELECT uid, currency, -SUM(delta) AS loss FROM ledger
             WHERE kind = 'main' AND created_at >= ?2 AND created_at < ?3 AND type IN (${gaming}) AND uid = ?5
             GROUP BY uid, currency
           ) l
           JOIN cashback_programmes p ON p.id = ?1
           JOIN cashback_programme_terms t ON t.programme_id = p.id AND t.currency = l.currency
           JOIN users u ON u.uid = l.uid AND u.currency = l.currency
           WHERE l.loss > 0 AND l.loss >= t.min_loss AND l.loss * ${RATE} / 100 > 0
           ON CONFLICT (uid, programme_id, period_start) DO NOTHING RETURNING id, uid`,
        )
        .bind(p.id, start, end, now, uid),
      db
        .prepare(
          `INSERT INTO cashback_events (cashback_id, uid, event, amount, created_at)
           SELECT id, uid, 'computed', amount, ?3 FROM player_cashbacks WHERE programme_id = ?1 AND period_start = ?2 AND created_at = ?3
           ON CONFLICT (cashback_id, event) DO NOTHING`,
        )
        .bind(p.id, start, now),
    ]);
    created += inserted!.results.length;
    for (const c of inserted!.results) publishBonusChange(deps, c.uid, { id: c.id, type: "cashback", status: "active" });
  }
  return created;
}
