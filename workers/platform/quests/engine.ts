import { rewardRowsStatements } from "../rewards/pay";
import { guardAfter, type Guard } from "../wallet/wallet";
import { OPEN } from "../wheel/view";
import type { JurisdictionId } from "../../../core/jurisdictions";
import { marketSql } from "../bonuses/market";
import { kindsCounting, MIXED_WHEEL_KINDS, QUEST_KINDS, type QuestEventName } from "./kinds";
import { dayStart, periodStartSql, weekStart } from "./periods";

/**
 * The one quest engine (decisions 0046, 0047; issue 37): loyalty's quests and the wheel's are rows
 * of one table (`quests`, migration 0047), owned by a loyalty programme or a wheel campaign.
 * Progress advances in the batch of the event itself — a round's payment, a bet's settlement, a
 * deposit's credit (platform/play/) — so it exists exactly when the event does:
 * 1. every enabled quest whose kind counts the event (kinds.ts), of the round's game kind or any,
 *    whose owner is running for the player (their loyalty account's active programme; an open
 *    wheel campaign), moves by one or by the money wagered, in its current period; the step that
 *    reaches the target marks it completed (once per period);
 * 2. the quests completed in this batch pay their reward through the reward module — loyalty
 *    points (as experience too) or spins on the campaign's balance — once per quest and period
 *    (key `quest:<id>:<period start>`).
 * An event counts once: every statement applies only under the event's `fresh` guard (its wallet
 * operation, later in the batch, not yet written; a replay finds it).
 */

export type QuestEvent = QuestEventBase &
  (
    | { event: Exclude<QuestEventName, "bet"> }
    | {
        event: "bet";
        /** The site's profile: a sports bet counts toward a wheel's quests only where the player's market allows mixing products. */
        site: JurisdictionId;
      }
  );

interface QuestEventBase {
  uid: number;
  /** The round's game: a quest of one game kind counts only rounds of that kind (null for other events). */
  gameId: number | null;
  /** Minor units of real money the event wagered (0 for a deposit). */
  wagered: number;
  /** True while the event counts for the first time, in its own batch; parameters ?1… of its own. */
  fresh: Guard;
}

const quoted = (list: readonly string[]) => list.map((k) => `'${k}'`).join(", ");

/**
 * SQL (over `q`, player ?1) keeping a wheel's quests of another product out of the count where the
 * player's market has one product per incentive (decision 0094); "1" where no market asks it.
 */
function oneProductSql(kinds: readonly string[], site: JurisdictionId): string {
  const mixed = MIXED_WHEEL_KINDS.filter((k) => kinds.includes(k));
  if (!mixed.length) return "1";
  const rule = marketSql("(SELECT u.country_code FROM users u WHERE u.uid = ?1)", site, (p) => (p.bonuses.oneProductPerIncentive ? 1 : 0));
  return rule === "0" ? "1" : `NOT (q.owner = 'wheel' AND q.kind IN (${quoted(mixed)}) AND ${rule} = 1)`;
}

/** The statements of an event, for the event's own batch. */
export function questStatements(db: D1Database, e: QuestEvent, now = Date.now()): D1PreparedStatement[] {
  const kinds = kindsCounting(e.event);
  if (kinds.length === 0) return [];
  // ?1 the player, ?2 the day's start, ?3 the week's, ?4 now, ?5 the money wagered, ?6 the game; the guard's after them.
  const fresh = guardAfter(e.fresh, 6);
  const byWager = kinds.filter((k) => QUEST_KINDS[k].step === "wagered");
  const step = byWager.length ? `CASE WHEN q.kind IN (${quoted(byWager)}) THEN CAST(?5 AS INTEGER) ELSE 1 END` : "1";
  const running = `(q.owner = 'loyalty' AND EXISTS (SELECT 1 FROM loyalty_accounts a JOIN loyalty_programs lp ON lp.id = a.program_id AND lp.is_active = 1
        WHERE a.uid = ?1 AND a.program_id = q.owner_id))
     OR (q.owner = 'wheel' AND EXISTS (SELECT 1 FROM wheel_campaigns c WHERE c.id = q.owner_id AND ${OPEN("c", "?4")}))`;
  const completed = (owner: string, extra = "") => ({
    sql: `SELECT 'quest:' || q.id || ':' || p.period_start AS key, q.id AS ref, q.reward AS amount${extra}
          FROM quest_progress p JOIN quests q ON q.id = p.quest_id AND q.owner = '${owner}'
          WHERE p.uid = ?1 AND p.completed_at = ?2 AND p.updated_at = ?2`,
    params: [e.uid, now],
  });
  return [
    db
      .prepare(
        `INSERT INTO quest_progress (uid, quest_id, period_start, progress, completed_at, updated_at)
         SELECT ?1, q.id, ${periodStartSql("q", "?2", "?3")}, ${step}, CASE WHEN ${step} >= q.target THEN ?4 END, ?4
         FROM quests q
         WHERE q.is_enabled = 1 AND q.kind IN (${quoted(kinds)})
           AND (q.game_kind IS NULL OR q.game_kind = (SELECT g.kind FROM games g WHERE g.id = ?6))
           AND (${running}) AND (${fresh}) AND ${oneProductSql(kinds, e.event === "bet" ? e.site : "international")}
         ON CONFLICT (uid, quest_id, period_start) DO UPDATE SET
           progress = progress + excluded.progress,
           completed_at = CASE WHEN progress + excluded.progress >= (SELECT target FROM quests WHERE id = excluded.quest_id) THEN excluded.updated_at END,
           updated_at = excluded.updated_at
         WHERE completed_at IS NULL`,
      )
      .bind(e.uid, dayStart(now), weekStart(now), now, Math.trunc(e.wagered), e.gameId, ...e.fresh.params),
    ...rewardRowsStatements(db, { type: "points", uid: e.uid, reason: "quest", now, select: completed("loyalty"), experience: true, accountExists: true }),
    ...rewardRowsStatements(db, { type: "spins", uid: e.uid, reason: "quest", now, select: completed("wheel", ", q.owner_id AS campaign_id") }),
  ];
}
