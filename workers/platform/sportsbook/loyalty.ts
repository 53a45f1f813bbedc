import { ensureAccount, settleStatements } from "../loyalty/ledger";

/**
 * Loyalty points of a settled real-money bet (decision 0049), riding the settlement's batch after
 * the bet's UPDATE: a settled sports bet is a play like a round (DESIGN §7), so it earns as a round
 * does — its stake × 1000 ÷ the programme's `sport` rate for the player's currency, in thousandths
 * with the account's carried remainder — as a ledger row of reason 'sport' (migration 0032; the
 * points history names it) keyed `sport-bet:<id>` (once per bet). Only when this batch settled
 * it (settled_at = now) won or lost on the main balance: a void bet got its stake back, and a free
 * bet staked bonus money, which never earns.
 */
export function betEarningStatements(db: D1Database, bet: { id: string; uid: number; stake: number }, now: number): D1PreparedStatement[] {
  const batch = crypto.randomUUID();
  const rate = `CAST(json_extract(p.rates, '$.' || u.currency || '.earn.sport') AS INTEGER)`;
  return [
    ensureAccount(db, "?1", [bet.uid], now),
    db
      .prepare(
        `WITH m AS (
           SELECT a.uid, a.carry_milli AS carry, CASE WHEN COALESCE(${rate}, 0) > 0 THEN CAST(?4 AS INTEGER) * 1000 / ${rate} ELSE 0 END AS milli
           FROM loyalty_accounts a JOIN loyalty_programs p ON p.id = a.program_id AND p.is_active = 1 JOIN users u ON u.uid = a.uid
           WHERE a.uid = ?1 AND EXISTS (SELECT 1 FROM sport_bets b WHERE b.id = ?3 AND b.settled_at = ?5 AND b.funding = 'main' AND b.status IN ('won', 'lost'))
         )
         INSERT INTO loyalty_ledger (uid, key, reason, ref, delta, exp_delta, wagered, milli, created_at, batch_id)
         SELECT uid, ?2, 'sport', ?3, (carry + milli) / 1000, (carry + milli) / 1000, ?4, milli, ?5, ?6 FROM m WHERE 1
         ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(bet.uid, `sport-bet:${bet.id}`, bet.id, Math.trunc(bet.stake), now, batch),
    ...settleStatements(db, bet.uid, batch, now),
  ];
}
