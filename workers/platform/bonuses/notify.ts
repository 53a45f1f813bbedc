import { BONUS_EVENT, type BonusEventData, type BonusStatus } from "../../../app/lib/api/contract-bonuses";
import { publish } from "../../realtime/publish";
import type { MoneyDeps } from "../wallet/move-money";

/**
 * Tells the player's open pages that a bonus changed (decision 0042): after the change committed,
 * best effort like every realtime push (the database is the truth; pages re-read it).
 */
export function publishBonusChange(deps: MoneyDeps, uid: number, bonus: { id: string; type: "casino" | "betting"; status: BonusStatus }): void {
  const data: BonusEventData = { bonus_id: bonus.id, type: bonus.type, status: bonus.status };
  deps.waitUntil(publish(deps.env, uid, BONUS_EVENT, data));
}
