/** Types of value.mjs (plain JavaScript so the seed compiler can run it; decision 0058). */

/** A reward as valued, amounts in minor units of one currency (null: none in that currency). */
export type ValuedReward =
  | { type: "nothing" }
  | { type: "money"; amount: number | null }
  | { type: "bonus"; amount: number | null; wager_multiplier: number }
  | { type: "freespins"; count: number; bet: number | null }
  | { type: "points"; points: number }
  | { type: "spins"; spins: number };

export interface ValuationRates {
  /** The slot RTP in basis points (default VALUATION_RTP_BP). */
  rtpBp?: number;
  /** What 1,000 loyalty points are worth in minor units (null: no stated value). */
  pointValuePer1000: number | null;
  /** What one spin of the wheel is worth (null: not stated). */
  spinValue?: number | null;
}

export interface ValuedSector {
  weight: number;
  prize: ValuedReward;
  /** What a stock-limited sector pays once its stock is gone (null: unlimited stock). */
  fallback: ValuedReward | null;
}

export interface SpinPrices {
  money: number | null;
  points: number | null;
}

export const VALUATION_RTP_BP: number;
export function rewardValue(reward: ValuedReward, rates: ValuationRates): number | null;
export function wheelExpectedReturn(sectors: ValuedSector[], rates: ValuationRates): number | null;
export function pointsWorth(points: number, pointValuePer1000: number | null): number | null;
export function spinWorth(prices: SpinPrices, pointValuePer1000: number | null): number | null;
export function paidWheelReturn(prices: SpinPrices, sectors: ValuedSector[], rates: ValuationRates): number | null;
export function overpayment(name: string, expectedReturn: number | null, price: number | null): string | null;
export function wheelOverpayments(name: string, currency: string, prices: SpinPrices, sectors: ValuedSector[], rates: ValuationRates): string[];
