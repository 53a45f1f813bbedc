import { wagerEarning } from "../loyalty/earn";
import { ensureAccount, settleStatements } from "../loyalty/ledger";

/**
 * Loyalty points of a settled real-money bet (decision 0049), riding the settlement's batch after
 * the bet's UPDATE: a settled sports bet is a play like a round (DESIGN §7), so it earns as a round
 * does — its stake × 1000 ÷ the programme's `sport` rate for the player's currency, in thousandths
 * with the account's carried remainder — as a ledger row of reason 'sport' (migration 0032; the
 * points history names it) keyed `sport-bet:<id>` (once per bet). Only when this batch settled
 * it (settled_at = now) won, lost or cashed out in full on the main balance (decision 0105): a void bet got its stake back, and a free
 * bet staked bonus money, which never earns.
 */
export function betEarningStatements(db: D1Database, bet: { id: string; uid: number; stake: number }, now: number): D1PreparedStatement[] {
  const batch = crypto.randomUUID();
  return [
    ensureAccount(db, "?1", [bet.uid], now),
    wagerEarning(db, {
      uid: bet.uid,
      key: `sport-bet:${bet.id}`,
      reason: "sport",
      ref: bet.id,
      wagered: bet.stake,
      now,
      batch,
      kind: "'sport'",
      guard: "EXISTS (SELECT 1 FROM sport_bets b WHERE b.id = ?3 AND b.settled_at = ?5 AND b.funding = 'main' AND b.status IN ('won', 'lost', 'cashed_out'))",
    }),
    ...settleStatements(db, bet.uid, batch, now),
  ];
}
