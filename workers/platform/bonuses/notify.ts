import { BONUS_EVENT, type BonusEventData } from "../../../app/lib/api/bonus-event";
import { publish } from "../../realtime/publish";
import type { MoneyDeps } from "../wallet/move-money";

/**
 * Tells the player's open pages that a bonus changed (decision 0042): after the change committed,
 * best effort like every realtime push (the database is the truth; pages re-read it).
 */
export function publishBonusChange(deps: MoneyDeps, uid: number, bonus: { id: string; type: "casino" | "betting"; status: BonusEventData["status"] }): void {
  const data: BonusEventData = { bonus_id: bonus.id, type: bonus.type, status: bonus.status };
  deps.waitUntil(publish(deps.env, uid, BONUS_EVENT, data));
}
