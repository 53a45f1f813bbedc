import type { QuestKind } from "../../../core/api/quests";

/** The events play feeds (platform/play/): a real-money round paid, a sports bet settled, a deposit succeeded. */
export type QuestEventName = "round" | "bet" | "deposit";

/**
 * Each quest kind: the event it counts, and by how much — one per event, or the real money the
 * event wagered. A new kind is a line here and a value of QuestKind (core/api/quests.ts).
 */
export const QUEST_KINDS: Readonly<Record<QuestKind, { event: QuestEventName; step: "one" | "wagered"; product: Product | null }>> = {
  rounds: { event: "round", step: "one", product: "casino" },
  wagered: { event: "round", step: "wagered", product: "casino" },
  deposits: { event: "deposit", step: "one", product: null },
  sport_bets: { event: "bet", step: "one", product: "sports" },
};

/** The product a kind asks the player to play (null: none — a deposit is not play). */
export type Product = "casino" | "sports";

/**
 * The product a wheel campaign rewards: its prizes are casino bonuses, free spins, cash and points.
 * Under a market with one product per incentive (the UK), a wheel quest of another product's kind
 * — sports bets for casino spins — is neither shown nor counted (decision 0094).
 */
export const WHEEL_PRODUCT: Product = "casino";

/** The kinds of quest that would mix products on a wheel. */
export const MIXED_WHEEL_KINDS = (Object.keys(QUEST_KINDS) as QuestKind[]).filter((k) => {
  const product = QUEST_KINDS[k].product;
  return product !== null && product !== WHEEL_PRODUCT;
});

export const kindsCounting = (event: QuestEventName) => (Object.keys(QUEST_KINDS) as QuestKind[]).filter((k) => QUEST_KINDS[k].event === event);
