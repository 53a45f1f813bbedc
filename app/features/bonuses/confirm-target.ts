import type { BonusList, PlayerBonus } from "../../../core/api/contract-bonuses";

const everyBonus = (lists: BonusList[]): PlayerBonus[] => lists.flatMap((l) => [...l.active, ...l.available]);

/** The bonus a confirm dialog is about, and the active one of its kind an activation would end. */
export function confirmTarget(lists: { bonuses: BonusList; betting: BonusList }, bonusId: string) {
  const bonus = everyBonus([lists.bonuses, lists.betting]).find((b) => b.id === bonusId) ?? null;
  if (!bonus) return null;
  const active = (bonus.type === "betting" ? lists.betting : lists.bonuses).active[0] ?? null;
  return { bonus, burns: bonus.status === "available" && active && active.id !== bonus.id ? active : null };
}
