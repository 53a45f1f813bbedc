/**
 * The realtime event on the player's channel after any change of one of their bonuses (granted,
 * activated, ended, declined): `{ bonus_id, type, status }`; the balances travel separately in
 * `account.balance_updated`. Its own module so pages can listen without loading the contract.
 */
export const BONUS_EVENT = "bonus.updated";

export interface BonusEventData {
  bonus_id: string;
  type: "casino" | "betting";
  status: "available" | "active" | "wagered" | "expired" | "cancelled" | "closed";
}
