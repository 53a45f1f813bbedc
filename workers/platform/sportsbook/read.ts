import { earlyPayoutLead } from "../../../core/early-payout";
import {
  type MarketKind,
  type Outcome,
  type SlipSelection,
  type Sport,
  type SportEvent,
  type SportEventDetail,
  type SportMarket,
  TIMELINE_ITEMS,
  type TimelineItem,
} from "../../../core/api/contract-sportsbook";
import { textsOf } from "../core/texts";
import { eventName, marketTitle, selectionLabel } from "./labels";
import {
  EVENT_COLUMNS,
  EVENT_FROM,
  EVENT_OWN_COLUMNS,
  eventViews,
  MARKET_SELECTION_COLUMNS,
  sportsbookError,
  type EventRow,
  type MarketSelectionRow,
  type Reader,
} from "./view";

/** The sportsbook's reads (decision 0049): few queries each — one for the events, one for their markets and selections (a list's events come with their main markets kept as one row: migration 0068). */

interface ReadDeps extends Reader {
  db: D1Database;
  /** The call's `ctx.shared` (a render's calls read the leagues once); absent: each call reads its own. */
  shared?: <T>(key: string, read: () => Promise<T>) => Promise<T>;
}

interface LeagueRow {
  sport_id: number;
  sport_sysname: string;
  sport_texts: string;
  sport_position: number;
  id: number | null;
  sysname: string;
  country: string | null;
  texts: string;
  position: number | null;
  live: number;
  prematch: number;
}

const LEAGUES_SQL = `SELECT sp.id AS sport_id, sp.sysname AS sport_sysname, sp.texts AS sport_texts, sp.position AS sport_position, l.id, l.sysname, l.country,
         l.texts, l.position, COALESCE(c.live, 0) AS live, COALESCE(c.prematch, 0) AS prematch
       FROM sports sp LEFT JOIN sport_leagues l ON l.sport_id = sp.id LEFT JOIN sport_league_events c ON c.league_id = l.id`;

/**
 * Every sport with its leagues and their open events by status (kept: migration 0067), read once
 * for the render's calls (`shared`): /betting asks getSports and getEvents, and getEvents reads
 * them in the same round trip as its events (`read`, called at once when the render has not read
 * them yet).
 */
function readLeagues(deps: ReadDeps, read: () => Promise<D1Result> = () => deps.db.prepare(LEAGUES_SQL).all()): Promise<LeagueRow[]> {
  const leagues = () => read().then((r) => r.results as LeagueRow[]);
  return deps.shared ? deps.shared("sportsbook-leagues", leagues) : leagues();
}

/**
 * getSports: every sport with its leagues and how many events not finished (prematch or live) each
 * has. Ordered here, not in SQL: D1 counts each row a sort passes as one more row read (issue 39).
 */
export async function readSports(deps: ReadDeps): Promise<{ items: Sport[] }> {
  // A copy: the sort below must not reorder what another call of the render shares.
  const results = [...(await readLeagues(deps))];
  // ORDER BY sp.position, sp.id, l.position, l.id (a sport without leagues has one row, l.* NULL: first, as SQLite sorts NULLs).
  const key = (v: number | null) => (v === null ? Number.NEGATIVE_INFINITY : v);
  results.sort((a, b) => a.sport_position - b.sport_position || a.sport_id - b.sport_id || key(a.position) - key(b.position) || key(a.id) - key(b.id));
  const sports = new Map<number, Sport>();
  for (const r of results) {
    let sport = sports.get(r.sport_id);
    if (!sport) {
      const title = textsOf(r.sport_texts, deps.locale, deps.defaultLocale).title ?? r.sport_sysname;
      sport = { id: r.sport_id, sysname: r.sport_sysname, title, events_count: 0, leagues: [] };
      sports.set(r.sport_id, sport);
    }
    if (r.id === null) continue;
    const title = textsOf(r.texts, deps.locale, deps.defaultLocale).title ?? r.sysname;
    const events_count = r.live + r.prematch;
    sport.leagues.push({ id: r.id, sysname: r.sysname, title, country: r.country, events_count });
    sport.events_count += events_count;
  }
  return { items: [...sports.values()] };
}

export interface EventsQuery {
  sport?: string;
  league_id?: number;
  status: "live" | "prematch" | "all";
  offset: number;
  count: number;
}

/**
 * getEvents: not finished, live first then by start time, with their main markets still taking or
 * pausing bets. A page reads its own events, not every open one (issue 39): the leagues come first
 * with their kept counts (migration 0067), which give the total, where the live events end, and
 * each event's league texts and sport; then each status's part of the page is one index range
 * (sport_events_by_status, or _by_league) of its own events, without a join.
 */
export async function readEvents(deps: ReadDeps, q: EventsQuery): Promise<{ items: SportEvent[]; count: number }> {
  // The leagues and the page's events in one round trip: the page's bounds come from the kept
  // counts in SQL, so the events' statement need not wait for the leagues' answer.
  // (Another call of the render that read them first shares its read instead.)
  const events = eventsStatement(deps.db, q);
  let both: Promise<D1Result[]> | undefined;
  const leaguesRead = readLeagues(deps, () => {
    both = deps.db.batch([deps.db.prepare(LEAGUES_SQL), events]);
    return both.then(([leagues]) => leagues!);
  });
  const [all, page] = await Promise.all([leaguesRead, both ? both.then(([, rows]) => rows!) : events.all()]);
  if (q.sport !== undefined && !all.some((l) => l.sport_sysname === q.sport)) throw sportsbookError("unknown_sport", "No such sport", 404, "sport");
  if (q.league_id !== undefined && !all.some((l) => l.id === q.league_id)) throw sportsbookError("unknown_league", "No such league", 404, "league_id");
  const leagues = all.flatMap((l) => (l.id === null ? [] : [{ id: l.id, texts: l.texts, sport: l.sport_sysname, live: l.live, prematch: l.prematch }]));
  const asked = leagues.filter((l) => (q.sport === undefined || l.sport === q.sport) && (q.league_id === undefined || l.id === q.league_id));
  const sum = (k: "live" | "prematch") => (q.status === "all" || q.status === k ? asked.reduce((n, l) => n + l[k], 0) : 0);
  const count = sum("live") + sum("prematch");
  const byLeague = new Map(leagues.map((l) => [l.id, l]));
  const rows: EventRow[] = [];
  const markets: OrderedRow[] = [];
  for (const { main_markets, ...e } of page.results as (Omit<EventRow, "sport" | "league_texts"> & { main_markets: string | null })[]) {
    const league = byLeague.get(e.league_id);
    rows.push({ ...e, sport: league?.sport ?? "", league_texts: league?.texts ?? "{}" });
    markets.push(...mainMarketRows(e.id, main_markets));
  }
  // Live first (as ORDER BY e.status = 'live' DESC, e.starts_at, e.id).
  const rank = (e: EventRow) => (e.status === "live" ? 0 : 1);
  const sorted = rows.sort((a, b) => rank(a) - rank(b) || a.starts_at - b.starts_at || a.id - b.id);
  return { items: eventViews(sorted, inMarketOrder(markets), deps), count };
}

/**
 * getEvents' page of events, each with its main markets kept as one row (sport_event_main,
 * migration 0068): positions [0, L) of the list are the live events and [L, …) the prematch ones,
 * L the asked leagues' kept live count (migration 0067), so each status's part of the page is one
 * index range (sport_events_by_status, or _by_league) of its own events, bounded in SQL.
 */
function eventsStatement(db: D1Database, q: EventsQuery): D1PreparedStatement {
  const inLeagues = (column: string) =>
    q.league_id !== undefined
      ? ` AND ${column} = ${Math.trunc(q.league_id)}`
      : q.sport !== undefined
        ? ` AND ${column} IN (SELECT l.id FROM sport_leagues l JOIN sports sp ON sp.id = l.sport_id WHERE sp.sysname = ?1)`
        : "";
  const from = Math.trunc(q.offset);
  const to = from + Math.trunc(q.count);
  const part = (status: "live" | "prematch", limit: string | number, offset: string | number) =>
    `SELECT p.*, x.markets AS main_markets FROM (SELECT ${EVENT_OWN_COLUMNS} FROM sport_events e WHERE e.status = '${status}'${inLeagues("e.league_id")}
     ORDER BY e.starts_at, e.id LIMIT ${limit} OFFSET ${offset}) p LEFT JOIN sport_event_main x ON x.event_id = p.id`;
  const live = `(SELECT COALESCE(SUM(c.live), 0) FROM sport_league_events c WHERE 1${inLeagues("c.league_id")})`;
  const parts =
    q.status === "live"
      ? [part("live", to - from, from)]
      : q.status === "prematch"
        ? [part("prematch", to - from, from)]
        : [
            part("live", `max(0, min(${to}, ${live}) - ${from})`, from),
            part("prematch", `max(0, ${to} - max(${from}, ${live}))`, `max(${from}, ${live}) - ${live}`),
          ];
  const statement = db.prepare(parts.join(" UNION ALL "));
  return q.sport !== undefined && q.league_id === undefined ? statement.bind(q.sport) : statement;
}

/** One item of sport_event_main.markets (migration 0068). */
type MainItem = [number, MarketKind, number | null, SportMarket["status"], number, number, Outcome, number, MarketSelectionRow["result"], number];

/** An event's main markets and selections, open or suspended, from its kept row ([]: none). */
function mainMarketRows(eventId: number, json: string | null): OrderedRow[] {
  const items = json ? (JSON.parse(json) as MainItem[]) : [];
  return items.map(([market_id, kind, line, market_status, market_position, id, outcome, odds, result, selection_position]) => ({
    event_id: eventId,
    market_id,
    kind,
    line,
    market_status,
    id,
    outcome,
    odds,
    result,
    market_position,
    selection_position,
  }));
}

/** getEvent: one event (finished ones too) with all its markets. */
export async function readEvent(deps: ReadDeps, eventId: number): Promise<SportEventDetail> {
  const [events, rows, moments] = await deps.db.batch<EventRow | MarketSelectionRow | TimelineRow>([
    deps.db.prepare(`SELECT ${EVENT_COLUMNS} FROM ${EVENT_FROM} WHERE e.id = ?1`).bind(eventId),
    marketStatement(deps.db, [eventId], ""),
    // The match tracker (decision 0109): the newest moments first.
    deps.db
      .prepare("SELECT kind, side, minute, home, away, at FROM sport_event_timeline WHERE event_id = ?1 ORDER BY version DESC LIMIT ?2")
      .bind(eventId, TIMELINE_ITEMS),
  ]);
  const event = events!.results[0] as EventRow | undefined;
  if (!event) throw sportsbookError("unknown_event", "No such event", 404, "event_id");
  const timeline = (moments!.results as TimelineRow[]).map(({ home, away, ...m }) => ({
    ...m,
    score: home === null || away === null ? null : { home, away },
  }));
  return { ...eventViews([event], inMarketOrder(rows!.results as OrderedRow[]), deps)[0]!, timeline };
}

type TimelineRow = Omit<TimelineItem, "score"> & { home: number | null; away: number | null };

/**
 * The markets and selections of some events. Ordered in code, not by SQLite (whose sort adds every
 * row it passes to the rows read), and the ids written in as VALUES (json_each's rows count too).
 */
function marketStatement(db: D1Database, eventIds: number[], filter: string): D1PreparedStatement {
  const ids = eventIds.map((id) => {
    if (!Number.isSafeInteger(id)) throw new TypeError(`not an event id: ${id}`);
    return `(${id})`;
  });
  return db.prepare(
    `SELECT ${MARKET_SELECTION_COLUMNS}, m.position AS market_position, s.position AS selection_position
     FROM (VALUES ${ids.join(", ")}) v CROSS JOIN sport_markets m ON m.event_id = v.column1 JOIN sport_selections s ON s.market_id = m.id
     WHERE 1 ${filter}`,
  );
}

type OrderedRow = MarketSelectionRow & { market_position: number; selection_position: number };

/** ORDER BY m.event_id, m.position, m.id, s.position, s.id */
function inMarketOrder(rows: OrderedRow[]): MarketSelectionRow[] {
  rows.sort(
    (a, b) =>
      a.event_id - b.event_id ||
      a.market_position - b.market_position ||
      a.market_id - b.market_id ||
      a.selection_position - b.selection_position ||
      a.id - b.id,
  );
  return rows.map(({ market_position: _m, selection_position: _s, ...row }) => row);
}

/** A selection with its market and event, as placement and the slip read it. */
export interface SlipRow {
  id: number;
  outcome: MarketSelectionRow["outcome"];
  odds: number;
  market_id: number;
  kind: MarketSelectionRow["kind"];
  line: number | null;
  market_status: SlipSelection["market_status"];
  event_id: number;
  home: string;
  away: string;
  event_status: SlipSelection["event_status"];
  score_home: number | null;
  score_away: number | null;
  minute: number | null;
  sport: string;
}

export function slipStatement(db: D1Database, ids: number[]): D1PreparedStatement {
  return db
    .prepare(
      `SELECT s.id, s.outcome, s.odds, m.id AS market_id, m.kind, m.line, m.status AS market_status,
         e.id AS event_id, e.home, e.away, e.status AS event_status, e.score_home, e.score_away, e.minute, sp.sysname AS sport
       FROM sport_selections s JOIN sport_markets m ON m.id = s.market_id JOIN sport_events e ON e.id = m.event_id
         JOIN sport_leagues l ON l.id = e.league_id JOIN sports sp ON sp.id = l.sport_id
       WHERE s.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids));
}

/** The selections of `ids` that exist, in the order asked. */
export async function readSlip(db: D1Database, ids: number[]): Promise<SlipRow[]> {
  const { results } = await slipStatement(db, ids).all<SlipRow>();
  const byId = new Map(results.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function slipView(r: SlipRow, reader: Reader): SlipSelection {
  return {
    id: r.id,
    event_id: r.event_id,
    event: eventName(r),
    event_status: r.event_status,
    market_id: r.market_id,
    market: marketTitle(r, r, reader.locale),
    market_status: r.market_status,
    label: selectionLabel(r, r, r.outcome, reader.locale),
    odds: r.odds,
    builder_leg: asBuilderLeg(r),
    sport: r.sport,
    score: r.event_status === "live" && r.score_home !== null && r.score_away !== null ? { home: r.score_home, away: r.score_away } : null,
    minute: r.event_status === "live" ? r.minute : null,
    early_payout: earlyPayoutLead(r.sport, r.kind, r.outcome),
  };
}

/** A selection of the board as a bet builder's leg, or null (a whole-number line can end level: decision 0102). */
function asBuilderLeg(r: Pick<SlipRow, "kind" | "line" | "outcome">): string | null {
  if (r.kind === "match_result") return `result:${r.outcome}`;
  if (r.line === null || r.line % 100 === 0) return null;
  return `${r.kind}:${r.outcome}:${r.line}`;
}
