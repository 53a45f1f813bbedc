/**
 * Exact decimal arithmetic for typed sums (amount.ts), apart from the rules and their messages so
 * a page that only converts an amount (the deposit form's offers) carries nothing else.
 */

/** A finite number or decimal string as plain decimal digits ("1e-7" → "0.0000001"). */
export function plainDecimal(n: number | string): string | null {
  if (typeof n === "string") {
    const cleaned = n.replace(/[,\s]/g, "");
    return /^\d+(?:\.\d+)?$/.test(cleaned) ? cleaned : null;
  }
  if (!Number.isFinite(n) || n < 0) return null;
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(20).replace(/\.?0+$/, "") : s;
}

export function scaled(decimal: string, scale: number): bigint {
  const [int = "0", frac = ""] = decimal.split(".");
  return BigInt(int + frac.padEnd(scale, "0"));
}

/** "12.5" → 1250 minor units (integer, as the API and storage want money); extra decimals round half up. */
export function toMinorUnits(value: string, decimals = 2): number {
  const v = plainDecimal(value);
  if (v === null) return Number.NaN;
  const extra = (v.split(".")[1] ?? "").length - decimals;
  if (extra <= 0) return Number(scaled(v, decimals));
  const divisor = 10n ** BigInt(extra);
  return Number((scaled(v, decimals + extra) + divisor / 2n) / divisor); // half up
}
