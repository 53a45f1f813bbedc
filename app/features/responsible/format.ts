import type { Money } from "../../../core/api/entities";
import { formatMoney } from "../../../core/money";

/**
 * Texts of the responsible-gaming screens (SPEC §9: dates dd.mm.yyyy, times H:mm). Dates are in
 * UTC, as the cashier's are, so the server's HTML and the browser's render agree.
 */

export { clockText } from "../../../core/dates";

/** A result with its sign: "+$12.50", "-$3", "$0". */
export function signedMoney(m: Money): string {
  return m.amount > 0 ? `+${formatMoney(m)}` : formatMoney(m);
}

/** Minor units as an amount input value in whole units: 10000 → "100" (cents dropped: the form takes whole units). */
export function unitsValue(minor: number): string {
  return String(Math.floor(minor / 100));
}
