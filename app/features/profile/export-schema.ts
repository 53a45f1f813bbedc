/**
 * The one schema of the "Export my game history" form (DESIGN §4): the browser (Conform) and the
 * route action parse the same form data with it. Dates are whole UTC days, as the platform's
 * periods are in Unix ms: `from` starts at 00:00 UTC, `to` ends at 23:59:59.999 UTC.
 */
import { z } from "zod";
import type { TFunction } from "../../lib/i18n/translate";

const DAY_MS = 24 * 60 * 60_000;
export const DEFAULT_DAYS = 90;
export const MAX_DAYS = 366;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "2027-03-05" → its 00:00 UTC in ms, or NaN for text that is no calendar date. */
export function dayStart(value: string): number {
  if (!DATE.test(value)) return Number.NaN;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value ? Number.NaN : ms;
}

export const dateValue = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The form's default period: the last 90 days, today included. */
export function defaultPeriod(now = Date.now()): { from: string; to: string } {
  return { from: dateValue(now - DEFAULT_DAYS * DAY_MS), to: dateValue(now) };
}

export function exportFormSchema(t: TFunction) {
  const date = (field: "from" | "to") =>
    z.string({ error: t(`profileGames.exports.errors.${field}Required`) }).refine((v) => !Number.isNaN(dayStart(v)), t("profileGames.exports.errors.date"));
  return z
    .object({
      from: date("from"),
      to: date("to"),
      idempotency_key: z
        .string()
        .regex(/^[\x21-\x7e]{8,100}$/)
        .optional(),
    })
    .superRefine((v, ctx) => {
      const from = dayStart(v.from);
      const to = dayStart(v.to);
      if (Number.isNaN(from) || Number.isNaN(to)) return;
      if (from > Date.now()) ctx.addIssue({ code: "custom", path: ["from"], message: t("profileGames.exports.errors.future") });
      else if (to < from) ctx.addIssue({ code: "custom", path: ["to"], message: t("profileGames.exports.errors.order") });
      else if (to - from >= MAX_DAYS * DAY_MS)
        ctx.addIssue({ code: "custom", path: ["to"], message: t("profileGames.exports.errors.span", { days: MAX_DAYS }) });
    })
    .transform((v) => ({ from: dayStart(v.from), to: dayStart(v.to) + DAY_MS - 1, idempotency_key: v.idempotency_key }));
}
