/**
 * The demo studio's slot maths (decision 0016): a secure unbiased draw, the symbols and their
 * weights, the paytable, and the RTP it returns — exact, so a test can check it against the game.
 *
 * The grid is 3 reels × 3 rows; every cell is drawn independently from the same weighted symbol
 * set. One payline, the middle row, read left to right: the first two symbols equal pay `pair`
 * times the bet, all three equal pay `three` times the bet (the larger one only). Multipliers are
 * whole numbers, so a win is an exact integer of minor units and nothing is rounded.
 *
 * A game's RTP is met by the weight of the `blank` symbol, which pays nothing: with total weight
 * W = S + blank, a symbol s of weight w_s shows on a cell with p_s = w_s / W and
 *   RTP(blank) = Σ_s [ p_s² (1 − p_s) · pair_s + p_s³ · three_s ],
 * which falls as blank grows (1.07 at blank 0, so every catalogue RTP from 80 % to 99.99 % is
 * reachable). `blankWeightFor` picks the integer blank weight whose RTP is nearest the target;
 * one unit of blank moves the RTP by about 0.35 %, so the result is within ~0.2 % of it.
 */

export interface SlotSymbol {
  name: string;
  weight: number;
  pair: number;
  three: number;
}

export const SYMBOLS: readonly SlotSymbol[] = [
  { name: "cherry", weight: 240, pair: 1, three: 5 },
  { name: "lemon", weight: 180, pair: 2, three: 10 },
  { name: "bell", weight: 120, pair: 3, three: 25 },
  { name: "star", weight: 80, pair: 5, three: 60 },
  { name: "seven", weight: 50, pair: 10, three: 150 },
  { name: "diamond", weight: 30, pair: 20, three: 500 },
];
export const BLANK = "blank";
export const REELS = 3;
export const ROWS = 3;

const PAYING_WEIGHT = SYMBOLS.reduce((sum, s) => sum + s.weight, 0);

/**
 * A uniform integer in [0, n) from crypto.getRandomValues. Rejection sampling: 32-bit values at
 * or above the largest multiple of n are drawn again, so no value is favoured (no modulo bias).
 */
export function secureRandomInt(n: number, source: (buf: Uint32Array<ArrayBuffer>) => Uint32Array = fillRandom): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError("n must be an integer from 1 to 2^32");
  const limit = 2 ** 32 - (2 ** 32 % n);
  const buf = new Uint32Array(1);
  for (;;) {
    const x = source(buf)[0]!;
    if (x < limit) return x % n;
  }
}

function fillRandom(buf: Uint32Array<ArrayBuffer>): Uint32Array {
  crypto.getRandomValues(buf);
  return buf;
}

/** Theoretical return to player (1 = 100 %) of the paytable with this blank weight. */
export function theoreticalRtp(blankWeight: number): number {
  const total = PAYING_WEIGHT + blankWeight;
  let rtp = 0;
  for (const s of SYMBOLS) {
    const p = s.weight / total;
    rtp += p * p * (1 - p) * s.pair + p ** 3 * s.three;
  }
  return rtp;
}

/** The game's top prize: the largest three-of-a-kind multiplier and the chance a round pays it (p³ of its symbol). */
export function topPrize(blankWeight: number): { multiplier: number; probability: number } {
  const top = SYMBOLS.reduce((a, b) => (b.three > a.three ? b : a));
  return { multiplier: top.three, probability: (top.weight / (PAYING_WEIGHT + blankWeight)) ** 3 };
}

/** The blank weight whose RTP is nearest `targetRtp` (1 = 100 %). */
export function blankWeightFor(targetRtp: number): number {
  let best = 0;
  for (let blank = 0; blank <= 20 * PAYING_WEIGHT; blank++) {
    if (Math.abs(theoreticalRtp(blank) - targetRtp) < Math.abs(theoreticalRtp(best) - targetRtp)) best = blank;
    if (theoreticalRtp(blank) < targetRtp) break;
  }
  return best;
}

/** One symbol drawn with the weights (blank included). */
export function drawSymbol(blankWeight: number, random = secureRandomInt): string {
  let r = random(PAYING_WEIGHT + blankWeight);
  for (const s of SYMBOLS) {
    if (r < s.weight) return s.name;
    r -= s.weight;
  }
  return BLANK;
}

/** The grid as rows (ROWS arrays of REELS symbols). */
export function drawGrid(blankWeight: number, random = secureRandomInt): string[][] {
  return Array.from({ length: ROWS }, () => Array.from({ length: REELS }, () => drawSymbol(blankWeight, random)));
}

/** The multiplier of the payline (middle row): three of a kind, else a pair on reels 1–2, else 0. */
export function lineMultiplier(line: readonly string[]): number {
  const symbol = SYMBOLS.find((s) => s.name === line[0]);
  if (!symbol || line[1] !== symbol.name) return 0;
  return line[2] === symbol.name ? symbol.three : symbol.pair;
}

export const PAYLINE_ROW = 1;

/** The win of a grid for a bet, in minor units (an exact integer: multipliers are whole). */
export function gridWin(grid: readonly (readonly string[])[], bet: number): number {
  return bet * lineMultiplier(grid[PAYLINE_ROW]!);
}
