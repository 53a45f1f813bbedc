import { sweepBonuses } from "../bonuses/sweep";
import { expirePacks } from "../bonuses/freespins-sweep";
import { computeCashbacks, lastClosedWeek } from "../cashback/compute";
import { advanceWithdrawals, reconcileDueDeposits } from "../cashier/reconcile";
import { closeSpentBettingBonuses } from "../sportsbook/free-bet-bonus";
import { runVpnClock } from "../vpn/clock";
import { warnExpiringBonuses } from "../push/bonus-expiry";
import type { MoneyDeps } from "../wallet/move-money";
import { markCashbackCounted } from "./clocks";
import { playerTables } from "./routed-d1";

/**
 * Players whose clocks one cron run works at most, and how many at once. A player's clocks are
 * about ten calls to their object, each a subrequest of the cron's invocation (limited to 1,000):
 * 50 players stay well under it; a backlog drains over the next minutes.
 */
export const PLAYERS_PER_RUN = 50;
/** A player whose clocks failed is asked again this long after the run's time. */
export const RETRY_AFTER_MS = 5 * 60_000;
const AT_ONCE = 8;

/**
 * From `scheduled()` at `now` (decision 0075, slice 3): the clocks of the players D1's
 * `player_clocks` says are due (the earliest first), each player's on their own tables. A player
 * whose clocks fail is logged and asked again RETRY_AFTER_MS later; the others go on.
 */
export async function runPlayerClocks(deps: MoneyDeps & { env: Env }, now: number): Promise<{ players: number; failed: number }> {
  const { results } = await deps.env.DB.prepare("SELECT uid FROM player_clocks WHERE due_at <= ?1 ORDER BY due_at LIMIT ?2")
    .bind(now, PLAYERS_PER_RUN)
    .all<{ uid: number }>();
  let failed = 0;
  for (let i = 0; i < results.length; i += AT_ONCE) {
    await Promise.all(
      results.slice(i, i + AT_ONCE).map(async ({ uid }) => {
        try {
          await runOnePlayersClocks(deps, uid, now);
        } catch (e) {
          failed++;
          console.error(`scheduled: player ${uid}'s clocks failed`, e instanceof Error ? e.message : e);
          // Asked again after a pause, not at every run: players whose clocks keep failing must not
          // hold up the others (the object's next answer, a newer version, replaces this).
          await deps.env.DB.prepare("UPDATE player_clocks SET due_at = MAX(due_at, ?2) WHERE uid = ?1")
            .bind(uid, now + RETRY_AFTER_MS)
            .run()
            .catch(() => {});
        }
      }),
    );
  }
  return { players: results.length, failed };
}

/**
 * One player's clocks at `now`, in the order the clocks across players ran (the bonus sweep first:
 * the spent betting bonuses' catch-up reads what it left). Each is the clock's own code with the
 * player's id, so both ways share every rule. The last step records the cashback week counted,
 * which also makes the object work out its next due time (clocks.ts).
 */
export async function runOnePlayersClocks(deps: MoneyDeps & { env: Env }, uid: number, now: number): Promise<void> {
  const own = { ...deps, db: playerTables(deps.env, uid) };
  await reconcileDueDeposits(deps, now, uid);
  await advanceWithdrawals(own, uid, now);
  await sweepBonuses(own, now, uid);
  await closeSpentBettingBonuses(deps, { uid });
  await computeCashbacks(deps, now, { uid });
  await expirePacks(own, now, uid);
  await runVpnClock(deps, now, uid);
  await warnExpiringBonuses(own.db, uid, now);
  await markCashbackCounted(own.db, lastClosedWeek(now).end).run();
}
