import type { WheelQuest } from "../../../core/api/contract-wheel";
import type { PlatformContext } from "../core/context";
import { ownTexts } from "../core/texts";
import { questProgressView, questValues, readQuests, type QuestProgressRow } from "../quests/view";
import { readerCurrency } from "../wallet/currency";
import { playerJurisdiction, visitorJurisdiction } from "../responsible/jurisdiction";
import { MIXED_WHEEL_KINDS } from "../quests/kinds";
import { readCampaign, wheelError } from "./view";

/**
 * Wheel quests (decision 0047): rows of the one quest table owned by a campaign (platform/quests/:
 * the engine advances them in the batch of each round, bet or deposit and credits their spins);
 * here, how FortuneWheels reads them and the player's completed ones.
 */

interface QuestRow extends QuestProgressRow<WheelQuest["kind"]> {
  owner_id: number;
}

/** Quests with the player's progress in their current period (uid 0: a visitor, none). */
async function readWheelQuests(ctx: PlatformContext, where: string, bind: number): Promise<WheelQuest[]> {
  const now = Date.now();
  // A market with one product per incentive (the UK) sees no quest of another product than the wheel's (decision 0094).
  const market = await (ctx.uid > 0 ? playerJurisdiction(ctx) : visitorJurisdiction(ctx));
  const own =
    market.bonuses.oneProductPerIncentive && MIXED_WHEEL_KINDS.length ? ` AND q.kind NOT IN (${MIXED_WHEEL_KINDS.map((k) => `'${k}'`).join(", ")})` : "";
  const [currency, results] = await Promise.all([
    readerCurrency(ctx),
    readQuests<QuestRow>(ctx.uid > 0 ? ctx.player() : ctx.db, ctx.uid, `q.owner = 'wheel' AND ${where}${own}`, [bind], now),
  ]);
  const reader = { locale: ctx.locale, defaultLocale: ctx.defaultLocale, currency };
  return results.map((r) => ({ ...questProgressView(r, reader, now), campaign_id: r.owner_id, reward_spins: r.reward }));
}

export async function campaignsQuestsGet(ctx: PlatformContext, campaignId: number) {
  await readCampaign(ctx.db, campaignId);
  return { items: await readWheelQuests(ctx, "q.owner_id = ?4", campaignId) };
}

export async function campaignsQuestsInfo(ctx: PlatformContext, questId: number) {
  const [quest] = await readWheelQuests(ctx, "q.id = ?4", questId);
  if (!quest) throw wheelError("unknown_campaign", "No such wheel quest", 404, "quest_id");
  return quest;
}

/** The player's completed quests of a campaign: the spin-ledger rows quests wrote, newest first. */
export async function userQuestsHistoryGet(ctx: PlatformContext, campaignId: number, limit: number) {
  const [, currency, { results }] = await Promise.all([
    readCampaign(ctx.db, campaignId),
    readerCurrency(ctx),
    ctx
      .player()
      .prepare(
        `SELECT l.ref, l.delta, l.created_at, q.texts, q.sysname, q.kind, q.target, q.owner, q.reward FROM wheel_spin_ledger l JOIN quests q ON q.id = CAST(l.ref AS INTEGER)
         WHERE l.uid = ?1 AND l.campaign_id = ?2 AND l.reason = 'quest' ORDER BY l.created_at DESC, l.id DESC LIMIT ?3`,
      )
      .bind(ctx.uid, campaignId, limit)
      .all<{ ref: string; delta: number; created_at: number; texts: string; sysname: string; kind: string; target: number; owner: string; reward: number }>(),
  ]);
  return {
    items: results.map((r) => ({
      quest_id: Number(r.ref),
      title: ownTexts(r.texts, ctx.locale, ctx.defaultLocale, "quest", questValues(r, currency), r.sysname).title,
      spins: r.delta,
      completed_at: r.created_at,
    })),
  };
}
