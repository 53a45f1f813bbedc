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
