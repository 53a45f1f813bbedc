import type { AmountRules } from "../../../app/lib/api/entities-cashier";
import { PlatformError } from "../../../app/lib/api/errors";

/** Minor units as a player reads them, without a currency sign: 500000 → "5,000", 1050 → "10.50". */
export function units(minor: number): string {
  const whole = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = minor % 100;
  return fraction ? `${whole}.${String(fraction).padStart(2, "0")}` : whole;
}

export const outsideRange = (amount: number, rules: AmountRules) => amount < rules.min || amount > rules.max;

export function rangeMessage(rules: AmountRules): string {
  return `Amount must be between ${units(rules.min)} and ${units(rules.max)}`;
}

/** The method's step (SPEC §5 sum rule): 0 means any whole number of minor units. */
export function assertStep(amount: number, rules: AmountRules): void {
  if (rules.step > 0 && amount % rules.step !== 0) {
    throw new PlatformError("InvalidParameter", `Amount must be a multiple of ${units(rules.step)}`, {
      fields: { amount: [`Amount must be a multiple of ${units(rules.step)}`] },
      params: { step: rules.step },
    });
  }
}

/** A deposit outside the method's min/max is a field error of the form. */
export function assertDepositAmount(amount: number, rules: AmountRules, currency: string): void {
  if (outsideRange(amount, rules)) {
    const message = rangeMessage(rules);
    throw new PlatformError("InvalidParameter", message, {
      fields: { amount: [message] },
      params: { min: rules.min, max: rules.max, currency },
    });
  }
  assertStep(amount, rules);
}
