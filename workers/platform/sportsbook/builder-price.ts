/**
 * Bet builder pricing (issue 42, decision 0102): several legs of one event priced together from the
 * feed's own model, not multiplied as if they were independent. The feed draws each side's goals
 * as independent Poisson processes from the score and the minute (feed-odds.ts, feed-script.ts),
 * so the law of the final score is known exactly: the chance that every leg wins is the sum of that
 * law over the final scores where they all do. Pure functions; the platform's builder method and
 * the slip show the fair price beside the offered one.
 */
import type { BuilderLeg, BuilderRefusal } from "../../../core/api/contract-sportsbook";
import { expectedFurther, MAX_ODDS, MIN_ODDS, type MatchState, type Profile } from "./feed-odds";

export type { BuilderLeg };

/** Why a set of legs cannot be a builder (the contract's BUILDER_REFUSALS but a closed event, which the method decides). */
export type LegsRefusal = Exclude<BuilderRefusal, "event_closed">;

export const MAX_LEGS = 8;

/** Whether a leg wins on this final score. */
export function legWins(leg: BuilderLeg, home: number, away: number): boolean {
  switch (leg.kind) {
    case "match_result":
      return leg.outcome === "home" ? home > away : leg.outcome === "away" ? away > home : home === away;
    case "total":
      return leg.outcome === "over" ? (home + away) * 100 > leg.line : (home + away) * 100 < leg.line;
    case "handicap":
      return leg.outcome === "home" ? (home - away) * 100 + leg.line > 0 : (home - away) * 100 + leg.line < 0;
    case "btts":
      return (home > 0 && away > 0) === (leg.outcome === "yes");
    case "correct_score":
      return home === leg.home && away === leg.away;
  }
}

const legKey = (leg: BuilderLeg) => JSON.stringify(leg);

/** What is wrong with these legs before any pricing, or null. */
export function legsRefusal(legs: readonly BuilderLeg[], hasDraw: boolean): LegsRefusal | null {
  if (legs.length < 2 || legs.length > MAX_LEGS) return "leg_count";
  if (new Set(legs.map(legKey)).size !== legs.length) return "duplicate_leg";
  for (const leg of legs) {
    if ((leg.kind === "total" || leg.kind === "handicap") && leg.line % 100 === 0) return "line_can_push";
    if (!hasDraw && leg.kind === "match_result" && leg.outcome === "draw") return "no_draw";
  }
  return null;
}

function poissonPmf(mu: number, n: number): number[] {
  // From the mode outwards in logs: exp(-mu) alone underflows for a basketball match's ~110.
  const logs = Array.from({ length: n + 1 }, (_, k) => k * Math.log(Math.max(mu, 1e-300)) - mu - logFactorial(k));
  return logs.map((l) => (mu === 0 ? 0 : Math.exp(l)));
}

const LOG_FACTORIALS: number[] = [0];
function logFactorial(k: number): number {
  for (let i = LOG_FACTORIALS.length; i <= k; i++) LOG_FACTORIALS.push(LOG_FACTORIALS[i - 1]! + Math.log(i));
  return LOG_FACTORIALS[k]!;
}

/** How many further goals of a side the sum runs to: the mean and ten standard deviations (the mass beyond is below 1e-12). */
const reach = (mu: number) => Math.ceil(mu + 10 * Math.sqrt(mu) + 10);

/**
 * The law of the final score from this state: every (home, away) with its chance. A sport without
 * draws settles a level match after time with one more point to the side that wins it, home with
 * chance 1 / (1 + e^-d), as the feed's script does.
 */
export function finalScores(p: Profile, hasDraw: boolean, s: MatchState): { home: number; away: number; chance: number }[] {
  const [muH, muA] = expectedFurther(p, s);
  const ph = muH === 0 ? [1] : poissonPmf(muH, reach(muH));
  const pa = muA === 0 ? [1] : poissonPmf(muA, reach(muA));
  const tieHome = 1 / (1 + Math.exp(-s.d));
  const out: { home: number; away: number; chance: number }[] = [];
  for (let x = 0; x < ph.length; x++) {
    for (let y = 0; y < pa.length; y++) {
      const chance = ph[x]! * pa[y]!;
      if (chance < 1e-15) continue;
      const home = s.home + x;
      const away = s.away + y;
      if (!hasDraw && home === away) {
        out.push({ home: home + 1, away, chance: chance * tieHome }, { home, away: away + 1, chance: chance * (1 - tieHome) });
      } else out.push({ home, away, chance });
    }
  }
  return out;
}

/** The chance that every leg wins, and each leg's own chance (what multiplying would have assumed). */
export function jointChance(p: Profile, hasDraw: boolean, s: MatchState, legs: readonly BuilderLeg[]): { joint: number; each: number[] } {
  const each = legs.map(() => 0);
  let joint = 0;
  let mass = 0;
  for (const f of finalScores(p, hasDraw, s)) {
    mass += f.chance;
    let all = true;
    legs.forEach((leg, i) => {
      if (legWins(leg, f.home, f.away)) each[i]! += f.chance;
      else all = false;
    });
    if (all) joint += f.chance;
  }
  // The truncated tails: chances of the law as summed (its mass is 1 to within 1e-9).
  return { joint: joint / mass, each: each.map((c) => c / mass) };
}

/** Decimal odds in hundredths for a chance, with a margin (1: fair), kept in the feed's range. */
export function oddsFor(chance: number, margin: number): number {
  if (chance <= 0) return MAX_ODDS;
  return Math.min(MAX_ODDS, Math.max(MIN_ODDS, Math.round(100 / (chance * margin))));
}

export interface BuilderPrice {
  /** The chance every leg wins, from the model. */
  chance: number;
  /** 1 / chance, in hundredths: what the bet is worth with no margin. */
  fairOdds: number;
  /** What the book offers: the fair price with the operator's builder margin. */
  odds: number;
  /** The legs' own prices multiplied (fair, no margin): what a book that ignored correlation would show. */
  independentOdds: number;
  /** Each leg's own chance, in the order of the legs. */
  legChances: number[];
}

/**
 * A builder's price, or why it has none. `margin` is the operator's (1.10: implied chance × 1.10),
 * applied once to the combination, never per leg.
 */
export function priceBuilder(
  p: Profile,
  hasDraw: boolean,
  s: MatchState,
  legs: readonly BuilderLeg[],
  margin: number,
): { ok: true; price: BuilderPrice } | { ok: false; reason: LegsRefusal } {
  const refused = legsRefusal(legs, hasDraw);
  if (refused) return { ok: false, reason: refused };
  const { joint, each } = jointChance(p, hasDraw, s, legs);
  // Below one in a million: the legs cannot all win (or the model will not say they can).
  if (joint < 1e-6) return { ok: false, reason: "contradictory" };
  // A leg as likely alone as all of them together: given it, the others are certain (they add nothing).
  if (each.some((c) => Math.abs(c - joint) < 1e-9)) return { ok: false, reason: "leg_adds_nothing" };
  const independent = each.reduce((a, c) => a * c, 1);
  return {
    ok: true,
    price: { chance: joint, fairOdds: oddsFor(joint, 1), odds: oddsFor(joint, margin), independentOdds: oddsFor(independent, 1), legChances: each },
  };
}
