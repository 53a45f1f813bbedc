import type { SportBet } from "../../../core/api/contract-sportsbook";
import { eventName, marketTitle, selectionLabel } from "./labels";
import type { Reader } from "./view";

/** A player's bets as the contract shows them (placeBet's answer, getBets), labelled in the reader's locale. */

export interface BetRow {
  id: string;
  uid: number;
  key: string;
  kind: SportBet["kind"];
  status: SportBet["status"];
  currency: string;
  stake: number;
  odds: number;
  funding: SportBet["funding"];
  bonus_id: string | null;
  stake_returned: number;
  max_payout: number | null;
  payout: number | null;
  placed_at: number;
  settled_at: number | null;
}

interface LegRow {
  bet_id: string;
  selection_id: number;
  event_id: number;
  odds: number;
  result: "win" | "lose" | "void" | null;
  outcome: "home" | "draw" | "away" | "over" | "under";
  kind: "match_result" | "total" | "handicap";
  line: number | null;
  home: string;
  away: string;
  sport: string;
}

/** ⌊stake × Π odds / 100ⁿ⌋ in exact integer arithmetic (odds in hundredths). */
export function grossReturn(stake: number, odds: number[]): number {
  const num = odds.reduce((p, o) => p * BigInt(o), BigInt(stake));
  return Number(num / 100n ** BigInt(odds.length));
}

/** The combined odds in hundredths, rounded down: ⌊Π odds / 100ⁿ⁻¹⌋ (1.00 with no leg). */
export function combinedOdds(odds: number[]): number {
  if (!odds.length) return 100;
  return Number(odds.reduce((p, o) => p * BigInt(o), 1n) / 100n ** BigInt(odds.length - 1));
}

/** What a bet pays on a win at these odds: the gross return, less the stake for a free bet without stake return, capped at max_payout. */
export function winPayout(bet: Pick<BetRow, "stake" | "funding" | "stake_returned" | "max_payout">, odds: number[]): number {
  const gross = grossReturn(bet.stake, odds);
  const pays = bet.funding === "betting_bonus" && !bet.stake_returned ? gross - bet.stake : gross;
  return bet.max_payout === null ? pays : Math.min(pays, bet.max_payout);
}

export function legsStatement(db: D1Database, betIds: string[]): D1PreparedStatement {
  return db
    .prepare(
      `SELECT g.bet_id, g.selection_id, g.event_id, g.odds, g.result, s.outcome, m.kind, m.line, e.home, e.away, sp.sysname AS sport
       FROM sport_bet_legs g JOIN sport_selections s ON s.id = g.selection_id JOIN sport_markets m ON m.id = s.market_id
       JOIN sport_events e ON e.id = g.event_id JOIN sport_leagues l ON l.id = e.league_id JOIN sports sp ON sp.id = l.sport_id
       WHERE g.bet_id IN (SELECT value FROM json_each(?1)) ORDER BY g.bet_id, g.position`,
    )
    .bind(JSON.stringify(betIds));
}

export function betViews(bets: BetRow[], legs: LegRow[], reader: Reader): SportBet[] {
  const byBet = Map.groupBy(legs, (l) => l.bet_id);
  return bets.map((b) => {
    const own = byBet.get(b.id) ?? [];
    return {
      id: b.id,
      kind: b.kind,
      status: b.status,
      stake: { amount: b.stake, currency: b.currency },
      odds: b.odds,
      potential_return: {
        amount: winPayout(
          b,
          own.map((l) => l.odds),
        ),
        currency: b.currency,
      },
      payout: b.payout === null ? null : { amount: b.payout, currency: b.currency },
      funding: b.funding,
      stake_returned: b.stake_returned === 1,
      placed_at: b.placed_at,
      settled_at: b.settled_at,
      legs: own.map((l) => ({
        selection_id: l.selection_id,
        event_id: l.event_id,
        event: eventName(l),
        market: marketTitle(l, l, reader.locale),
        label: selectionLabel(l, l, l.outcome, reader.locale),
        odds: l.odds,
        result: l.result,
      })),
    };
  });
}

/** Reads bets (rows already chosen) with their legs: one query for the legs. */
export async function withLegs(db: D1Database, bets: BetRow[], reader: Reader): Promise<SportBet[]> {
  if (!bets.length) return [];
  const { results } = await legsStatement(
    db,
    bets.map((b) => b.id),
  ).all<LegRow>();
  return betViews(bets, results, reader);
}

export async function readBets(
  db: D1Database,
  uid: number,
  q: { status: "open" | "settled" | "all"; offset: number; count: number },
  reader: Reader,
): Promise<{ items: SportBet[]; count: number }> {
  const where = q.status === "open" ? "AND status = 'open'" : q.status === "settled" ? "AND status <> 'open'" : "";
  const [rows, total] = await db.batch<BetRow | { n: number }>([
    db.prepare(`SELECT * FROM sport_bets WHERE uid = ?1 ${where} ORDER BY placed_at DESC, id LIMIT ?2 OFFSET ?3`).bind(uid, q.count, q.offset),
    db.prepare(`SELECT COUNT(*) AS n FROM sport_bets WHERE uid = ?1 ${where}`).bind(uid),
  ]);
  const items = await withLegs(db, rows!.results as BetRow[], reader);
  return { items, count: (total!.results[0] as { n: number }).n };
}
