/**
 * The deposit form's check in the browser, without Zod or Conform: the same rules and texts as
 * the action's schema (cashier-schema.ts `depositFormSchema`, which the server keeps using with
 * Conform), so a player sees the same errors before sending as after. deposit-check.test.ts holds
 * the two together. Loaded by the form on its first focus, so the page's first load carries none
 * of it. The hidden fields (method, idempotency key) are the action's to check.
 */
import type { AmountRules, CashierField } from "../../../core/api/entities-cashier";
import type { RuleResult } from "../../../core/validation/core";
import { formatMessage, type MessageOverrides } from "../../../core/validation/messages";
import { sum } from "../../../core/validation/amount";
import { cardNumber, normalizeCardNumber } from "../../../core/validation/luhn";
import { phone, unmaskPhone } from "../../../core/validation/phone";
import { iban, normalizeIban } from "../../../core/validation/iban";
import { cardHolder } from "../../../core/validation/rules-names";
import { custom } from "../../../core/validation/rules-fields";
import { email } from "../../../core/validation/rules-account";
import { amountOptions, requisiteName } from "./cashier-names";

/** Each field's errors, as Conform's reply spells them; no key: no error. */
export type DepositErrors = Record<string, string[]>;

const trim = (v: string) => v.trim();

/** A requisite's rule after the schema's normaliser (the value is not empty). */
function requisiteRule(field: CashierField, v: string): RuleResult {
  const isRequired = field.is_required;
  switch (field.type) {
    case "card_holder":
      return cardHolder(trim(v), { isRequired });
    case "card_number":
      return cardNumber(normalizeCardNumber(v));
    case "iban":
      return iban(normalizeIban(v), { isRequired });
    case "phone":
      return phone(unmaskPhone(v), { isRequired });
    case "email":
      return email(trim(v));
    case "bank":
      return custom(v, { isRequired });
    case "text":
      return custom(v, { regex: field.regex, isRequired });
  }
}

/** The errors the action's schema would answer for the player's fields (amount and requisites). */
export function checkDeposit(
  form: FormData,
  { rules, fields, overrides }: { rules: AmountRules; fields: readonly CashierField[]; overrides?: MessageOverrides },
): DepositErrors {
  const out: DepositErrors = {};
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  // Conform reads an empty input as absent: required, or nothing to check when optional.
  const put = (name: string, required: boolean, rule: (v: string) => RuleResult) => {
    const v = value(name);
    const e = v === "" ? (required ? ({ key: "required" } as const) : null) : rule(v);
    if (e) out[name] = [formatMessage(e.key, e.params, overrides)];
  };
  put("amount", true, (v) => sum(trim(v), amountOptions(rules)));
  for (const field of fields) put(requisiteName(field.sysname), field.is_required, (v) => requisiteRule(field, v));
  return out;
}

export { validationMessages } from "../../lib/i18n/validation-messages";
