import { z } from "zod";

/**
 * What a quest counts (workers/platform/quests/kinds.ts), declared once for loyalty's and the
 * wheel's quests: real-money rounds, minor units of real money wagered on rounds, successful
 * deposits, real-money sports bets settled won or lost.
 */
export const QuestKind = z.enum(["rounds", "deposits", "wagered", "sport_bets"]);
export type QuestKind = z.infer<typeof QuestKind>;

export const QuestPeriod = z.enum(["day", "week", "ever"]);
export type QuestPeriod = z.infer<typeof QuestPeriod>;

/** What loyalty's and the wheel's quests show alike: heading, terms, and the player's progress in the current period. */
export const QuestProgress = z.strictObject({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  kind: QuestKind,
  /** For rounds and wagered: the game kind that counts (null: any game). */
  game_kind: z.string().nullable(),
  /** Rounds, deposits, bets, or minor units wagered. */
  target: z.number().int(),
  period: QuestPeriod,
  progress: z.number().int(),
  completed: z.boolean(),
  /** When the current period ends and progress starts again (null: never). */
  period_ends_at: z.number().int().nullable(),
});
