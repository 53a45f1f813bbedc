import { type BuilderQuote, builderLegText, type BuilderLeg } from "../../../core/api/contract-sportsbook";
import type { PlatformContext } from "../core/context";
import { priceBuilder } from "./builder-price";
import { profileOf } from "./feed-odds";
import { DRIFTS_AT, strengthAt } from "./feed-script";
import { sportsbookError } from "./view";

/** The margin a builder is offered with when the operator set none (`settings.sportsbook.builder_margin`). */
export const DEFAULT_BUILDER_MARGIN = 1.1;

interface EventState {
  status: string;
  step: number;
  score_home: number | null;
  score_away: number | null;
  minute: number | null;
  script: number;
  has_draw: number;
  sport: string;
  suspended: number;
}

/**
 * One of the operator's sportsbook margins (`settings.sportsbook`: builder_margin, cashout_margin):
 * above 1 and at most 2; a setting outside that, or none, is the default.
 */
export async function operatorMargin(db: D1Database, key: "builder_margin" | "cashout_margin", fallback: number): Promise<number> {
  const row = await db.prepare("SELECT value FROM settings WHERE key = 'sportsbook'").first<{ value: string }>();
  const margin = row ? Number((JSON.parse(row.value) as Record<string, unknown>)[key]) : Number.NaN;
  return Number.isFinite(margin) && margin > 1 && margin <= 2 ? margin : fallback;
}

/**
 * sportsbook.priceBuilder (issue 42, decision 0102): the legs priced together from the state the
 * feed priced the event's markets with — its score and minute, and the model's strength after the
 * pre-match moves the feed has applied. An event not open for bets (finished, cancelled, its markets
 * suspended around a goal) has no price.
 */
export async function quoteBuilder(ctx: PlatformContext, eventId: number, legs: BuilderLeg[]): Promise<BuilderQuote> {
  return (await builderPrice(ctx.db, eventId, legs)).quote;
}

/** A builder's quote and the feed's step it was priced at (placement's gate: builder-place.ts). */
export async function builderPrice(db: D1Database, eventId: number, legs: BuilderLeg[]): Promise<{ quote: BuilderQuote; step: number }> {
  const [event, margin] = await Promise.all([
    db
      .prepare(
        `SELECT e.status, e.step, e.score_home, e.score_away, e.minute, e.script, l.has_draw, sp.sysname AS sport,
           EXISTS (SELECT 1 FROM sport_markets m WHERE m.event_id = e.id AND m.status = 'suspended') AS suspended
         FROM sport_events e JOIN sport_leagues l ON l.id = e.league_id JOIN sports sp ON sp.id = l.sport_id WHERE e.id = ?1`,
      )
      .bind(eventId)
      .first<EventState>(),
    operatorMargin(db, "builder_margin", DEFAULT_BUILDER_MARGIN),
  ]);
  if (!event) throw sportsbookError("unknown_event", "No such event", 404, "event_id");
  if ((event.status !== "prematch" && event.status !== "live") || event.suspended) {
    throw sportsbookError("event_closed", "This event takes no bets now", 409, "event_id");
  }
  const live = event.status === "live";
  // The script's first steps are its pre-match moves: as many as the feed applied are in the odds on the board.
  const state = {
    d: strengthAt(event.script, Math.min(event.step, DRIFTS_AT.length)),
    home: event.score_home ?? 0,
    away: event.score_away ?? 0,
    minute: live ? (event.minute ?? 0) : 0,
  };
  const profile = profileOf(event.sport);
  const hasDraw = event.has_draw === 1;
  const priced = priceBuilder(profile, hasDraw, state, legs, margin);
  if (!priced.ok) throw sportsbookError(priced.reason, BUILDER_MESSAGES[priced.reason], 400, "legs");
  const quote = {
    event_id: eventId,
    legs: legs.map((leg, i) => ({ leg: builderLegText(leg), chance: priced.price.legChances[i]! })),
    chance: priced.price.chance,
    fair_odds: priced.price.fairOdds,
    odds: priced.price.odds,
    independent_odds: priced.price.independentOdds,
    margin,
  };
  return { quote, step: event.step };
}

export const BUILDER_MESSAGES = {
  leg_count: "A bet builder takes 2 to 8 legs",
  duplicate_leg: "A leg is listed twice",
  line_can_push: "A whole-number line can end level: choose a half line",
  no_draw: "This sport has no draw",
  contradictory: "These legs cannot all win",
  leg_adds_nothing: "A leg adds nothing: another leg already includes it, or it has already won",
} as const;
