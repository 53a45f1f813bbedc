import type { WheelExpectedReturn } from "../../../core/api/contract-wheel";
import { pointValuePer1000 } from "../rewards/prices";
import { overpayment, paidWheelReturn, pointsWorth, VALUATION_RTP_BP, type SpinPrices, type ValuedReward, type ValuedSector } from "../rewards/value.mjs";
import { moneyIn } from "../rewards/configured";
import type { CampaignRow, SectorRow } from "./view";

/**
 * A paid wheel's expected return per spin in one currency (DESIGN §7, decision 0058): published
 * beside its odds (wheelInfoGet) and checked before spins are sold (buySpin), with the same
 * valuation the seed build checks the seeded wheels with.
 */

export interface WheelReturn {
  currency: string;
  prices: SpinPrices;
  pointValuePer1000: number | null;
  /** Minor units per spin; null when a prize cannot be valued. */
  perSpin: number | null;
}

function prizeValued(s: SectorRow, currency: string): ValuedReward {
  switch (s.reward_type) {
    case "money":
      return { type: "money", amount: moneyIn(s.money, currency) };
    case "bonus":
      return { type: "bonus", amount: s.bonus_amount, wager_multiplier: s.bonus_wager ?? 0 };
    case "freespins":
      return { type: "freespins", count: s.pack_count ?? 0, bet: s.pack_bet };
    case "points":
      return { type: "points", points: s.points ?? 0 };
    case "spins":
      return { type: "spins", spins: s.spins ?? 0 };
    default:
      return { type: "nothing" };
  }
}

const valuedSector = (s: SectorRow, currency: string): ValuedSector => ({
  weight: s.weight,
  prize: prizeValued(s, currency),
  fallback: s.stock === null ? null : s.fallback === "points" ? { type: "points", points: s.fallback_points ?? 0 } : { type: "nothing" },
});

/** The wheel's return in `currency`; null for a wheel whose spins are not sold. `sectors` as readSectors read them in `currency`. */
export async function wheelReturn(db: D1Database, campaign: CampaignRow, sectors: SectorRow[], currency: string): Promise<WheelReturn | null> {
  const prices = { money: moneyIn(campaign.spin_price, currency), points: campaign.spin_price_points };
  if (campaign.spin_price === null && prices.points === null) return null;
  const value = await pointValuePer1000(db, currency);
  const perSpin = paidWheelReturn(
    prices,
    sectors.map((s) => valuedSector(s, currency)),
    { pointValuePer1000: value },
  );
  return { currency, prices, pointValuePer1000: value, perSpin };
}

/** Why spins paid `payWith` may not be sold (null: they may): the expected return is not below the price. */
export function refusalOf(r: WheelReturn, payWith: "money" | "points", name: string): string | null {
  const price = payWith === "money" ? r.prices.money : r.prices.points === null ? null : pointsWorth(r.prices.points, r.pointValuePer1000);
  return overpayment(`${name} (${payWith}, ${r.currency})`, r.perSpin, price);
}

/** The published figure: the return per spin in money, and as basis points of each price. */
export function expectedReturnView(r: WheelReturn | null): WheelExpectedReturn | null {
  if (!r || r.perSpin === null) return null;
  const share = (price: number | null) => (price ? Math.round((r.perSpin! * 10_000) / price) : null);
  const pointsPrice = r.prices.points === null ? null : pointsWorth(r.prices.points, r.pointValuePer1000);
  return {
    per_spin: { amount: Math.round(r.perSpin), currency: r.currency },
    of_price_bp: share(r.prices.money),
    of_points_price_bp: share(pointsPrice),
    points_price_value: pointsPrice === null ? null : { amount: Math.round(pointsPrice), currency: r.currency },
    rtp_bp: VALUATION_RTP_BP,
  };
}
