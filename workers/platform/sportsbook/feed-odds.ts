/**
 * The feed's odds model (decision 0072-sportsbook-feed): each side scores as a Poisson process,
 * so from the score and the minute the chances of every market's outcomes follow; odds are those
 * chances with a bookmaker's margin. Pure functions: the script and the fixture generator share them.
 */

export type Outcome = "home" | "draw" | "away" | "over" | "under";
export interface MarketLayout {
  id: number;
  kind: "match_result" | "total" | "handicap";
  line: number | null;
  selections: { id: number; outcome: Outcome }[];
}

/** How a sport plays: its length in minutes and the expected total score of a whole match. */
export interface Profile {
  minutes: number;
  rate: number;
  /** A goal is rare enough to suspend the markets around it (football, hockey). */
  suspendOnGoal: boolean;
  /** How much the strength difference tilts the scoring rates: high-scoring sports tilt less per point. */
  tilt: number;
}

const PROFILES: Record<string, Profile> = {
  football: { minutes: 90, rate: 2.7, suspendOnGoal: true, tilt: 1 },
  "ice-hockey": { minutes: 60, rate: 5.8, suspendOnGoal: true, tilt: 0.6 },
  basketball: { minutes: 48, rate: 212, suspendOnGoal: false, tilt: 0.12 },
  // Sets as the score; a level match at the end goes to a deciding set (like overtime).
  tennis: { minutes: 90, rate: 2.4, suspendOnGoal: false, tilt: 1 },
};

export function profileOf(sport: string): Profile {
  return PROFILES[sport] ?? PROFILES.football!;
}

/** The bookmaker's margin: implied chances of a market sum to 1.05. */
export const MARGIN = 1.05;
export const MIN_ODDS = 101;
export const MAX_ODDS = 50_000;

/** The match as the model sees it: strength difference d (home advantage included), score, minute. */
export interface MatchState {
  d: number;
  home: number;
  away: number;
  minute: number;
}

/** A side's expected score in one minute (the script draws the goals from it). */
export function perMinute(p: Profile, d: number, side: 1 | -1): number {
  return (p.rate / 2 / p.minutes) * Math.exp((side * p.tilt * d) / 2);
}

/** Expected further scores of each side from this minute on (the builder's joint law starts from them too). */
export function expectedFurther(p: Profile, s: MatchState): [number, number] {
  const left = Math.max(0, p.minutes - s.minute) / p.minutes;
  return [(p.rate / 2) * Math.exp((p.tilt * s.d) / 2) * left, (p.rate / 2) * Math.exp((-p.tilt * s.d) / 2) * left];
}

/** Chances over the further score difference D and total T (exact Poisson when small, normal when large). */
interface Dist {
  diff(pred: (k: number) => boolean): number;
  total(pred: (k: number) => boolean): number;
}

function poissonPmf(mu: number, n: number): number[] {
  const out: number[] = [Math.exp(-mu)];
  for (let k = 1; k <= n; k++) out.push((out[k - 1]! * mu) / k);
  return out;
}

function phi(x: number): number {
  // Abramowitz–Stegun 7.1.26 (error < 1.5e-7).
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

function distribution(muH: number, muA: number): Dist {
  if (muH + muA <= 30) {
    const n = Math.ceil(Math.max(muH, muA) + 10 * Math.sqrt(Math.max(muH, muA)) + 10);
    const [ph, pa] = [poissonPmf(muH, n), poissonPmf(muA, n)];
    const diff = new Map<number, number>();
    const total = new Map<number, number>();
    for (let x = 0; x <= n; x++)
      for (let y = 0; y <= n; y++) {
        const p = ph[x]! * pa[y]!;
        diff.set(x - y, (diff.get(x - y) ?? 0) + p);
        total.set(x + y, (total.get(x + y) ?? 0) + p);
      }
    const sum = (m: Map<number, number>, pred: (k: number) => boolean) => [...m].reduce((s, [k, p]) => (pred(k) ? s + p : s), 0);
    return { diff: (pred) => sum(diff, pred), total: (pred) => sum(total, pred) };
  }
  // Large scores (basketball): the normal approximation over the integers near the mean.
  const sd = Math.sqrt(muH + muA);
  const near = (mean: number, pred: (k: number) => boolean) => {
    let s = 0;
    for (let k = Math.floor(mean - 8 * sd); k <= Math.ceil(mean + 8 * sd); k++) {
      if (pred(k)) s += phi((k + 0.5 - mean) / sd) - phi((k - 0.5 - mean) / sd);
    }
    return s;
  };
  return { diff: (pred) => near(muH - muA, pred), total: (pred) => near(muH + muA, pred) };
}

/** Decimal odds in hundredths from chances (void mass left out), with the margin, kept in range. */
function oddsOf(chances: number[]): number[] {
  const sum = chances.reduce((a, b) => a + b, 0) || 1;
  return chances.map((c) => {
    const p = c / sum;
    return p <= 0 ? MAX_ODDS : Math.min(MAX_ODDS, Math.max(MIN_ODDS, Math.round(100 / (p * MARGIN))));
  });
}

/** Chance of each outcome of one market given the state. */
function chances(hasDraw: boolean, s: MatchState, dist: Dist, m: MarketLayout): Map<Outcome, number> {
  const lead = s.home - s.away;
  const out = new Map<Outcome, number>();
  if (m.kind === "match_result") {
    const [h, dr, a] = [dist.diff((k) => lead + k > 0), dist.diff((k) => lead + k === 0), dist.diff((k) => lead + k < 0)];
    const tieHome = 1 / (1 + Math.exp(-s.d));
    if (hasDraw) out.set("home", h).set("draw", dr).set("away", a);
    else out.set("home", h + dr * tieHome).set("away", a + dr * (1 - tieHome));
  } else if (m.kind === "total") {
    const line = (m.line ?? 0) / 100;
    const so = s.home + s.away;
    out
      .set(
        "over",
        dist.total((k) => so + k > line),
      )
      .set(
        "under",
        dist.total((k) => so + k < line),
      );
  } else {
    const line = (m.line ?? 0) / 100;
    out
      .set(
        "home",
        dist.diff((k) => lead + k + line > 0),
      )
      .set(
        "away",
        dist.diff((k) => lead + k + line < 0),
      );
  }
  return out;
}

/** New odds for every selection of the markets, as {selection_id, odds}. */
export function priceMarkets(p: Profile, hasDraw: boolean, s: MatchState, markets: MarketLayout[]): { selection_id: number; odds: number }[] {
  const [muH, muA] = expectedFurther(p, s);
  const dist = distribution(muH, muA);
  const out: { selection_id: number; odds: number }[] = [];
  for (const m of markets) {
    const c = chances(hasDraw, s, dist, m);
    const odds = oddsOf(m.selections.map((sel) => c.get(sel.outcome) ?? 0));
    m.selections.forEach((sel, i) => {
      out.push({ selection_id: sel.id, odds: odds[i]! });
    });
  }
  return out;
}

/** mulberry32: a small seeded PRNG (the feed never uses Math.random, so a replay is the same run). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Poisson draw by inversion (small means only: one minute of a match). */
export function poissonDraw(rng: () => number, mu: number): number {
  let k = 0;
  let p = Math.exp(-mu);
  let c = p;
  const u = rng();
  while (u > c && k < 50) {
    k++;
    p = (p * mu) / k;
    c += p;
  }
  return k;
}

/** The strength difference of a fixture from its seed: home advantage plus a spread. */
export function strengthOf(seed: number): number {
  const rng = mulberry32(seed ^ 0x5bd1e995);
  return 0.15 + (rng() * 2 - 1) * 0.6;
}
