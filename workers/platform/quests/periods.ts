/** Quest periods: a day (UTC), a week from Monday 00:00 UTC, or ever. */

const DAY_MS = 24 * 3600_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: weeks start on Monday 00:00 UTC, four days later. */
const MONDAY_OFFSET = 4 * DAY_MS;

export const dayStart = (now: number) => Math.floor(now / DAY_MS) * DAY_MS;
export const weekStart = (now: number) => Math.floor((now - MONDAY_OFFSET) / WEEK_MS) * WEEK_MS + MONDAY_OFFSET;

/** When a quest's current period ends and its progress starts again (null for 'ever'). */
export function periodEnd(period: "day" | "week" | "ever", now: number): number | null {
  if (period === "day") return dayStart(now) + DAY_MS;
  if (period === "week") return weekStart(now) + WEEK_MS;
  return null;
}

/** SQL: the start of quest `q`'s current period, from the day's and the week's starts (two parameters). */
export const periodStartSql = (q: string, day: string, week: string) => `CASE ${q}.period WHEN 'day' THEN ${day} WHEN 'week' THEN ${week} ELSE 0 END`;
