/**
 * A whole number with thousands commas, as SPEC §9 groups money: 12345 → "12,345" (the same on
 * server and browser; `toLocaleString` builds an ICU formatter each call, ~20 µs in workerd).
 */
export function formatWhole(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
