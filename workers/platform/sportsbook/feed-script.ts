import { type MarketLayout, mulberry32, perMinute, poissonDraw, priceMarkets, profileOf, strengthOf } from "./feed-odds";

/**
 * An event's feed script (decision 0072-sportsbook-feed): every step the event will ever take, a
 * pure function of its `script` seed, its sport and its markets — so a replay (or a second object
 * after a deploy) is the same run. `at` is when the step is due, in ms from the event's starts_at:
 * a few odds drifts before kick-off, "live" at 0, a tick per match minute (a minute of play is a
 * minute of time, so a seeded event that started 30 min ago is at minute 30), a suspension around
 * each goal where goals are rare, and the final result.
 */

export type OddsChange = { selection_id: number; odds: number };

/** What the feed applies. Odds moves ride on any step (`changes`), so a tick is one D1 batch. */
export type FeedStep =
  | { type: "odds"; changes: OddsChange[] }
  | { type: "suspend" | "resume"; market_ids: number[]; changes?: OddsChange[] }
  | { type: "live"; changes?: OddsChange[] }
  | { type: "score"; home: number; away: number; minute?: number; changes?: OddsChange[] }
  | { type: "finish"; home: number; away: number }
  | { type: "cancel" };

export type ScriptStep = FeedStep & { at: number };

export interface ScriptInput {
  seed: number;
  sport: string;
  hasDraw: boolean;
  markets: MarketLayout[];
}

export const MINUTE_MS = 60_000;
/** Before kick-off: the odds drift at these offsets from starts_at. */
export const DRIFTS_AT = [-6 * 3_600_000, -2 * 3_600_000, -30 * MINUTE_MS, -5 * MINUTE_MS];
/** A goal: the markets suspend at the minute, the score shows 5 s later, they reopen 20 s after it. */
const SCORE_AFTER_MS = 5_000;
const RESUME_AFTER_MS = 20_000;

/** One pre-match move of the strength difference: the market's view changing before kick-off. */
const drift = (rng: () => number) => (rng() - 0.5) * 0.16;

/**
 * The model's strength difference once `drifts` of the pre-match moves have happened (all four from
 * kick-off on): what the feed priced the event with, so a builder is priced by the same model.
 */
export function strengthAt(seed: number, drifts: number): number {
  const rng = mulberry32(seed);
  let d = strengthOf(seed);
  for (let i = 0; i < Math.min(drifts, DRIFTS_AT.length); i++) d += drift(rng);
  return d;
}

export function buildScript({ seed, sport, hasDraw, markets }: ScriptInput): ScriptStep[] {
  const profile = profileOf(sport);
  const rng = mulberry32(seed);
  const state = { d: strengthOf(seed), home: 0, away: 0, minute: 0 };
  const price = () => priceMarkets(profile, hasDraw, state, markets);
  const ids = markets.map((m) => m.id);
  const steps: ScriptStep[] = [];

  for (const at of DRIFTS_AT) {
    state.d += drift(rng);
    steps.push({ at, type: "odds", changes: price() });
  }
  steps.push({ at: 0, type: "live" });

  for (let minute = 1; minute <= profile.minutes; minute++) {
    const gh = poissonDraw(rng, perMinute(profile, state.d, 1));
    const ga = poissonDraw(rng, perMinute(profile, state.d, -1));
    const at = minute * MINUTE_MS;
    state.minute = minute;
    if ((gh || ga) && profile.suspendOnGoal) {
      state.home += gh;
      state.away += ga;
      steps.push({ at, type: "suspend", market_ids: ids });
      steps.push({ at: at + SCORE_AFTER_MS, type: "score", home: state.home, away: state.away, minute });
      steps.push({ at: at + RESUME_AFTER_MS, type: "resume", market_ids: ids, changes: price() });
    } else {
      state.home += gh;
      state.away += ga;
      steps.push({ at, type: "score", home: state.home, away: state.away, minute, changes: price() });
    }
  }
  // No draw in this sport: a level match is decided after time (overtime, a deciding set).
  if (!hasDraw && state.home === state.away) {
    if (rng() < 1 / (1 + Math.exp(-state.d))) state.home++;
    else state.away++;
  }
  steps.push({ at: (profile.minutes + 1) * MINUTE_MS, type: "finish", home: state.home, away: state.away });
  return steps;
}

/** The odds a new fixture opens with (the model before the first drift). */
export function openingOdds(input: ScriptInput): OddsChange[] {
  const profile = profileOf(input.sport);
  return priceMarkets(profile, input.hasDraw, { d: strengthOf(input.seed), home: 0, away: 0, minute: 0 }, input.markets);
}
