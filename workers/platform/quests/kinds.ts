import type { QuestKind } from "../../../core/api/quests";

/** The events play feeds (platform/play/): a real-money round paid, a sports bet settled, a deposit succeeded. */
export type QuestEventName = "round" | "bet" | "deposit";

/**
 * Each quest kind: the event it counts, and by how much — one per event, or the real money the
 * event wagered. A new kind is a line here and a value of QuestKind (core/api/quests.ts).
 */
export const QUEST_KINDS: Readonly<Record<QuestKind, { event: QuestEventName; step: "one" | "wagered" }>> = {
  rounds: { event: "round", step: "one" },
  wagered: { event: "round", step: "wagered" },
  deposits: { event: "deposit", step: "one" },
  sport_bets: { event: "bet", step: "one" },
};

export const kindsCounting = (event: QuestEventName) => (Object.keys(QUEST_KINDS) as QuestKind[]).filter((k) => QUEST_KINDS[k].event === event);
