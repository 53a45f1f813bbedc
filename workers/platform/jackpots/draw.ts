/**
 * The jackpot draw (decision 0017): whether a round wins a pool, from crypto.getRandomValues
 * without modulo bias, and the pool's share of a bet.
 */

const TWO_53 = 2 ** 53;

/** A uniform integer in [0, n), n a safe integer ≥ 1: 53 random bits, rejection above the last whole multiple of n. */
export function randomBelow(n: number, random: (a: Uint32Array<ArrayBuffer>) => void = (a) => crypto.getRandomValues(a)): number {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError("n must be a safe integer of at least 1");
  const limit = Math.floor(TWO_53 / n) * n;
  const words = new Uint32Array(2);
  for (;;) {
    random(words);
    const r = (words[0]! >>> 11) * 2 ** 32 + words[1]!;
    if (r < limit) return r % n;
  }
}

export interface PoolOdds {
  /** The pool after this round's contribution, and its cap. */
  amount: number;
  must_drop_at: number;
  odds_factor: number;
}

/**
 * A round wins the pool always at or above the cap; below it with probability
 * bet / (must_drop_at × odds_factor), the bet in the pool's currency (capped at certainty).
 */
export function drawsWin(pool: PoolOdds, bet: number, below: (n: number) => number = randomBelow): boolean {
  if (pool.amount >= pool.must_drop_at) return true;
  if (bet <= 0) return false;
  return below(pool.must_drop_at * pool.odds_factor) < bet;
}

/** The pool's share of a bet, in minor units rounded down (a tiny bet may give 0). */
export function contributionOf(betInPoolCurrency: number, contributionBp: number): number {
  return Math.floor((betInPoolCurrency * contributionBp) / 10_000);
}
