/**
 * System bets (issue 42, decision 0106): of n selections (each of a different event), every
 * combination of `from` to `to` of them is a line of its own (an accumulator of its legs), all at
 * one stake per line. The named systems are the full covers bettors know by name: a Trixie is the
 * 3 doubles and the treble of 3 selections, a Yankee the 11 doubles, trebles and four-fold of 4…
 * Shared by the platform (placing, settling line by line) and the slip (lines, return as typed),
 * in the same integer arithmetic: odds in hundredths, money in minor units, each line's return
 * rounded down on its own.
 */

/** A system bet takes 3 to 8 selections (2 make a double: an accumulator). */
export const SYSTEM_MIN_SELECTIONS = 3;
export const SYSTEM_MAX_SELECTIONS = 8;

/** n choose k (0 outside 0 ≤ k ≤ n). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - i + 1)) / i;
  return Math.round(c);
}

/** How many lines a system of n selections has with every combination of from..to of them. */
export function systemLines(n: number, from: number, to: number): number {
  let lines = 0;
  for (let k = from; k <= to; k++) lines += choose(n, k);
  return lines;
}

/**
 * Why these sizes make no system of n selections, or null when they do: 1 ≤ from ≤ to ≤ n, and
 * not the one line of all n (that is an accumulator).
 */
export function systemSizesProblem(n: number, from: number, to: number): string | null {
  if (n < SYSTEM_MIN_SELECTIONS || n > SYSTEM_MAX_SELECTIONS) return `a system bet takes ${SYSTEM_MIN_SELECTIONS} to ${SYSTEM_MAX_SELECTIONS} selections`;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from || to > n)
    return `its combinations are of 1 to ${n} selections, the smaller size first`;
  if (from === n) return "all of the selections in one line is an accumulator";
  return null;
}

/** The full covers with a name, by selections: [n, from, name]; each runs from `from` up to n. */
const NAMED: readonly [number, number, SystemName][] = [
  [3, 2, "trixie"],
  [3, 1, "patent"],
  [4, 2, "yankee"],
  [4, 1, "lucky15"],
  [5, 2, "canadian"],
  [5, 1, "lucky31"],
  [6, 2, "heinz"],
  [6, 1, "lucky63"],
  [7, 2, "superHeinz"],
  [8, 2, "goliath"],
];

export type SystemName =
  | "trixie"
  | "patent"
  | "yankee"
  | "lucky15"
  | "canadian"
  | "lucky31"
  | "heinz"
  | "lucky63"
  | "superHeinz"
  | "goliath"
  | "doubles"
  | "trebles";

/**
 * A system's name, when it has one: a named full cover, or doubles/trebles of every pair/three;
 * null for another k-of-n (the slip says "k-folds" or "from–to of n").
 */
export function systemName(n: number, from: number, to: number): SystemName | null {
  const named = NAMED.find(([m, f]) => m === n && f === from && to === n);
  if (named) return named[2];
  if (from === to && from === 2) return "doubles";
  if (from === to && from === 3) return "trebles";
  return null;
}

export interface SystemOption {
  from: number;
  to: number;
  lines: number;
  name: SystemName | null;
}

/**
 * The systems the slip offers for n selections: the named full covers (without and with singles),
 * then every k-fold short of the accumulator (doubles, trebles, 4-folds…).
 */
export function systemOptions(n: number): SystemOption[] {
  if (n < SYSTEM_MIN_SELECTIONS || n > SYSTEM_MAX_SELECTIONS) return [];
  const option = (from: number, to: number): SystemOption => ({ from, to, lines: systemLines(n, from, to), name: systemName(n, from, to) });
  const covers = [2, 1].map((from) => option(from, n)).filter((o) => o.name !== null);
  const folds = Array.from({ length: n - 2 }, (_, i) => option(i + 2, i + 2));
  return [...covers, ...folds];
}

/** Every combination of k of the indices 0..n−1, in lexicographic order. */
export function* combinations(n: number, k: number): Generator<number[]> {
  const pick = Array.from({ length: k }, (_, i) => i);
  if (k > n || k < 1) return;
  for (;;) {
    yield [...pick];
    let i = k - 1;
    while (i >= 0 && pick[i] === n - k + i) i--;
    if (i < 0) return;
    pick[i]!++;
    for (let j = i + 1; j < k; j++) pick[j] = pick[j - 1]! + 1;
  }
}

/** A leg as a line sees it: its odds and, once decided, its result (undecided counts as a win). */
export interface SystemLeg {
  odds: number;
  result: "win" | "lose" | "void" | null;
}

/**
 * What the system pays at `lineStake` a line: each line of from..to legs returns
 * ⌊lineStake × Π odds / 100ᵐ⌋ over its legs not void (every leg void: the line stake back), or 0
 * when a leg of it lost; undecided legs count as winners (the return if they all win). `alive`:
 * the lines none of whose legs lost.
 */
export function systemReturn(lineStake: number, legs: readonly SystemLeg[], from: number, to: number): { total: number; lines: number; alive: number } {
  let total = 0n;
  let lines = 0;
  let alive = 0;
  const stake = BigInt(lineStake);
  for (let k = from; k <= to; k++) {
    for (const pick of combinations(legs.length, k)) {
      lines++;
      const own = pick.map((i) => legs[i]!);
      if (own.some((l) => l.result === "lose")) continue;
      alive++;
      const counted = own.filter((l) => l.result !== "void");
      total += counted.reduce((p, l) => p * BigInt(l.odds), stake) / 100n ** BigInt(counted.length);
    }
  }
  return { total: Number(total), lines, alive };
}

/**
 * What a system is worth before its end (its cash-out value before the margin, decision 0110): each
 * line still alive returns what systemReturn counts for it, times the chance that its undecided legs
 * all win (`chance`: each undecided leg's, from the feed's price; legs of different events, so the
 * chances multiply). A leg decided counts as it stands (won 1, void dropped, lost: the line is dead).
 */
export function systemWorth(lineStake: number, legs: readonly (SystemLeg & { chance: number })[], from: number, to: number): number {
  let worth = 0;
  const stake = BigInt(lineStake);
  for (let k = from; k <= to; k++) {
    for (const pick of combinations(legs.length, k)) {
      const own = pick.map((i) => legs[i]!);
      if (own.some((l) => l.result === "lose")) continue;
      const counted = own.filter((l) => l.result !== "void");
      const pays = Number(counted.reduce((p, l) => p * BigInt(l.odds), stake) / 100n ** BigInt(counted.length));
      worth += pays * own.reduce((p, l) => p * (l.result === null ? l.chance : 1), 1);
    }
  }
  return worth;
}

/** "2-3" (the slip's and the API's way to name the sizes) → [2, 3]; null when it is not that shape. */
export function parseSystemSizes(text: string): [number, number] | null {
  const m = /^([1-8])-([1-8])$/.exec(text);
  return m ? [Number(m[1]), Number(m[2])] : null;
}
