import { playerTables } from "../player/routed-d1";
import { currencyRates } from "../wallet/currency";
import { moveMoney, type MoneyDeps } from "../wallet/move-money";
import { contributionOf, drawsWin } from "./draw";

/**
 * A settled round feeds and may win the jackpots of its game (decision 0017).
 *
 * 1. One D1 batch per round: per pool, the contribution row (primary key round + pool, so a
 *    replayed round contributes nothing) and `UPDATE jackpots SET amount = amount + c … RETURNING`
 *    — the pool as this round left it, with its win_count (the claim's version).
 * 2. The draw, per pool: at or above the cap always, otherwise bet / (cap × odds_factor).
 * 3. The claim, one batch: `UPDATE … SET amount = seed, win_count + 1, last_winner_id = w WHERE
 *    win_count = <seen>` and the winner row built from that very row (`WHERE last_winner_id = w`):
 *    of rounds racing for one pool exactly one changes it; the others insert nothing.
 * 4. The payment: the pool converted to the player's currency, stored on the winner row first (so
 *    a retry pays the same), then `moveMoney` keyed `jackpot-win:<winner id>`: at most once.
 *
 * Nothing here may undo or fail the round: errors are logged, and a winner whose payment did not
 * commit stays with operation_id NULL until the minute cron's `payAbandonedWins` pays it (a round
 * reads nothing but its own game's pools: decision 0075).
 */

export interface SettledRound {
  id: string;
  uid: number;
  gameId: number;
  mode: string;
  bet: number;
  currency: string;
  sysname: string;
}

interface PoolAfter {
  id: number;
  amount: number;
  win_count: number;
  must_drop_at: number;
  odds_factor: number;
  currency: string;
}

/** An unpaid winner this old is presumed abandoned by its round's request and paid by the cron. */
const ABANDONED_AFTER_MS = 60_000;

export async function settleJackpots(deps: MoneyDeps, round: SettledRound): Promise<void> {
  if (round.mode !== "real") return;
  try {
    const pools = await contribute(deps.db, round);
    for (const pool of pools) {
      if (!drawsWin(pool, pool.betInPool)) continue;
      const winnerId = await claim(deps.db, round, pool);
      if (winnerId) await payWin(deps, winnerId);
    }
  } catch (e) {
    console.error("jackpots: settling round", round.id, "failed:", e instanceof Error ? e.message : String(e));
  }
}

type Pool = PoolAfter & { betInPool: number };

/** Step 1. Answers the pools as the round left them; none when the round had contributed already. */
async function contribute(db: D1Database, round: SettledRound): Promise<Pool[]> {
  // Which games feed pools is a copy in the player's object (migration 0061): a game without pools asks D1 nothing.
  if (!(await db.prepare("SELECT 1 FROM jackpot_games WHERE game_id = ?1 LIMIT 1").bind(round.gameId).first())) return [];
  const { results: pools } = await db
    .prepare(
      `SELECT j.id, j.currency, j.contribution_bp FROM jackpots j
       JOIN jackpot_games jg ON jg.jackpot_id = j.id JOIN games g ON g.id = jg.game_id
       WHERE g.sysname = ?1 AND j.is_active = 1 ORDER BY j.id`,
    )
    .bind(round.sysname)
    .all<{ id: number; currency: string; contribution_bp: number }>();
  if (!pools.length) return [];
  const convert = await converter(
    db,
    round.currency,
    pools.map((p) => p.currency),
  );
  const now = Date.now();
  const planned = pools.flatMap((p) => {
    const betInPool = convert(round.bet, p.currency);
    return betInPool === null ? [] : [{ ...p, betInPool, share: contributionOf(betInPool, p.contribution_bp) }];
  });
  if (!planned.length) return [];
  let results: D1Result[];
  try {
    results = await db.batch(
      planned.flatMap((p) => [
        db.prepare("INSERT INTO jackpot_contributions (round_id, jackpot_id, amount, created_at) VALUES (?1, ?2, ?3, ?4)").bind(round.id, p.id, p.share, now),
        db
          .prepare(
            `UPDATE jackpots SET amount = amount + ?2 WHERE id = ?1
             RETURNING id, amount, win_count, must_drop_at, odds_factor, currency`,
          )
          .bind(p.id, p.share),
      ]),
    );
  } catch (e) {
    // A replayed round: its contributions (and its draw) happened the first time.
    if (/UNIQUE constraint failed: jackpot_contributions/i.test(String(e instanceof Error ? `${e.message} ${e.cause}` : e))) return [];
    throw e;
  }
  return planned.map((p, i) => ({ ...(results[i * 2 + 1]!.results[0] as PoolAfter), betInPool: p.betInPool }));
}

/** Step 3. The winner row's id when this round's claim changed the pool, else null. */
async function claim(db: D1Database, round: SettledRound, pool: Pool): Promise<string | null> {
  const winnerId = crypto.randomUUID();
  const now = Date.now();
  const [, inserted] = await db.batch([
    db
      .prepare(
        `UPDATE jackpots SET amount = seed, win_count = win_count + 1, last_winner_id = ?3, last_won_at = ?4, last_win = amount
         WHERE id = ?1 AND win_count = ?2`,
      )
      .bind(pool.id, pool.win_count, winnerId, now),
    db
      .prepare(
        `INSERT INTO jackpot_winners (id, jackpot_id, seq, uid, round_id, game_id, amount, currency, reseed, won_at)
         SELECT ?2, j.id, j.win_count, ?3, ?4, ?6, j.last_win, j.currency, j.seed, ?5
         FROM jackpots j
         WHERE j.id = ?1 AND j.last_winner_id = ?2
         RETURNING id`,
      )
      // The round's game comes with the round: the pool's claim reads nothing of the player's
      // (their rounds move into their object; decision 0075).
      .bind(pool.id, winnerId, round.uid, round.id, now, round.gameId),
  ]);
  return inserted!.results.length ? winnerId : null;
}

/** Step 4. Pays a winner once, whatever number of times it is called. */
export async function payWin(deps: MoneyDeps, winnerId: string): Promise<void> {
  const db = deps.db;
  const winner = await db
    .prepare(
      `SELECT w.uid, w.amount, w.currency, w.paid_amount, w.paid_currency, w.operation_id, u.currency AS player_currency
       FROM jackpot_winners w JOIN users u ON u.uid = w.uid WHERE w.id = ?1`,
    )
    .bind(winnerId)
    .first<{
      uid: number;
      amount: number;
      currency: string;
      paid_amount: number | null;
      paid_currency: string | null;
      operation_id: string | null;
      player_currency: string;
    }>();
  if (!winner || winner.operation_id) return;
  let { paid_amount: paid, paid_currency: paidCurrency } = winner;
  if (paid === null || paidCurrency === null) {
    // Fixed once: a retry must pay the same amount (the wallet refuses a key reused otherwise).
    const convert = await converter(db, winner.currency, [winner.player_currency]);
    const converted = convert(winner.amount, winner.player_currency);
    if (converted === null) throw new Error(`no rate from ${winner.currency} to ${winner.player_currency}`);
    await db
      .prepare("UPDATE jackpot_winners SET paid_amount = ?2, paid_currency = ?3 WHERE id = ?1 AND paid_amount IS NULL")
      .bind(winnerId, converted, winner.player_currency)
      .run();
    const stored = await db
      .prepare("SELECT paid_amount, paid_currency FROM jackpot_winners WHERE id = ?1")
      .bind(winnerId)
      .first<{ paid_amount: number; paid_currency: string }>();
    paid = stored!.paid_amount;
    paidCurrency = stored!.paid_currency;
  }
  if (paid <= 0) return; // nothing to credit (a pool too small to convert to one minor unit)
  // The money is the winner's, in their own tables (decision 0075); the pool and its winner rows are D1's.
  const result = await moveMoney(
    { ...deps, db: playerTables(deps.env, winner.uid) },
    {
      uid: winner.uid,
      key: `jackpot-win:${winnerId}`,
      type: "jackpot_win",
      reference: winnerId,
      changes: [{ kind: "main", delta: paid }],
    },
  );
  await db.prepare("UPDATE jackpot_winners SET operation_id = ?2 WHERE id = ?1 AND operation_id IS NULL").bind(winnerId, result.operationId).run();
}

/** The minute cron's recovery: winners claimed over a minute before `now` whose payment never committed. */
export const payAbandonedWins = (deps: MoneyDeps, now: number): Promise<void> => payUnpaidWins(deps, now - ABANDONED_AFTER_MS, 20);

/** Recovery: winners claimed before `before` whose payment never committed. */
export async function payUnpaidWins(deps: MoneyDeps, before: number, limit = 5): Promise<void> {
  const { results } = await deps.db
    .prepare("SELECT id FROM jackpot_winners WHERE operation_id IS NULL AND won_at < ?1 ORDER BY won_at LIMIT ?2")
    .bind(before, limit)
    .all<{ id: string }>();
  for (const { id } of results) await payWin(deps, id);
}

/**
 * Converts minor units between site currencies with account.getcurrencyrates (units per one unit
 * of the default currency), rounding down; null when a rate is missing. Same currency: exact.
 */
async function converter(db: D1Database, from: string, targets: string[]): Promise<(amount: number, to: string) => number | null> {
  const rates = targets.some((t) => t !== from) ? (await currencyRates(db)).rates : {};
  return (amount, to) => {
    if (to === from) return amount;
    const a = rates[from];
    const b = rates[to];
    return a && b ? Math.floor((amount * b) / a + 1e-9) : null;
  };
}
