/**
 * Sums of money typed by the player (SPEC §5 "Sum", §9 money).
 *
 * - The value is digits with an optional "." and at most `decimals` (default 2) fraction digits;
 *   no leading zero ("05" is wrong, "0.5" is fine); no thousands separators.
 * - min/max come from the currency settings as numbers or display strings such as "1,000": the
 *   commas are stripped before comparing, and the message shows the bounds as given.
 * - `step`: the amount must be a whole multiple of it (counted from zero). Decimal steps are
 *   compared in exact integer arithmetic, so 0.3 is a multiple of 0.1.
 */
import { fail, toText, type RuleResult } from "./core";
import { plainDecimal, scaled } from "./decimal";

export { toMinorUnits } from "./decimal";

export type AmountBound = number | string | null | undefined;

/** A bound as a number: thousands commas and spaces removed; null when it is not a number. */
export function parseAmountBound(bound: AmountBound): number | null {
  if (typeof bound === "number") return Number.isFinite(bound) ? bound : null;
  if (typeof bound !== "string") return null;
  const cleaned = bound.replace(/[,\s]/g, "");
  if (!/^-?\d+(?:\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

function boundText(bound: AmountBound): string {
  return typeof bound === "string" ? bound.trim() : String(bound);
}

/** Whether `value` is a whole multiple of `step` (both non-negative; a zero step always passes). */
export function isMultipleOf(value: number | string, step: number | string): boolean {
  const v = plainDecimal(value);
  const s = plainDecimal(step);
  if (v === null || s === null) return false;
  const scale = Math.max(v.split(".")[1]?.length ?? 0, s.split(".")[1]?.length ?? 0);
  const stepUnits = scaled(s, scale);
  return stepUnits === 0n || scaled(v, scale) % stepUnits === 0n;
}

export interface SumOptions {
  min?: AmountBound;
  max?: AmountBound;
  step?: AmountBound;
  /** Fraction digits allowed in the typed value. Default 2; 0 means whole amounts only. */
  decimals?: number;
}

export function sum(value: unknown, options: SumOptions = {}): RuleResult {
  const v = toText(value).trim();
  if (v === "") return fail("required");
  const decimals = options.decimals ?? 2;
  const pattern = decimals > 0 ? new RegExp(`^\\d+(?:\\.\\d{1,${decimals}})?$`) : /^\d+$/;
  if (!pattern.test(v) || /^0\d/.test(v)) return fail("wrongField");
  const amount = Number(v);
  const min = parseAmountBound(options.min);
  const max = parseAmountBound(options.max);
  if ((min !== null && amount < min) || (max !== null && amount > max)) {
    const shownMin = boundText(options.min);
    const shownMax = boundText(options.max);
    if (min !== null && max !== null) return fail("sumRange", { min: shownMin, max: shownMax });
    return min !== null ? fail("minValue", { min: shownMin }) : fail("maxValue", { max: shownMax });
  }
  const step = parseAmountBound(options.step);
  if (step !== null && step > 0 && !isMultipleOf(v, options.step as number | string)) {
    return fail("amountNotMultipleOf", { value: boundText(options.step) });
  }
  return null;
}
