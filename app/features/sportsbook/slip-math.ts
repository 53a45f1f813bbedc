/**
 * The bet slip's numbers (decision 0073-sportsbook-page), the same integer arithmetic the platform
 * settles with: odds in hundredths (1.85 → 185), money in minor units, every product rounded down.
 */

/** 185 → "1.85" (decimal odds always show two decimals). */
export function formatOdds(odds: number): string {
  return (odds / 100).toFixed(2);
}

/** An accumulator's combined odds: the product of its legs' odds, in hundredths, rounded down. */
export function combinedOdds(legs: readonly number[]): number {
  if (legs.length === 0) return 0;
  return Number(legs.reduce((p, o) => p * BigInt(o), 1n) / 100n ** BigInt(legs.length - 1));
}

/** How a stake is funded: real money, or a free bet that pays the stake back with a win (SR) or not (SNR). */
export type Funding = { freeBet: false } | { freeBet: true; stakeReturned: boolean };

/**
 * What a stake returns if every leg wins at `legs` odds: ⌊stake × Π odds / 100ⁿ⌋; a free bet whose
 * stake is not returned pays that less the stake.
 */
export function potentialReturn(stake: number, legs: readonly number[], funding: Funding = { freeBet: false }): number {
  if (!Number.isInteger(stake) || stake <= 0 || legs.length === 0) return 0;
  const gross = Number((BigInt(stake) * legs.reduce((p, o) => p * BigInt(o), 1n)) / 100n ** BigInt(legs.length));
  return funding.freeBet && !funding.stakeReturned ? gross - stake : gross;
}

/**
 * A stake typed by the player ("2", "2.5", "1,000.50") in minor units, or null when it is not an
 * amount with at most two decimals.
 */
export function parseStake(raw: string | null | undefined): number | null {
  const s = (raw ?? "").trim().replace(/,/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) return null;
  const [whole = "0", fraction = ""] = s.split(".");
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return minor > 0 ? minor : null;
}

/** Minor units as the stake field shows them back: 250 → "2.50", 200 → "2". */
export function stakeText(minor: number): string {
  return minor % 100 ? (minor / 100).toFixed(2) : String(minor / 100);
}
