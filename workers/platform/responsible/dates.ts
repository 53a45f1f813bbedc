import type { SelfExclusionPeriod } from "../../../core/api/entities-responsible";

/** Dates in the platform's messages: SPEC §9 dd.mm.yyyy, in UTC (the platform knows no player time zone). */
export { formatDate as formatDay } from "../../../core/dates";

const DAYS: Partial<Record<SelfExclusionPeriod, number>> = { "1d": 1, "7d": 7, "30d": 30 };
const MONTHS: Partial<Record<SelfExclusionPeriod, number>> = {
  "3m": 3,
  "6m": 6,
  "9m": 9,
  "1y": 12,
  "2y": 24,
  "3y": 36,
  "4y": 48,
  "5y": 60,
};

/**
 * When a self-exclusion taken at `now` ends: days are exact 24-hour days, months and years are
 * calendar ones (a month from 31 January ends on the last day of February). null = permanent.
 */
export function exclusionEnd(period: SelfExclusionPeriod, now: number): number | null {
  const days = DAYS[period];
  if (days) return now + days * 86_400_000;
  const months = MONTHS[period];
  if (!months) return null;
  const d = new Date(now);
  const target = new Date(d);
  target.setUTCDate(1);
  target.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}
