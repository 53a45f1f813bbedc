import type { TFunction } from "../../lib/i18n/translate";

/** What one unit of a sport's score is: a goal, a point (basketball), a set (tennis). */
export const scoreUnit = (sport: string): "goals" | "points" | "sets" => (sport === "basketball" ? "points" : sport === "tennis" ? "sets" : "goals");

/** An early payout's lead in the sport's own units: "2 goals", "20 points", "2 sets" (decision 0107). */
export function earlyLeadText(t: TFunction, sport: string, lead: number): string {
  return t(`betting.early.${scoreUnit(sport)}`, { n: lead });
}
