import { DAY_MS, GAMING_TYPES, weekOf } from "../cashback/compute";
import { SPENT_BETTING_BONUS } from "../sportsbook/free-bet-bonus";
import { NEXT_STAGE_SQL } from "../cashier/withdrawal-stages";
import { BONUS_WARN_DUE_SQL } from "../push/bonus-expiry";

/**
 * The players' clocks (decision 0075, slice 3): what time does to one player's rows — an available
 * bonus's window closes, an active one's wagering time runs out (or a fully wagered one was left
 * unconverted), a spent betting bonus closes, a free-spin pack expires, a VPN subscription is
 * warned, renewed or ended, an open deposit's payment system is asked again, a withdrawal moves on
 * to its next stage, a closed week's cashback is computed. While those rows were in D1, the minute cron read every player's at once;
 * in the players' objects it cannot, so each object tells D1 when it is next due (`player_clocks`,
 * migration 0058) and the cron runs the clocks of the players due at its time (clock-run.ts).
 *
 * The object works the time out after every call that wrote one of the tables below, in the same
 * turn as that write (nothing else runs on the object in between), and when it changed records it
 * in its outbox under one key, versioned, and delivers it at once (the alarm retries). D1 keeps the
 * highest version, so deliveries arriving out of order leave the latest answer. The cron's own
 * time is the one compared, so a test that moves the clock (`scheduled(now)`) sees it as the cron.
 */

/** The tables whose rows the clocks read: a call writing one of them makes the object work its time out again. */
export const CLOCKED_TABLES = [
  "player_bonuses",
  "balances",
  "sport_bets",
  "freespin_packs",
  "vpn_subscriptions",
  "cashier_transactions",
  "ledger",
  "player_clock_marks",
] as const;
const clocked = new Set<string>(CLOCKED_TABLES);
export const isClockedTable = (table: string): boolean => clocked.has(table);

/** A deposit still `new` this long after it started may have lost its callback (cashier/reconcile.ts). */
export const LOST_CALLBACK_MS = 60_000;
/** An open deposit is asked about again at most this often. */
export const ASK_AGAIN_MS = 60_000;

/**
 * When the player's clocks are next due, from their own tables (the object's SQLite): one column per
 * clock, the earliest time its rows need it, 0 for "now" (a catch-up: a bonus wagered but not
 * converted, a spent betting bonus not closed), null for never. An open deposit is next asked at
 * its settle time (pending) or a minute after it started (new, for a day), at most once a minute.
 * Columns, not a compound SELECT: the objects' SQLite allows few compound terms.
 */
export const NEXT_DUE_SQL = `SELECT
  (SELECT MIN(available_until) FROM player_bonuses WHERE status = 'available') AS available,
  (SELECT MIN(CASE WHEN wagered >= wager_required THEN 0 ELSE expires_at END) FROM player_bonuses WHERE status = 'active') AS active,
  (SELECT CASE WHEN EXISTS (SELECT 1 FROM player_bonuses b WHERE ${SPENT_BETTING_BONUS}) THEN 0 END) AS spent,
  (SELECT MIN(expires_at) FROM freespin_packs WHERE status = 'active') AS packs,
  (SELECT MIN(CASE WHEN warned_for IS NOT ends_at THEN ends_at - ${DAY_MS} ELSE ends_at END) FROM vpn_subscriptions WHERE status = 'active') AS vpn,
  (SELECT MIN(CASE WHEN status = 'pending' OR next <= created_at + ${DAY_MS} THEN next END) FROM (
    SELECT status, created_at,
      MAX(CASE WHEN status = 'pending' THEN settle_at ELSE created_at + ${LOST_CALLBACK_MS} END, COALESCE(polled_at, 0) + ${ASK_AGAIN_MS}) AS next
    FROM cashier_transactions WHERE type = 'deposit' AND status IN ('new', 'pending'))) AS deposits,
  (SELECT MIN(${NEXT_STAGE_SQL}) FROM cashier_transactions WHERE type = 'withdrawal' AND status = 'pending') AS withdrawals,
  ${BONUS_WARN_DUE_SQL} AS bonus_warn`;

/** The first gaming row of the main balance since the cashback clock last ran for the player. */
export const FIRST_UNCOUNTED_PLAY_SQL = `SELECT MIN(created_at) AS at FROM ledger
  WHERE kind = 'main' AND type IN (${GAMING_TYPES.map((t) => `'${t}'`).join(", ")})
    AND created_at >= COALESCE((SELECT through FROM player_clock_marks WHERE clock = 'cashback'), 0)`;

/**
 * The earliest of the clocks' times (NEXT_DUE_SQL's columns), and the cashback clock's: the end of
 * the week of the first play it has not counted. Null when nothing is due ever.
 */
export function nextDue(clocks: Record<string, number | null>, firstUncountedPlay: number | null): number | null {
  const times = Object.values(clocks).filter((t): t is number => typeof t === "number");
  if (firstUncountedPlay !== null) times.push(weekOf(firstUncountedPlay).end);
  return times.length ? Math.min(...times) : null;
}

/** What a player's object delivers to D1: when their clocks are next due (null: never), and the answer's version. */
export interface ClockDue {
  due_at: number | null;
  version: number;
}

/** The outbox key of the player's clock answer: one row, replaced by each newer answer. */
export const CLOCK_DUE_KEY = "clock.due";

/** D1 keeps the newest answer of a player's object (a late delivery of an older one changes nothing). */
export async function recordClockDue(env: Pick<Env, "DB">, uid: number, body: unknown): Promise<void> {
  const { due_at, version } = (body ?? {}) as Partial<ClockDue>;
  if ((due_at !== null && !Number.isSafeInteger(due_at)) || !Number.isSafeInteger(version)) throw new TypeError("clock.due: not a due time and version");
  await env.DB.prepare(
    `INSERT INTO player_clocks (uid, due_at, version) VALUES (?1, ?2, ?3)
     ON CONFLICT (uid) DO UPDATE SET due_at = excluded.due_at, version = excluded.version WHERE excluded.version > player_clocks.version`,
  )
    .bind(uid, due_at, version)
    .run();
}

/** The statement recording that the cashback clock counted the player's play before `through` (their tables). */
export function markCashbackCounted(db: D1Database, through: number): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO player_clock_marks (clock, through) VALUES ('cashback', ?1) ON CONFLICT (clock) DO UPDATE SET through = MAX(through, excluded.through)",
    )
    .bind(through);
}
