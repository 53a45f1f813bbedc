/**
 * Dates (SPEC §5, §9): typed as dd.mm.yyyy (separators ".", "/" or "-") or as yyyy-mm-dd (what
 * `<input type="date">` submits). The year has four digits; only digits and separators are allowed;
 * the day must exist in the calendar. Dates are calendar days without a time zone: a `Date` given
 * as a bound is read in UTC so the server and the browser agree.
 */
import { fail, toText, type RuleResult } from "./core";

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const DAY_FIRST = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const last = month === 2 ? (leap ? 29 : 28) : daysInMonth;
  return day <= last ? { year, month, day } : null;
}

/** Reads a typed date, an ISO date or a `Date`; null when it is not a real calendar day. */
export function parseDate(value: unknown): CalendarDate | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return calendarDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
  }
  const v = toText(value).trim();
  const iso = YEAR_FIRST.exec(v);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const typed = DAY_FIRST.exec(v);
  return typed ? calendarDate(Number(typed[3]), Number(typed[2]), Number(typed[1])) : null;
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** dd.mm.yyyy, the product's date format. */
export function formatDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(date.day, 2)}.${pad(date.month, 2)}.${pad(date.year, 4)}`;
}

/** The latest birth date of someone who is `years` old on `today` (UTC), e.g. 18 for adults. */
export function latestBirthDate(today: Date, years = 18): CalendarDate {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  return calendarDate(y, m, d) ?? { year: y, month: 2, day: 28 };
}

export type DateBound = CalendarDate | Date | string;

export interface DateOptions {
  min?: DateBound | null;
  max?: DateBound | null;
  isRequired?: boolean;
}

function toCalendarDate(bound: DateBound | null | undefined): CalendarDate | null {
  if (bound === null || bound === undefined) return null;
  if (typeof bound === "object" && !(bound instanceof Date)) return calendarDate(bound.year, bound.month, bound.day);
  return parseDate(bound);
}

/** A valid calendar date, not before `min` and not after `max` (both inclusive). */
export function date(value: unknown, options: DateOptions = {}): RuleResult {
  const v = toText(value).trim();
  if (v === "") return (options.isRequired ?? true) ? fail("required") : null;
  if (!/^[\d./-]+$/.test(v)) return fail("date");
  const parsed = parseDate(v);
  if (!parsed) return fail("date");
  const min = toCalendarDate(options.min);
  if (min && compareDates(parsed, min) < 0) return fail("minValue", { min: formatDate(min) });
  const max = toCalendarDate(options.max);
  if (max && compareDates(parsed, max) > 0) return fail("maxValue", { max: formatDate(max) });
  return null;
}
