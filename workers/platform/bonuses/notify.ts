import { BONUS_EVENT, BONUS_WAGERING_EVENT, type BonusEventData, type BonusWageringData } from "../../../core/api/bonus-event";
import { publish } from "../../realtime/publish";
import type { MoneyDeps } from "../wallet/move-money";
import { contributionRule } from "./wagering";

/**
 * Tells the player's open pages that a bonus changed (decision 0042): after the change committed,
 * best effort like every realtime push (the database is the truth; pages re-read it).
 */
export function publishBonusChange(deps: MoneyDeps, uid: number, bonus: { id: string; type: BonusEventData["type"]; status: BonusEventData["status"] }): void {
  const data: BonusEventData = { bonus_id: bonus.id, type: bonus.type, status: bonus.status };
  deps.waitUntil(publish(deps.env, uid, BONUS_EVENT, data));
}

/**
 * The bonus X-ray's live line (decision 0042): after a round under a bonus was paid, what its bet
 * counted towards the wagering and why, with the progress — the game page shows it beside the
 * studio. Read after the round's batch committed, so it says what the ledger says.
 */
export async function announceWagering(deps: MoneyDeps, uid: number, roundId: string): Promise<void> {
  const row = await deps.db
    .prepare(
      `SELECT r.sysname, r.bet, r.currency, r.bonus_contribution AS contribution, w.counted, b.id AS bonus_id, b.wagered, b.wager_required, b.status,
         t.contributions, g.kind
       FROM game_rounds r JOIN player_bonuses b ON b.id = r.bonus_id JOIN bonus_templates t ON t.id = b.template_id
         LEFT JOIN bonus_wagering w ON w.round_id = r.id LEFT JOIN games g ON g.id = r.game_id
       WHERE r.id = ?1 AND r.uid = ?2`,
    )
    .bind(roundId, uid)
    .first<{
      sysname: string;
      bet: number;
      currency: string;
      contribution: number;
      counted: number | null;
      bonus_id: string;
      wagered: number;
      wager_required: number;
      status: BonusEventData["status"];
      contributions: string;
      kind: string | null;
    }>();
  if (!row) return;
  const money = (amount: number) => ({ amount, currency: row.currency });
  const data: BonusWageringData = {
    bonus_id: row.bonus_id,
    round_id: roundId,
    sysname: row.sysname,
    bet: money(row.bet),
    contribution: row.contribution,
    category: contributionRule(row.contributions, row.kind, row.sysname).category,
    counted: money(row.counted ?? 0),
    wagered: money(row.wagered),
    wager_required: money(row.wager_required),
    status: row.status,
  };
  deps.waitUntil(publish(deps.env, uid, BONUS_WAGERING_EVENT, data));
}
