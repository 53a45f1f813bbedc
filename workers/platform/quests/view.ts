import { moneyValue, type OwnValues, ownHeadingOf } from "../core/texts";
import { dayStart, periodEnd, periodStartSql, weekStart } from "./periods";

/** A quest row (loyalty's or the wheel's) with the reader's progress in its current period. */
export interface QuestProgressRow<K extends string> {
  id: number;
  sysname: string;
  owner: "loyalty" | "wheel";
  kind: K;
  game_kind: string | null;
  target: number;
  /** Spins (a wheel's quest) or points (a programme's). */
  reward: number;
  period: "day" | "week" | "ever";
  image: string | null;
  texts: string;
  progress: number | null;
  completed_at: number | null;
}

/**
 * A quest's own numbers (decision 0084): what it asks — a count, or money for a wagering quest, in
 * `currency` — and what it gives (a wheel's spins, a programme's points).
 */
export function questValues(q: { kind: string; target: number; owner: string; reward: number }, currency: string): OwnValues {
  return {
    target: q.kind === "wagered" ? moneyValue(q.target, currency) : String(q.target),
    spins: q.owner === "wheel" ? String(q.reward) : null,
    points: q.owner === "loyalty" ? String(q.reward) : null,
  };
}

/** The fields loyalty's and the wheel's quests show alike: texts (with their numbers, in `currency`), terms, progress (capped at the target), the period's end. */
export function questProgressView<K extends string>(q: QuestProgressRow<K>, reader: { locale: string; defaultLocale: string; currency: string }, now: number) {
  return {
    ...ownHeadingOf(q, reader.locale, reader.defaultLocale, "quest", questValues(q, reader.currency)),
    kind: q.kind,
    game_kind: q.game_kind,
    target: q.target,
    period: q.period,
    progress: Math.min(q.progress ?? 0, q.target),
    completed: q.completed_at !== null,
    period_ends_at: periodEnd(q.period, now),
  };
}

/**
 * Enabled quests of one owner (a loyalty programme, a wheel campaign) or one quest, with the
 * player's progress in their current period (uid 0: a visitor, none). `where` is over `q` and its
 * parameters are ?4 onwards. `db`: the player's tables (ctx.player(), playerTables); any for a visitor.
 */
export async function readQuests<R extends QuestProgressRow<string>>(db: D1Database, uid: number, where: string, params: unknown[], now: number): Promise<R[]> {
  // A visitor has no progress: quest_progress (the player's tables, decision 0075) is not named.
  const progress =
    uid > 0
      ? `p.progress, p.completed_at FROM quests q
         LEFT JOIN quest_progress p ON p.uid = ?1 AND p.quest_id = q.id AND p.period_start = ${periodStartSql("q", "?2", "?3")}`
      : "NULL AS progress, NULL AS completed_at FROM quests q";
  const { results } = await db
    .prepare(
      `SELECT q.*, ${progress}
       WHERE q.is_enabled = 1 AND ${where} ORDER BY q.position, q.id`,
    )
    .bind(uid, dayStart(now), weekStart(now), ...params)
    .all<R>();
  return results;
}
