import type { AmountRules } from "../../../core/api/entities-cashier";
import { PlatformError } from "../../../core/api/errors";
import { formatUnits } from "../../../core/money";

export const outsideRange = (amount: number, rules: AmountRules) => amount < rules.min || amount > rules.max;

export function rangeMessage(rules: AmountRules): string {
  return `Amount must be between ${formatUnits(rules.min)} and ${formatUnits(rules.max)}`;
}

/** The method's step (SPEC §5 sum rule): 0 means any whole number of minor units. */
export function assertStep(amount: number, rules: AmountRules): void {
  if (rules.step > 0 && amount % rules.step !== 0) {
    throw new PlatformError("InvalidParameter", `Amount must be a multiple of ${formatUnits(rules.step)}`, {
      fields: { amount: [`Amount must be a multiple of ${formatUnits(rules.step)}`] },
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
