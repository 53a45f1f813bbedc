/**
 * The cashier forms' plain helpers, apart from their schema (cashier-schema.ts) so the forms'
 * markup carries no Zod: the schema loads with the form's first focus (lib/lazy-schema.ts).
 */
import type { AmountRules } from "../../../core/api/entities-cashier";
import { formatUnits } from "../../../core/money";

/** Form field name of a requisite: flat, so an empty one never hides the others from Conform. */
export const requisiteName = (sysname: string) => `req_${sysname}`;

/** Minor units as an input value: 10000 → "100" (no separators, which the sum rule refuses). */
export function unitsValue(minor: number): string {
  return formatUnits(minor).replace(/,/g, "");
}

/** The sum rule's options for a method's amount rules in the player's currency. */
export function amountOptions(rules: AmountRules) {
  return {
    min: formatUnits(rules.min),
    max: formatUnits(rules.max),
    step: rules.step > 0 ? unitsValue(rules.step) : undefined,
    decimals: 0,
  };
}
