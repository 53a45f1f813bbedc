import type { AmountRules, CashierField } from "../../../core/api/entities-cashier";

/** The amount rules and method fields the cashier form's unit tests check against (test data only). */
export const rules: AmountRules = { min: 1000, max: 100000000, step: 500, presets: [{ value: 5000 }] };

export const field = (sysname: string, type: CashierField["type"], is_required = true, regex: string | null = null): CashierField => ({
  sysname,
  type,
  label: `cashier.fields.${sysname}`,
  is_required,
  regex,
});
