import type { MarketKind, Outcome, SportEvent, SportMarket } from "../../../core/api/contract-sportsbook";
import { PlatformError } from "../../../core/api/errors";
import { textsOf } from "../core/texts";
import { marketTitle, selectionLabel } from "./labels";

/** Rows of the sportsbook tables and how they read in the contract (decision 0049). */

export interface EventRow {
  id: number;
  league_id: number;
  sport: string;
  league_texts: string;
  home: string;
  away: string;
  starts_at: number;
  status: SportEvent["status"];
  score_home: number | null;
  score_away: number | null;
  minute: number | null;
  version: number;
}

/** An event's own columns (e: sport_events), its league's texts and sport read beside it. */
export const EVENT_OWN_COLUMNS = `e.id, e.league_id, e.home, e.away, e.starts_at, e.status, e.score_home, e.score_away, e.minute, e.version`;

/** An event with its sport's sysname and its league's texts (e: sport_events, l: sport_leagues, sp: sports). */
export const EVENT_COLUMNS = `e.id, e.league_id, sp.sysname AS sport, l.texts AS league_texts, e.home, e.away, e.starts_at, e.status,
  e.score_home, e.score_away, e.minute, e.version`;
export const EVENT_FROM = "sport_events e JOIN sport_leagues l ON l.id = e.league_id JOIN sports sp ON sp.id = l.sport_id";

/** One row per selection (with its market's columns), markets in position order. */
export interface MarketSelectionRow {
  event_id: number;
  market_id: number;
  kind: MarketKind;
  line: number | null;
  market_status: SportMarket["status"];
  id: number;
  outcome: Outcome;
  odds: number;
  result: "win" | "lose" | "void" | null;
}

export const MARKET_SELECTION_COLUMNS = `m.event_id, m.id AS market_id, m.kind, m.line, m.status AS market_status,
  s.id, s.outcome, s.odds, s.result`;

export interface Reader {
  locale: string;
  defaultLocale: string;
}

/** The events with their markets (rows of any of them, in order), labelled in the reader's locale. */
export function eventViews(events: EventRow[], rows: MarketSelectionRow[], reader: Reader): SportEvent[] {
  const byEvent = new Map<number, Map<number, SportMarket>>(events.map((e) => [e.id, new Map()]));
  const eventOf = new Map(events.map((e) => [e.id, e]));
  for (const r of rows) {
    const markets = byEvent.get(r.event_id);
    const e = eventOf.get(r.event_id);
    if (!markets || !e) continue;
    let m = markets.get(r.market_id);
    if (!m) {
      m = { id: r.market_id, kind: r.kind, line: r.line, status: r.market_status, title: marketTitle(e, r, reader.locale), selections: [] };
      markets.set(r.market_id, m);
    }
    m.selections.push({ id: r.id, outcome: r.outcome, label: selectionLabel(e, r, r.outcome, reader.locale), odds: r.odds, result: r.result });
  }
  return events.map((e) => ({
    id: e.id,
    sport: e.sport,
    league_id: e.league_id,
    league: textsOf(e.league_texts, reader.locale, reader.defaultLocale).title ?? "",
    home: e.home,
    away: e.away,
    starts_at: e.starts_at,
    status: e.status,
    score: e.score_home === null || e.score_away === null ? null : { home: e.score_home, away: e.score_away },
    minute: e.status === "live" ? e.minute : null,
    version: e.version,
    markets: [...byEvent.get(e.id)!.values()],
  }));
}

/** A sportsbook refusal: the HTTP status, `params.code` for the app to map to a message, and the field it is about. */
export function sportsbookError(code: string, message: string, status: number, field: string, params: Record<string, unknown> = {}): PlatformError {
  return new PlatformError("InvalidParameter", message, { status, params: { code, ...params }, fields: { [field]: [message] } });
}
