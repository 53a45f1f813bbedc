import type { TFunction } from "../../lib/i18n/translate";

/** An early payout's lead in the sport's own units: "2 goals", "20 points", "2 sets" (decision 0107). */
export function earlyLeadText(t: TFunction, sport: string, lead: number): string {
  const unit = sport === "basketball" ? "points" : sport === "tennis" ? "sets" : "goals";
  return t(`betting.early.${unit}`, { n: lead });
}
