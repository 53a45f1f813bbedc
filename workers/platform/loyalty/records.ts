import type { LoyaltyHistoryItem, LoyaltyQuest } from "../../../core/api/contract-loyalty";
import type { Handlers } from "../core/context";
import { questProgressView, readQuests, type QuestProgressRow } from "../quests/view";
import { textsOf } from "../core/texts";
import { ACCOUNT_PROGRAM_SQL } from "./ledger";
import { PLAYER_COUNTS, playerCountSql } from "../player/tables";

/**
 * What the player's loyalty account records (issue 20): the points history, read from the ledger
 * (lines that changed points or experience; counted events that earned nothing whole are left
 * out), and the quests with the progress of their current period.
 */

interface HistoryRow {
  id: number;
  reason: LoyaltyHistoryItem["reason"];
  delta: number;
  exp_delta: number;
  created_at: number;
  texts: string | null;
}

interface QuestRow extends QuestProgressRow<LoyaltyQuest["kind"]> {
  reward: number;
}

const CHANGED = "l.uid = ?1 AND (l.delta <> 0 OR l.exp_delta <> 0)";

export const loyaltyRecordHandlers: Handlers<"loyalty.gethistory" | "loyalty.getquests"> = {
  async "loyalty.gethistory"({ offset, limit }, ctx) {
    const db = ctx.player();
    const [rows, total] = await db.batch([
      db
        .prepare(
          `SELECT l.id, l.reason, l.delta, l.exp_delta, l.created_at,
             CASE l.reason WHEN 'quest' THEN (SELECT texts FROM quests WHERE id = l.ref)
                           WHEN 'purchase' THEN (SELECT texts FROM loyalty_products WHERE id = l.ref)
                           WHEN 'wheel' THEN (SELECT c.texts FROM wheel_spins sp JOIN wheel_campaigns c ON c.id = sp.campaign_id WHERE sp.id = l.ref)
                           WHEN 'wheel_purchase' THEN (SELECT c.texts FROM wheel_purchases wp JOIN wheel_campaigns c ON c.id = wp.campaign_id WHERE wp.id = l.ref) END AS texts
           FROM loyalty_ledger l WHERE ${CHANGED} ORDER BY l.id DESC LIMIT ?2 OFFSET ?3`,
        )
        .bind(ctx.uid, limit, offset),
      db.prepare(playerCountSql(PLAYER_COUNTS.loyaltyChanges)).bind(ctx.uid),
    ]);
    const items = (rows!.results as HistoryRow[]).map(
      (r): LoyaltyHistoryItem => ({
        id: r.id,
        reason: r.reason,
        delta: r.delta,
        exp_delta: r.exp_delta,
        title: r.texts ? String(textsOf(r.texts, ctx.locale, ctx.defaultLocale).title ?? "") || null : null,
        created_at: r.created_at,
      }),
    );
    return { items, total: (total!.results[0] as { n: number }).n };
  },

  async "loyalty.getquests"(_, ctx) {
    const now = Date.now();
    // The programme of the player's account, or the one an account would be created in: a read
    // writes nothing.
    const results = await readQuests<QuestRow>(
      ctx.player(),
      ctx.uid,
      `q.owner = 'loyalty' AND q.owner_id = COALESCE((SELECT program_id FROM loyalty_accounts WHERE uid = ?1),
         (${ACCOUNT_PROGRAM_SQL}))`,
      [],
      now,
    );
    const items = results.map((q): LoyaltyQuest => ({ ...questProgressView(q, ctx.locale, ctx.defaultLocale, now), reward_points: q.reward }));
    return { items };
  },
};
