import type { RewardKind } from "../../../core/api/rewards";
import type { Reward } from "./pay";

/**
 * Reading a configured reward — a wheel sector's prize, a shop product, a tournament prize — as
 * the `Reward` it pays one player (pay.ts pays it).
 */

/** The columns a configured reward carries (a wheel sector, a shop product, a tournament prize). */
export interface RewardColumns {
  money: string | null;
  bonus_template_id: number | null;
  freespin_template_id: number | null;
  points?: number | null;
  spins?: number | null;
  campaign_id?: number;
}

/** What a configured object of `type` pays a player of `currency` (nothing where it has no amount in it). */
export function configuredReward(type: RewardKind, row: RewardColumns, currency: string): Reward {
  switch (type) {
    case "money": {
      const amount = moneyIn(row.money, currency);
      return amount !== null && amount > 0 ? { type, amount } : { type: "nothing" };
    }
    case "bonus":
    case "freespins": {
      const templateId = type === "bonus" ? row.bonus_template_id : row.freespin_template_id;
      return templateId === null ? { type: "nothing" } : { type, templateId };
    }
    case "points":
      return row.points ? { type, points: row.points } : { type: "nothing" };
    case "spins":
      return row.spins && row.campaign_id !== undefined ? { type, campaignId: row.campaign_id, spins: row.spins } : { type: "nothing" };
    case "nothing":
      return { type };
  }
}

/** The amount of a `{ "<currency>": minor units }` column (prices, money prizes) in one currency, or null. */
export const moneyIn = (json: string | null, currency: string): number | null => {
  const v = json ? (JSON.parse(json) as Record<string, number>)[currency] : undefined;
  return typeof v === "number" ? v : null;
};
