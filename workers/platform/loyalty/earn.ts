import { ensureAccount, settleStatements } from "./ledger";

/**
 * Points earned by play and quests advanced by deposits (decision 0046), as statements that ride
 * the batch of the event itself: the round's payment, the deposit's settlement. So points exist
 * exactly when the round was paid; a declined payment rolls them back with it.
 */

export interface RoundEarning {
  uid: number;
  roundId: string;
  /** The round's wallet key: the statements apply only while it is unused (a replay earns nothing). */
  operationKey: string;
  /** The real-money part of the bet (the main balance's): bonus money never earns points. */
  betMain: number;
  /** The bonus the round was funded under: it earns only while that bonus is active, as it pays. */
  bonusId: string | null;
}

/**
 * A real-money round's points: betMain × 1000 ÷ the programme's rate for the player's currency and
 * the game's kind (minor units per point) in thousandths of a point, added to the account's carried
 * remainder; the whole points are credited and the rest carried to the next round. One ledger row
 * per round (delta 0 when it earned nothing whole, or on a kind that earns nothing), then the
 * settling tail (the quests counting rounds are the quest engine's: platform/quests/). Nothing for a round without real money.
 */
export function roundEarningStatements(db: D1Database, e: RoundEarning, now = Date.now()): D1PreparedStatement[] {
  if (!(e.betMain > 0)) return [];
  const batch = crypto.randomUUID();
  const key = `round:${e.roundId}`;
  return [
    ensureAccount(db, "?1", [e.uid], now),
    wagerEarning(db, {
      uid: e.uid,
      key,
      reason: "round",
      ref: e.roundId,
      wagered: e.betMain,
      now,
      batch,
      kind: "g.kind",
      joins: "JOIN game_rounds r ON r.id = ?3 AND r.uid = a.uid JOIN games g ON g.id = r.game_id",
      // Only while the round's payment is unused, and while the bonus it was funded under pays.
      guard:
        "NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = ?1 AND key = ?8) AND (?9 IS NULL OR EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?9 AND status = 'active'))",
      binds: [e.operationKey, e.bonusId],
    }),
    ...settleStatements(db, e.uid, batch, now),
  ];
}

/** What a wager earns: the ledger row's key and reason, and the SQL that names its rate's kind and gates it. */
export interface WagerEarning {
  uid: number;
  key: string;
  reason: "round" | "sport";
  ref: string;
  /** Minor units of real money wagered. */
  wagered: number;
  now: number;
  batch: string;
  /** SQL for the key of `rates.<currency>.earn` (a column of `joins`, or a quoted literal). */
  kind: string;
  /** Joins after the account, programme and user (a, p, u); ?3 is `ref`. */
  joins?: string;
  /** A condition the wager must meet to earn; its own parameters are ?8 onwards (`binds`). */
  guard: string;
  binds?: unknown[];
}

/**
 * The one ledger row a real-money wager earns (rounds and settled sports bets alike): wagered ×
 * 1000 ÷ the programme's rate for the player's currency and kind, in thousandths of a point, added
 * to the account's carried remainder; the whole points credited (as experience too), the rest
 * carried. Keyed per wager, so a replay earns nothing. D1 binds a JS number as REAL: the wager (?4)
 * is cast so that the division is an integer one.
 */
export function wagerEarning(db: D1Database, w: WagerEarning): D1PreparedStatement {
  const rate = `CAST(json_extract(p.rates, '$.' || u.currency || '.earn.' || ${w.kind}) AS INTEGER)`;
  return db
    .prepare(
      `WITH m AS (
         SELECT a.uid, a.carry_milli AS carry, CASE WHEN COALESCE(${rate}, 0) > 0 THEN CAST(?4 AS INTEGER) * 1000 / ${rate} ELSE 0 END AS milli
         FROM loyalty_accounts a JOIN loyalty_programs p ON p.id = a.program_id AND p.is_active = 1 JOIN users u ON u.uid = a.uid ${w.joins ?? ""}
         WHERE a.uid = ?1 AND ${w.guard}
       )
       INSERT INTO loyalty_ledger (uid, key, reason, ref, delta, exp_delta, wagered, milli, created_at, batch_id)
       SELECT uid, ?2, ?7, ?3, (carry + milli) / 1000, (carry + milli) / 1000, ?4, milli, ?5, ?6 FROM m WHERE 1
       ON CONFLICT (uid, key) DO NOTHING`,
    )
    .bind(w.uid, w.key, w.ref, Math.trunc(w.wagered), w.now, w.batch, w.reason, ...(w.binds ?? []));
}

/**
 * A deposit's place in the programme, in the batch that settles it, after its status move: one
 * ledger row (delta 0) the first time it is `success`, then the tail.
 */
export function depositEarningStatements(db: D1Database, uid: number, transactionId: string, now = Date.now()): D1PreparedStatement[] {
  const batch = crypto.randomUUID();
  const key = `deposit:${transactionId}`;
  return [
    ensureAccount(db, "?1", [uid], now),
    db
      .prepare(
        `INSERT INTO loyalty_ledger (uid, key, reason, ref, delta, exp_delta, created_at, batch_id)
         SELECT x.uid, ?2, 'deposit', x.id, 0, 0, ?4, ?5 FROM cashier_transactions x JOIN loyalty_accounts a ON a.uid = x.uid
         WHERE x.id = ?3 AND x.uid = ?1 AND x.type = 'deposit' AND x.status = 'success'
         ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(uid, key, transactionId, now, batch),
    ...settleStatements(db, uid, batch, now),
  ];
}
