import type { Outcome } from "./feed-odds";
import { MAX_ODDS, MIN_ODDS } from "./feed-odds";
import { settleMarket } from "./feed-results";
import type { FeedStep } from "./feed-script";
import { settleEvent } from "./settle";
import { autoCashOuts } from "./cashout";
import { earlyPayoutLead, earlyWinner } from "../../../core/early-payout";

/** A step the event cannot take: 400 (bad ids or values), 404 (no event), 409 (the event is over). */
export class FeedError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "FeedError";
  }
}

export interface LoadedMarket {
  id: number;
  kind: "match_result" | "total" | "handicap";
  line: number | null;
  is_main: number;
  status: "open" | "suspended" | "settled" | "void";
  selections: { id: number; outcome: Outcome; odds: number; result: "win" | "lose" | "void" | null }[];
}
export interface LoadedEvent {
  id: number;
  league_id: number;
  starts_at: number;
  status: "prematch" | "live" | "finished" | "cancelled";
  score_home: number | null;
  score_away: number | null;
  minute: number | null;
  script: number;
  step: number;
  autoplay: number;
  version: number;
  has_draw: number;
  sport: string;
  markets: LoadedMarket[];
}

/** The `sports.event` data of the live socket (shared interface 3): the event's full market state. */
export interface SportsEventData {
  event_id: number;
  version: number;
  status: LoadedEvent["status"];
  score: { home: number; away: number } | null;
  minute: number | null;
  markets: { id: number; status: LoadedMarket["status"]; selections: { id: number; odds: number; result: LoadedMarket["selections"][number]["result"] }[] }[];
}

export async function loadEvent(db: D1Database, eventId: number): Promise<LoadedEvent | null> {
  // biome-ignore lint/suspicious/noExplicitAny: one batch of two row shapes; the event row is cast where read
  const [ev, rows] = await db.batch<any>([
    db
      .prepare(
        `SELECT e.id, e.league_id, e.starts_at, e.status, e.score_home, e.score_away, e.minute, e.script, e.step, e.autoplay, e.version,
                l.has_draw, s.sysname AS sport
         FROM sport_events e JOIN sport_leagues l ON l.id = e.league_id JOIN sports s ON s.id = l.sport_id WHERE e.id = ?`,
      )
      .bind(eventId),
    db
      .prepare(
        `SELECT m.id AS market_id, m.kind, m.line, m.is_main, m.status AS market_status, x.id, x.outcome, x.odds, x.result
         FROM sport_markets m JOIN sport_selections x ON x.market_id = m.id
         WHERE m.event_id = ? ORDER BY m.position, m.id, x.position, x.id`,
      )
      .bind(eventId),
  ]);
  const event = ev!.results[0] as Omit<LoadedEvent, "markets"> | undefined;
  if (!event) return null;
  const markets = new Map<number, LoadedMarket>();
  for (const r of rows!.results) {
    let m = markets.get(r.market_id);
    if (!m) markets.set(r.market_id, (m = { id: r.market_id, kind: r.kind, line: r.line, is_main: r.is_main, status: r.market_status, selections: [] }));
    m.selections.push({ id: r.id, outcome: r.outcome, odds: r.odds, result: r.result });
  }
  return { ...event, markets: [...markets.values()] };
}

/**
 * What the match tracker keeps of a step (decision 0109): the kick-off, a goal (one side's score up
 * by one: its side), any other change of the score, the end; nothing for odds or suspensions.
 */
function timelineEntry(
  e: LoadedEvent,
  step: FeedStep,
): { kind: string; side: "home" | "away" | null; minute: number | null; home: number | null; away: number | null } | null {
  if (step.type === "live") return e.status === "prematch" ? { kind: "kickoff", side: null, minute: 0, home: 0, away: 0 } : null;
  if (step.type === "finish") return { kind: "finished", side: null, minute: null, home: step.home, away: step.away };
  if (step.type === "cancel") return { kind: "cancelled", side: null, minute: null, home: e.score_home, away: e.score_away };
  if (step.type !== "score") return null;
  const before = { home: e.score_home ?? 0, away: e.score_away ?? 0 };
  if (step.home === before.home && step.away === before.away) return null;
  const minute = isScore(step.minute) ? step.minute! : e.minute;
  const side = step.home === before.home + 1 && step.away === before.away ? "home" : step.away === before.away + 1 && step.home === before.home ? "away" : null;
  return { kind: side ? "goal" : "score", side, minute, home: step.home, away: step.away };
}

/**
 * The early payouts a score gives (decision 0107): each match-result market still taking its result
 * whose side now leads by the sport's margin pays that side early, once (the row's key).
 */
function earlyPayouts(db: D1Database, e: LoadedEvent, home: number, away: number, minute: number | null, now: number): D1PreparedStatement[] {
  return e.markets.flatMap((m) => {
    const lead = m.status === "open" || m.status === "suspended" ? earlyPayoutLead(e.sport, m.kind) : null;
    const side = lead === null ? null : earlyWinner(lead, home, away);
    const selection = side && m.selections.find((s) => s.outcome === side);
    if (!selection) return [];
    return [
      db
        .prepare(
          "INSERT INTO sport_early_payouts (selection_id, event_id, home, away, minute, paid_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (selection_id) DO NOTHING",
        )
        .bind(selection.id, e.id, home, away, minute, now),
    ];
  });
}

export function eventData(e: LoadedEvent): SportsEventData {
  return {
    event_id: e.id,
    version: e.version,
    status: e.status,
    score: e.score_home === null || e.score_away === null ? null : { home: e.score_home, away: e.score_away },
    minute: e.minute,
    markets: e.markets.map((m) => ({ id: m.id, status: m.status, selections: m.selections.map((s) => ({ id: s.id, odds: s.odds, result: s.result })) })),
  };
}

const isScore = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= 999;

/**
 * Applies one step to D1 in one batch: odds, market status, the event's status, score and minute,
 * version + 1 (and step + 1 when the step came from the event's script, so the script's next step
 * stays the step-th). A finish writes every selection's result and each market settled (or void
 * on an equal line); a cancel voids everything. Both then settle the bets (settle.ts). Answers the
 * event's new state.
 */
export async function applyStep(env: Env, eventId: number, step: FeedStep, now = Date.now(), opts: { scripted?: boolean } = {}): Promise<SportsEventData> {
  const db = env.DB;
  const e = await loadEvent(db, eventId);
  if (!e) throw new FeedError(404, `No sport event ${eventId}`);
  if (e.status === "finished" || e.status === "cancelled") throw new FeedError(409, `Event ${eventId} is ${e.status}: it takes no more steps`);
  const markets = new Map(e.markets.map((m) => [m.id, m]));
  const selections = new Map(e.markets.flatMap((m) => m.selections.map((s) => [s.id, m] as const)));
  const stmts: D1PreparedStatement[] = [];
  const early: D1PreparedStatement[] = [];

  const changes = "changes" in step ? (step.changes ?? []) : [];
  for (const c of changes) {
    const m = selections.get(c.selection_id);
    if (!m) throw new FeedError(400, `Selection ${c.selection_id} is not one of event ${eventId}'s`);
    if (!Number.isSafeInteger(c.odds) || c.odds < MIN_ODDS || c.odds > MAX_ODDS)
      throw new FeedError(400, `odds must be a whole number from ${MIN_ODDS} to ${MAX_ODDS} (hundredths)`);
    if (m.status === "open" || m.status === "suspended")
      stmts.push(db.prepare("UPDATE sport_selections SET odds = ? WHERE id = ?").bind(c.odds, c.selection_id));
  }

  switch (step.type) {
    case "odds":
      break;
    case "suspend":
    case "resume": {
      for (const id of step.market_ids) if (!markets.has(id)) throw new FeedError(400, `Market ${id} is not one of event ${eventId}'s`);
      const [to, from] = step.type === "suspend" ? ["suspended", "open"] : ["open", "suspended"];
      for (const id of step.market_ids) stmts.push(db.prepare("UPDATE sport_markets SET status = ? WHERE id = ? AND status = ?").bind(to, id, from));
      break;
    }
    case "live":
      stmts.push(
        db
          .prepare(
            "UPDATE sport_events SET status = 'live', score_home = COALESCE(score_home, 0), score_away = COALESCE(score_away, 0), minute = COALESCE(minute, 0) WHERE id = ?",
          )
          .bind(eventId),
      );
      break;
    case "score":
      if (!isScore(step.home) || !isScore(step.away)) throw new FeedError(400, "home and away are whole numbers from 0 to 999");
      stmts.push(
        db
          .prepare("UPDATE sport_events SET status = 'live', score_home = ?, score_away = ?, minute = COALESCE(?, minute, 0) WHERE id = ?")
          .bind(step.home, step.away, isScore(step.minute) ? step.minute : null, eventId),
      );
      early.push(...earlyPayouts(db, e, step.home, step.away, isScore(step.minute) ? step.minute! : e.minute, now));
      break;
    case "finish":
      if (!isScore(step.home) || !isScore(step.away)) throw new FeedError(400, "home and away are whole numbers from 0 to 999");
      stmts.push(
        db
          .prepare("UPDATE sport_events SET status = 'finished', score_home = ?, score_away = ?, minute = NULL WHERE id = ?")
          .bind(step.home, step.away, eventId),
      );
      for (const m of e.markets) {
        if (m.status === "void" || m.status === "settled") continue;
        const settled = settleMarket(m, step.home, step.away);
        stmts.push(db.prepare("UPDATE sport_markets SET status = ? WHERE id = ?").bind(settled.status, m.id));
        for (const r of settled.results) stmts.push(db.prepare("UPDATE sport_selections SET result = ? WHERE id = ?").bind(r.result, r.id));
      }
      break;
    case "cancel":
      stmts.push(
        db.prepare("UPDATE sport_events SET status = 'cancelled', minute = NULL WHERE id = ?").bind(eventId),
        db.prepare("UPDATE sport_markets SET status = 'void' WHERE event_id = ?").bind(eventId),
        db.prepare("UPDATE sport_selections SET result = 'void' WHERE market_id IN (SELECT id FROM sport_markets WHERE event_id = ?)").bind(eventId),
      );
      break;
    default:
      throw new FeedError(400, "Unknown step type");
  }
  stmts.push(db.prepare("UPDATE sport_events SET step = step + ?, version = version + 1 WHERE id = ?").bind(opts.scripted ? 1 : 0, eventId));
  const moment = timelineEntry(e, step);
  if (moment) {
    stmts.push(
      db
        .prepare(
          "INSERT INTO sport_event_timeline (event_id, version, kind, side, minute, home, away, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT DO NOTHING",
        )
        .bind(eventId, e.version + 1, moment.kind, moment.side, moment.minute, moment.home, moment.away, now),
    );
  }
  const results = await db.batch([...stmts, ...early]);
  // A pick paid early by this step (decision 0107): its bettors are paid now, not at the end.
  const paidEarly = results.slice(stmts.length).some((r) => (r.meta.changes ?? 0) > 0);

  const ended = step.type === "finish" || step.type === "cancel";
  if (ended || paidEarly) await settleEvent(env, eventId, now);
  // The bets with an auto cash-out on the event are priced at the step's odds and score (decision 0110);
  // an ended event's bets were settled instead, and its list goes.
  if (ended) await db.prepare("DELETE FROM sport_auto_cashouts WHERE event_id = ?1").bind(eventId).run();
  else if (step.type !== "suspend") await autoCashOuts(env, eventId, now);
  const after = await loadEvent(db, eventId);
  return eventData(after!);
}
