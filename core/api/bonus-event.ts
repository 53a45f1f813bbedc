/**
 * The realtime event on the player's channel after any change of one of their bonuses (granted,
 * activated, ended, declined, expired unused): `{ bonus_id, type, status }`; the balances travel
 * separately in `account.balance_updated`. Free-spin packs and cashbacks are bonuses to the player
 * and send it too, their id in `bonus_id`: a pack is `active` when granted, `closed` when played
 * to zero, `expired` past its time; a cashback is `active` when computed. Its own module so pages
 * can listen without loading the contract.
 */
export const BONUS_EVENT = "bonus.updated";

export interface BonusEventData {
  bonus_id: string;
  type: "casino" | "betting" | "freespins" | "cashback";
  status: "available" | "active" | "wagered" | "expired" | "cancelled" | "closed";
}

/** After each paid round under a bonus: what its bet counted towards the wagering, and why. */
export const BONUS_WAGERING_EVENT = "bonus.wagering";

interface Money {
  amount: number;
  currency: string;
}

export interface BonusWageringData {
  bonus_id: string;
  round_id: string;
  sysname: string;
  bet: Money;
  /** Percent of the bet that counted, and what decided it: the game's own rule or its category. */
  contribution: number;
  category: "game" | "slots" | "table" | "live";
  counted: Money;
  wagered: Money;
  wager_required: Money;
  status: BonusEventData["status"];
}
