import { owedEntries } from "./entries";

/**
 * Tournament points in the round's own batch (decision 0048; DESIGN §7 "play feeds everything in
 * one step"), as the loyalty and wheel statements ride it: points exist exactly when the round was
 * paid, and a declined payment rolls them back with it.
 *
 * Two statements, whatever the number of tournaments: one INSERT…SELECT writes a ledger row
 * (key round:<id>) for every active tournament of the round's game that the round qualifies for,
 * and one upsert moves (or, for an automatic tournament, creates) the entries by this batch's
 * rows. A round outside every tournament costs an index probe of tournament_games each.
 *
 * Qualifying: the tournament is active now, holds the game, the player joined (opt-in) or it is
 * automatic, the player's currency and country are allowed, and the real-money part of the bet
 * reaches min_bet in the player's currency. Only real money scores (bonus money and demo or free
 * rounds never do — loyalty's rule), and only while the round's wallet operation is not written
 * yet: a replayed round scores nothing.
 */

export interface RoundScoring {
  uid: number;
  roundId: string;
  gameId: number;
  /** The round's wallet key (round:<id>): the statements apply only while it is unused. */
  operationKey: string;
  /** The real-money parts of the bet and the win (main balance). */
  betMain: number;
  winMain: number;
  /** The bonus a split round was funded under: it scores only while that bonus is active, as it pays. */
  bonusId: string | null;
}

/** A round's points by the tournament's mode: ?4 bet, ?5 win (real money), cap of the tournament. */
const POINTS = `CASE t.scoring
  WHEN 'multiplier' THEN MIN(COALESCE(t.cap, 9223372036854775807), CAST(?5 AS INTEGER) * 100 / CAST(?4 AS INTEGER))
  WHEN 'wins' THEN CAST(?5 AS INTEGER)
  WHEN 'bets' THEN CAST(?4 AS INTEGER)
  ELSE 1 END`;

/** Whether a player (u) may score in / join tournament t: currency and country allowed. */
export const ALLOWED = (t: string, u: string) =>
  `(${t}.currencies = '[]' OR EXISTS (SELECT 1 FROM json_each(${t}.currencies) WHERE value = ${u}.currency))
   AND (${t}.countries = '[]' OR EXISTS (SELECT 1 FROM json_each(${t}.countries) WHERE value = ${u}.country_code))`;

/** An active tournament at time `now` (SQL expression). */
export const RUNNING = (t: string, now: string) => `${t}.status = 'active' AND ${t}.starts_at <= ${now} AND ${t}.ends_at > ${now}`;

/**
 * Whether player u's play (bet ?4, at ?6) scores in tournament t: running, joined if it is opt-in
 * (the player's own copy of the joins, tournament_joins, written when they joined: the player
 * inbox), their currency and country allowed, the bet at least the least bet in their currency.
 */
const QUALIFIES = `${RUNNING("t", "?6")}
  AND (t.opt_in = 0 OR EXISTS (SELECT 1 FROM tournament_joins j WHERE j.uid = u.uid AND j.tournament_id = t.id))
  AND ${ALLOWED("t", "u")}
  AND CAST(?4 AS INTEGER) >= COALESCE(json_extract(t.min_bet, '$.' || u.currency), 0)`;

/** The round's statements and the batch id its ledger rows carry (to post the entries after commit). */
export function roundScoringStatements(db: D1Database, r: RoundScoring, now = Date.now()): { statements: D1PreparedStatement[]; batchId: string | null } {
  if (!(r.betMain > 0)) return { statements: [], batchId: null };
  const batchId = crypto.randomUUID();
  // CROSS JOIN keeps SQLite's order: the round's game in tournament_games first (an index probe
  // that finds nothing for a game outside every tournament), then its tournaments, then the player.
  return {
    batchId,
    statements: [
      db
        .prepare(
          `INSERT INTO tournament_points (tournament_id, uid, key, reason, delta, round_id, bet, win, created_at, batch_id)
           SELECT t.id, u.uid, 'round:' || ?2, 'round', ${POINTS}, ?2, CAST(?4 AS INTEGER), CAST(?5 AS INTEGER), ?6, ?7
           FROM tournament_games tg CROSS JOIN tournaments t ON t.id = tg.tournament_id CROSS JOIN users u ON u.uid = ?1
           WHERE tg.game_id = ?9 AND ${QUALIFIES}
             AND NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = ?1 AND key = ?3)
             AND (?8 IS NULL OR EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?8 AND status = 'active'))
           ON CONFLICT (tournament_id, uid, key) DO NOTHING`,
        )
        .bind(r.uid, r.roundId, r.operationKey, Math.trunc(r.betMain), Math.trunc(Math.max(0, r.winMain)), now, batchId, r.bonusId, r.gameId),
      owedEntries(db, r.uid, batchId, now),
    ],
  };
}

/** A settled sports bet as a race scores it (decision 0111): real money only (the caller's rule). */
export interface BetScoring {
  uid: number;
  betId: string;
  /** The bet's stake and what it paid (0 lost; a cash-out's amount), in the player's currency. */
  stake: number;
  paid: number;
  /** The SQL (and its parameters, from ?10 on) that holds only while this batch is the one settling the bet. */
  fresh: { sql: string; params: unknown[] };
}

/**
 * A settled sports bet's points in every running race of sports bets it qualifies for (sportsbook =
 * 1, joined or automatic, currency and country allowed, stake ≥ min_bet), in the batch that settles
 * it, by the race's scoring as a round would score (stake as bet, paid as win); key bet:<id>, so once.
 */
export function betScoringStatements(db: D1Database, b: BetScoring, now = Date.now()): { statements: D1PreparedStatement[]; batchId: string | null } {
  if (!(b.stake > 0)) return { statements: [], batchId: null };
  const batchId = crypto.randomUUID();
  const fresh = b.fresh.sql.replace(/\?(\d+)/g, (_, n: string) => `?${Number(n) + 9}`);
  return {
    batchId,
    statements: [
      db
        .prepare(
          `INSERT INTO tournament_points (tournament_id, uid, key, reason, delta, round_id, bet, win, created_at, batch_id)
           SELECT t.id, u.uid, 'bet:' || ?2, 'bet', ${POINTS}, ?2, CAST(?4 AS INTEGER), CAST(?5 AS INTEGER), ?6, ?7
           FROM tournaments t CROSS JOIN users u ON u.uid = ?1
           WHERE t.sportsbook = 1 AND ${QUALIFIES} AND ${fresh}
           ON CONFLICT (tournament_id, uid, key) DO NOTHING`,
        )
        .bind(b.uid, b.betId, null, Math.trunc(b.stake), Math.trunc(Math.max(0, b.paid)), now, batchId, null, null, ...b.fresh.params),
      owedEntries(db, b.uid, batchId, now),
    ],
  };
}
