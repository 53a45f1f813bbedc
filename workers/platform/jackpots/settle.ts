import { deliverEach, type OutboxKind } from "../player/outbox";
import { playerTables } from "../player/routed-d1";
import { simulatedLatency } from "../core/latency";
import { currencyConverter } from "../wallet/currency";
import { moveMoney, type MoneyDeps } from "../wallet/move-money";
import { type Contribution, jackpotPool } from "./pool";

/**
 * A settled real round feeds, and may win, the jackpots of its game (decisions 0017, 0075).
 *
 * 1. In the round's batch, in the player's object: the contribution it owes its game's pools, a row
 *    of the player's outbox (`owedContribution`; the pools are the object's copy of jackpot_games,
 *    so a game without pools adds nothing and asks nothing), written only by the batch that pays
 *    the round.
 * 2. Once the round committed, the Worker delivers it (`deliverContribution`), else the object's
 *    alarm does: each pool's object takes it once by the round's id, adds the share and draws
 *    (pool.ts), and a win is recorded there and in D1 before it answers.
 * 3. The payment: the pool converted to the player's currency, stored on the winner row first (so
 *    a retry pays the same), then `moveMoney` keyed `jackpot-win:<winner id>`: at most once. A
 *    delivery made again answers the same winner, so the payment is tried again; a winner whose
 *    payment never committed is paid by the minute cron (`payAbandonedWins`).
 *
 * Nothing here may undo or fail the round: the delivery is retried by the outbox until it lands.
 */

export interface SettledRound {
  id: string;
  uid: number;
  gameId: number;
  mode: string;
  bet: number;
  currency: string;
  /** The round's wallet key: the contribution is owed only by the batch that writes it. */
  operationKey: string;
}

/** An unpaid winner this old is presumed abandoned by its round's request and paid by the cron. */
const ABANDONED_AFTER_MS = 60_000;

export const CONTRIBUTION_KIND: OutboxKind = "jackpots.contribute";
const contributionKey = (roundId: string) => `jackpot:${roundId}`;

/** What a round owes its pools: the contribution and the pools' ids. */
export interface OwedContribution extends Contribution {
  pools: number[];
}

/** Whether the round's game feeds any pool (the object's copy of jackpot_games): a real round only. */
export async function feedsPools(db: D1Database, round: Pick<SettledRound, "mode" | "gameId">): Promise<boolean> {
  if (round.mode !== "real") return false;
  return (await db.prepare("SELECT 1 FROM jackpot_games WHERE game_id = ?1 LIMIT 1").bind(round.gameId).first()) !== null;
}

/** Step 1: the outbox row, in the round's batch (nothing when the batch does not pay the round). */
export function owedContribution(db: D1Database, round: SettledRound, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO player_outbox (key, kind, body, created_at, next_at)
       SELECT ?1, ?2, json_object('round_id', ?3, 'uid', ?4, 'game_id', ?5, 'bet', ?6, 'currency', ?7, 'created_at', ?8, 'pools', json(pools)), ?8, ?8
       FROM (SELECT json_group_array(jackpot_id) AS pools, COUNT(*) AS n FROM jackpot_games WHERE game_id = ?5)
       WHERE n > 0 AND NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = ?4 AND key = ?9)
       ON CONFLICT (key) DO NOTHING`,
    )
    .bind(contributionKey(round.id), CONTRIBUTION_KIND, round.id, round.uid, round.gameId, round.bet, round.currency, now, round.operationKey);
}

function parse(body: unknown, uid: number): OwedContribution {
  const b = body as Partial<OwedContribution> | null;
  const ok =
    b !== null &&
    typeof b === "object" &&
    typeof b.round_id === "string" &&
    b.uid === uid &&
    Number.isSafeInteger(b.game_id) &&
    Number.isSafeInteger(b.bet) &&
    typeof b.currency === "string" &&
    Number.isSafeInteger(b.created_at) &&
    Array.isArray(b.pools) &&
    b.pools.every((p) => Number.isSafeInteger(p) && p > 0);
  if (!ok) throw new TypeError(`${CONTRIBUTION_KIND}: not a round's contribution`);
  return b as OwedContribution;
}

/**
 * Step 2 and 3, the outbox's receiver: the round's contribution to each of its pools, and the
 * payment of a pool it won. Throws when a pool or a payment failed, so the row is delivered again
 * (each pool takes a round once; a payment is made once).
 */
export async function contributeToPools(deps: MoneyDeps, uid: number, body: unknown): Promise<void> {
  const { pools, ...round } = parse(body, uid);
  // Fault tests widen the time a delivery is under way, to kill the Worker during one.
  await simulatedLatency(deps.env, "deliver");
  const answers = await Promise.all(pools.map((id) => jackpotPool(deps.env, id).contribute(round)));
  for (const { winner } of answers) if (winner) await payWin(deps, winner);
}

/** After the round committed: its contribution delivered now and taken out of the outbox (else the object's alarm delivers it). */
export function deliverContribution(deps: MoneyDeps, roundId: string): Promise<void> {
  return deliverEach(deps.db, [contributionKey(roundId)], (body) => contributeToPools(deps, (body as { uid: number }).uid, body), "jackpots");
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
    const convert = await currencyConverter(db, winner.currency, [winner.player_currency]);
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
