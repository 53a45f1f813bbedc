import { type MarketKind, type Outcome, parseBuilderLeg, type SportBet } from "../../../core/api/contract-sportsbook";
import { systemLines, systemReturn } from "../../../core/system-bets";
import { builderLegLabels, eventName, type LabelEvent, marketTitle, selectionLabel } from "./labels";
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
  system_from: number | null;
  system_to: number | null;
  open_stake: number;
  cashed_out: number;
  auto_cashout: number | null;
}

/** A leg as the player's tables keep it: a selection of the board, or a builder's own leg (`leg`). */
interface StoredLeg {
  bet_id: string;
  selection_id: number | null;
  leg: string | null;
  event_id: number;
  odds: number;
  result: "win" | "lose" | "void" | null;
  early: number;
}

interface LegRow extends StoredLeg {
  event: string;
  market: string;
  label: string;
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

/**
 * What a bet pays on a win at these odds: the gross return on the stake still riding (a partial
 * cash-out took the rest off), less the stake for a free bet without stake return, capped at max_payout.
 */
export function winPayout(bet: Pick<BetRow, "stake" | "open_stake" | "funding" | "stake_returned" | "max_payout">, odds: number[]): number {
  const gross = grossReturn(bet.open_stake, odds);
  const pays = bet.funding === "betting_bonus" && !bet.stake_returned ? gross - bet.stake : gross;
  return bet.max_payout === null ? pays : Math.min(pays, bet.max_payout);
}

/**
 * The bets' legs with what labels them: the legs are the player's (`tables`, their own tables),
 * the selections, markets and events the feed's (`site`, D1, which holds them all; a player's
 * object holds only the rows its calls brought): read apart and joined here, a leg shown only
 * when its selection and event are known (as the one joined statement did before decision 0075).
 */
async function legsOf(tables: D1Database, site: D1Database, betIds: string[], locale: string): Promise<LegRow[]> {
  const { results: legs } = await tables
    .prepare(
      `SELECT bet_id, selection_id, leg, event_id, odds, result, early FROM sport_bet_legs
       WHERE bet_id IN (SELECT value FROM json_each(?1)) ORDER BY bet_id, position`,
    )
    .bind(JSON.stringify(betIds))
    .all<StoredLeg>();
  if (!legs.length) return [];
  const [selections, events] = await site.batch<Record<string, unknown>>([
    site
      .prepare(
        `SELECT s.id, s.outcome, m.kind, m.line FROM sport_selections s JOIN sport_markets m ON m.id = s.market_id
         WHERE s.id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify([...new Set(legs.flatMap((l) => (l.selection_id === null ? [] : [l.selection_id])))])),
    site
      .prepare(
        `SELECT e.id, e.home, e.away, sp.sysname AS sport FROM sport_events e JOIN sport_leagues l ON l.id = e.league_id JOIN sports sp ON sp.id = l.sport_id
         WHERE e.id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify([...new Set(legs.map((l) => l.event_id))])),
  ]);
  type Selection = { outcome: Outcome; kind: MarketKind; line: number | null };
  const selection = new Map((selections!.results as (Selection & { id: number })[]).map(({ id, ...s }) => [id, s]));
  const event = new Map((events!.results as unknown as (LabelEvent & { id: number })[]).map(({ id, ...e }) => [id, e]));
  return legs.flatMap((l) => {
    const e = event.get(l.event_id);
    if (!e) return [];
    if (l.leg !== null) {
      const leg = parseBuilderLeg(l.leg);
      return leg ? [{ ...l, event: eventName(e), ...builderLegLabels(e, leg, locale) }] : [];
    }
    const s = selection.get(l.selection_id!);
    return s ? [{ ...l, event: eventName(e), market: marketTitle(e, s, locale), label: selectionLabel(e, s, s.outcome, locale) }] : [];
  });
}

/** A system bet's lines at its stake per line (decision 0106), its legs' results as far as they are decided. */
export function systemOf(b: Pick<BetRow, "stake" | "system_from" | "system_to">, legs: Pick<StoredLeg, "odds" | "result">[]) {
  if (b.system_from === null || b.system_to === null) return null;
  const lines = systemLines(legs.length, b.system_from, b.system_to);
  const lineStake = Math.floor(b.stake / lines);
  return { from: b.system_from, to: b.system_to, lineStake, ...systemReturn(lineStake, legs, b.system_from, b.system_to) };
}

/**
 * What a bet pays if it wins from here: its legs' odds multiplied, a builder's one price, or what a
 * system's lines pay if every leg not yet decided wins.
 */
export const potentialReturn = (b: BetRow, legs: Pick<StoredLeg, "odds" | "result">[]) =>
  b.kind === "system" ? (systemOf(b, legs)?.total ?? 0) : winPayout(b, b.kind === "builder" ? [b.odds] : legs.map((l) => l.odds));

export function betViews(bets: BetRow[], legs: LegRow[]): SportBet[] {
  const byBet = Map.groupBy(legs, (l) => l.bet_id);
  return bets.map((b) => {
    const own = byBet.get(b.id) ?? [];
    const system = systemOf(b, own);
    return {
      id: b.id,
      kind: b.kind,
      system: system && {
        from: system.from,
        to: system.to,
        lines: system.lines,
        alive: system.alive,
        line_stake: { amount: system.lineStake, currency: b.currency },
      },
      status: b.status,
      stake: { amount: b.stake, currency: b.currency },
      odds: b.odds,
      potential_return: { amount: potentialReturn(b, own), currency: b.currency },
      payout: b.payout === null ? null : { amount: b.payout, currency: b.currency },
      open_stake: { amount: b.open_stake, currency: b.currency },
      cashed_out: { amount: b.cashed_out, currency: b.currency },
      auto_cashout: b.auto_cashout === null ? null : { amount: b.auto_cashout, currency: b.currency },
      funding: b.funding,
      stake_returned: b.stake_returned === 1,
      placed_at: b.placed_at,
      settled_at: b.settled_at,
      legs: own.map((l) => ({
        selection_id: l.selection_id,
        leg: l.leg,
        event_id: l.event_id,
        event: l.event,
        market: l.market,
        label: l.label,
        odds: l.odds,
        result: l.result,
        early: l.early === 1,
      })),
    };
  });
}

/** Reads bets (rows already chosen, from the player's `tables`) with their legs, labelled from the feed's rows in `site`. */
export async function withLegs(tables: D1Database, site: D1Database, bets: BetRow[], reader: Reader): Promise<SportBet[]> {
  if (!bets.length) return [];
  const legs = await legsOf(
    tables,
    site,
    bets.map((b) => b.id),
    reader.locale,
  );
  return betViews(bets, legs);
}

/** A page of player `uid`'s bets: `tables`, their own tables; `site`, D1 (the feed's rows). */
export async function readBets(
  tables: D1Database,
  site: D1Database,
  uid: number,
  q: { status: "open" | "settled" | "all"; offset: number; count: number },
  reader: Reader,
): Promise<{ items: SportBet[]; count: number }> {
  const where = q.status === "open" ? "AND status = 'open'" : q.status === "settled" ? "AND status <> 'open'" : "";
  const [rows, total] = await tables.batch<BetRow | { n: number }>([
    tables.prepare(`SELECT * FROM sport_bets WHERE uid = ?1 ${where} ORDER BY placed_at DESC, id LIMIT ?2 OFFSET ?3`).bind(uid, q.count, q.offset),
    tables.prepare(`SELECT COUNT(*) AS n FROM sport_bets WHERE uid = ?1 ${where}`).bind(uid),
  ]);
  const items = await withLegs(tables, site, rows!.results as BetRow[], reader);
  return { items, count: (total!.results[0] as { n: number }).n };
}
