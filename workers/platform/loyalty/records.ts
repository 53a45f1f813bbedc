import type { LoyaltyHistoryItem, LoyaltyQuest } from "../../../core/api/contract-loyalty";
import type { Handlers } from "../core/context";
import { questProgressView, readQuests, type QuestProgressRow } from "../quests/view";
import { readerCurrency } from "../wallet/currency";
import { wheelTopSql } from "../wheel/view";
import { namedTitle, PRODUCT_JOINS, productNumbersJson } from "./view";
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
  /** What the line names (a quest, a product, a wheel), as JSON: its `texts` and the numbers they claim. */
  named: string | null;
}

type QuestRow = QuestProgressRow<LoyaltyQuest["kind"]>;

const CHANGED = "l.uid = ?1 AND (l.delta <> 0 OR l.exp_delta <> 0)";

export const loyaltyRecordHandlers: Handlers<"loyalty.gethistory" | "loyalty.getquests"> = {
  async "loyalty.gethistory"({ offset, limit }, ctx) {
    const db = ctx.player();
    const currency = await readerCurrency(ctx);
    const wheel = `json_object('texts', c.texts, 'spin_price', c.spin_price, 'spin_price_points', c.spin_price_points, 'top', ${wheelTopSql("?4")})`;
    const [rows, total] = await db.batch([
      db
        .prepare(
          `SELECT l.id, l.reason, l.delta, l.exp_delta, l.created_at,
             CASE l.reason WHEN 'quest' THEN (SELECT json_object('texts', texts, 'kind', kind, 'target', target, 'owner', owner, 'reward', reward) FROM quests WHERE id = l.ref)
                           WHEN 'purchase' THEN (SELECT json_set(${productNumbersJson("?4")}, '$.texts', pr.texts) FROM loyalty_products pr ${PRODUCT_JOINS("?4")} WHERE pr.id = l.ref)
                           WHEN 'wheel' THEN (SELECT ${wheel} FROM wheel_spins sp JOIN wheel_campaigns c ON c.id = sp.campaign_id WHERE sp.id = l.ref)
                           WHEN 'wheel_purchase' THEN (SELECT ${wheel} FROM wheel_purchases wp JOIN wheel_campaigns c ON c.id = wp.campaign_id WHERE wp.id = l.ref) END AS named
           FROM loyalty_ledger l WHERE ${CHANGED} ORDER BY l.id DESC LIMIT ?2 OFFSET ?3`,
        )
        .bind(ctx.uid, limit, offset, currency),
      db.prepare(playerCountSql(PLAYER_COUNTS.loyaltyChanges)).bind(ctx.uid),
    ]);
    const items = (rows!.results as HistoryRow[]).map(
      (r): LoyaltyHistoryItem => ({
        id: r.id,
        reason: r.reason,
        delta: r.delta,
        exp_delta: r.exp_delta,
        title: r.named
          ? namedTitle(r.reason === "quest" ? "quest" : r.reason === "purchase" ? "product" : "wheel", JSON.parse(r.named), {
              locale: ctx.locale,
              defaultLocale: ctx.defaultLocale,
              currency,
            }) || null
          : null,
        created_at: r.created_at,
      }),
    );
    return { items, total: (total!.results[0] as { n: number }).n };
  },

  async "loyalty.getquests"(_, ctx) {
    const now = Date.now();
    // The programme of the player's account, or the one an account would be created in: a read
    // writes nothing.
    const [currency, results] = await Promise.all([
      readerCurrency(ctx),
      readQuests<QuestRow>(
        ctx.player(),
        ctx.uid,
        `q.owner = 'loyalty' AND q.owner_id = COALESCE((SELECT program_id FROM loyalty_accounts WHERE uid = ?1),
           (${ACCOUNT_PROGRAM_SQL}))`,
        [],
        now,
      ),
    ]);
    const reader = { locale: ctx.locale, defaultLocale: ctx.defaultLocale, currency };
    const items = results.map((q): LoyaltyQuest => ({ ...questProgressView(q, reader, now), reward_points: q.reward }));
    return { items };
  },
};
