import type { WheelQuest } from "../../../core/api/contract-wheel";
import type { PlatformContext } from "../core/context";
import { dayStart, weekStart } from "../loyalty/ledger";
import { questProgressView, type QuestProgressRow } from "../loyalty/view";
import { textsOf } from "../core/texts";
import { settleSpinCredits } from "./ledger";
import { OPEN, readCampaign, wheelError } from "./view";

/**
 * Wheel quests (decision 0047): progress advances in the batch of the event itself — a round's
 * payment, a deposit's settlement — so it exists exactly when the event does. Three statements per
 * event: the progress (+1 round or deposit, + the real money wagered), the spins of the quests this
 * batch completed (a spin-ledger row once per quest and period), and the balances' settling.
 * An event counts once: the statements apply only while the event's wallet operation (written
 * later in the same batch) does not exist yet — a replayed round or repeated callback finds it.
 */

export interface WheelEvent {
  uid: number;
  /** The event's wallet operation key (round:<id>, deposit:<id>). */
  operationKey: string;
  kind: "rounds" | "deposits";
  /** The round's or the deposit's id. */
  ref: string;
  /** Real money wagered by the round (main balance), 0 for a deposit. */
  wagered: number;
  /** The bonus a round was funded under: it counts only while that bonus is active, as it pays. */
  bonusId: string | null;
}

const GAME_KIND = "(SELECT g.kind FROM game_rounds r JOIN games g ON g.id = r.game_id WHERE r.id = ?8)";

/** The statements of an event, for the event's own batch (none for a round without real money). */
export function wheelQuestStatements(db: D1Database, e: WheelEvent, now = Date.now()): D1PreparedStatement[] {
  if (e.kind === "rounds" && !(e.wagered > 0)) return [];
  const batch = crypto.randomUUID();
  const counts =
    e.kind === "rounds"
      ? `q.kind IN ('rounds', 'wagered') AND (q.game_kind IS NULL OR q.game_kind = ${GAME_KIND}) AND (?3 IS NULL OR EXISTS (SELECT 1 FROM player_bonuses WHERE id = ?3 AND status = 'active'))`
      : `q.kind = 'deposits' AND EXISTS (SELECT 1 FROM cashier_transactions x WHERE x.id = ?8 AND x.uid = ?1 AND x.type = 'deposit' AND x.status = 'success')`;
  const step = `CASE q.kind WHEN 'wagered' THEN CAST(?7 AS INTEGER) ELSE 1 END`;
  return [
    db
      .prepare(
        `INSERT INTO wheel_quest_progress (uid, quest_id, period_start, progress, completed_at, updated_at)
         SELECT ?1, q.id, CASE q.period WHEN 'day' THEN ?4 WHEN 'week' THEN ?5 ELSE 0 END, ${step}, CASE WHEN ${step} >= q.target THEN ?6 END, ?6
         FROM wheel_quests q JOIN wheel_campaigns c ON c.id = q.campaign_id AND ${OPEN("c", "?6")}
         WHERE q.is_enabled = 1 AND ${counts} AND NOT EXISTS (SELECT 1 FROM wallet_operations WHERE uid = ?1 AND key = ?2)
         ON CONFLICT (uid, quest_id, period_start) DO UPDATE SET
           progress = progress + excluded.progress,
           completed_at = CASE WHEN progress + excluded.progress >= (SELECT target FROM wheel_quests WHERE id = excluded.quest_id) THEN excluded.updated_at END,
           updated_at = excluded.updated_at
         WHERE completed_at IS NULL`,
      )
      .bind(e.uid, e.operationKey, e.bonusId, dayStart(now), weekStart(now), now, Math.trunc(e.wagered), e.ref),
    db
      .prepare(
        `INSERT INTO wheel_spin_ledger (uid, campaign_id, key, reason, ref, delta, created_at, batch_id)
         SELECT p.uid, q.campaign_id, 'quest:' || q.id || ':' || p.period_start, 'quest', q.id, q.reward_spins, ?3, ?2
         FROM wheel_quest_progress p JOIN wheel_quests q ON q.id = p.quest_id
         WHERE p.uid = ?1 AND p.completed_at = ?3 AND p.updated_at = ?3
         ON CONFLICT (uid, key) DO NOTHING`,
      )
      .bind(e.uid, batch, now),
    settleSpinCredits(db, e.uid, batch, now),
  ];
}

interface QuestRow extends QuestProgressRow<WheelQuest["kind"]> {
  campaign_id: number;
  reward_spins: number;
}

/** Quests with the player's progress in their current period (uid 0: a visitor, none). */
async function readQuests(ctx: PlatformContext, where: string, bind: number): Promise<WheelQuest[]> {
  const now = Date.now();
  const { results } = await ctx.db
    .prepare(
      `SELECT q.*, p.progress, p.completed_at FROM wheel_quests q
         LEFT JOIN wheel_quest_progress p ON p.uid = ?2 AND p.quest_id = q.id AND p.period_start = CASE q.period WHEN 'day' THEN ?3 WHEN 'week' THEN ?4 ELSE 0 END
       WHERE q.is_enabled = 1 AND ${where} ORDER BY q.position, q.id`,
    )
    .bind(bind, ctx.uid, dayStart(now), weekStart(now))
    .all<QuestRow>();
  return results.map((r) => ({ ...questProgressView(r, ctx.locale, ctx.defaultLocale, now), campaign_id: r.campaign_id, reward_spins: r.reward_spins }));
}

export async function campaignsQuestsGet(ctx: PlatformContext, campaignId: number) {
  await readCampaign(ctx.db, campaignId);
  return { items: await readQuests(ctx, "q.campaign_id = ?1", campaignId) };
}

export async function campaignsQuestsInfo(ctx: PlatformContext, questId: number) {
  const [quest] = await readQuests(ctx, "q.id = ?1", questId);
  if (!quest) throw wheelError("unknown_campaign", "No such wheel quest", 404, "quest_id");
  return quest;
}

/** The player's completed quests of a campaign: the spin-ledger rows quests wrote, newest first. */
export async function userQuestsHistoryGet(ctx: PlatformContext, campaignId: number, limit: number) {
  await readCampaign(ctx.db, campaignId);
  const { results } = await ctx.db
    .prepare(
      `SELECT l.ref, l.delta, l.created_at, q.texts, q.sysname FROM wheel_spin_ledger l JOIN wheel_quests q ON q.id = CAST(l.ref AS INTEGER)
       WHERE l.uid = ?1 AND l.campaign_id = ?2 AND l.reason = 'quest' ORDER BY l.created_at DESC, l.id DESC LIMIT ?3`,
    )
    .bind(ctx.uid, campaignId, limit)
    .all<{ ref: string; delta: number; created_at: number; texts: string; sysname: string }>();
  return {
    items: results.map((r) => ({
      quest_id: Number(r.ref),
      title: String(textsOf(r.texts, ctx.locale, ctx.defaultLocale).title ?? r.sysname),
      spins: r.delta,
      completed_at: r.created_at,
    })),
  };
}
