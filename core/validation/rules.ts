/**
 * Every rule of SPEC §5 in one place. A rule is a pure function `(value, options?) => error | null`
 * where the error is `{ key, params }` (see ./messages for the texts). Rules never throw: any
 * value they cannot read counts as empty.
 */
import type { RuleResult } from "./core";
import { code, email, fakename, login, password, passwordRepeat, promoCode } from "./rules-account";
import { address, cardHolder, firstName, lastName, middleName } from "./rules-names";
import { checkbox, custom, documentNumber, postcode, sex, terms, text } from "./rules-fields";
import { date } from "./rules-date";
import { sum } from "./amount";
import { phone } from "./phone";
import { iban } from "./iban";
import { cardNumber } from "./luhn";

export * from "./rules-account";
export * from "./rules-names";
export * from "./rules-fields";
export * from "./rules-date";
export * from "./amount";
export * from "./phone";
export * from "./iban";
export * from "./luhn";
export { stripEmoji, hasEmoji } from "./emoji";

export const rules = {
  password,
  passwordRepeat,
  code,
  login,
  email,
  fakename,
  promoCode,
  firstName,
  middleName,
  lastName,
  address,
  cardHolder,
  text,
  custom,
  sex,
  postcode,
  checkbox,
  terms,
  documentNumber,
  date,
  sum,
  phone,
  iban,
  cardNumber,
} as const;

export type RuleName = keyof typeof rules;

/**
 * The rule for a field of a dynamic (config-driven) form, by its sysname or type. SPEC: field
 * types cpf, documentType, documentNumber and login use the text rule; unknown fields use the
 * custom rule (their regex, or non-empty).
 */
const FIELD_RULES: Readonly<Record<string, RuleName>> = {
  cpf: "text",
  documentType: "text",
  document_type: "text",
  documentNumber: "text",
  document_number: "text",
  login: "text",
  password: "password",
  email: "email",
  phone: "phone",
  mobile: "phone",
  first_name: "firstName",
  middle_name: "middleName",
  last_name: "lastName",
  address: "address",
  home_town: "address",
  postcode: "postcode",
  birth_date: "date",
  date: "date",
  sex: "sex",
  fakename: "fakename",
  promo_code: "promoCode",
  terms: "terms",
  iban: "iban",
};

export function ruleNameForField(sysnameOrType: string): RuleName {
  return Object.hasOwn(FIELD_RULES, sysnameOrType) ? FIELD_RULES[sysnameOrType]! : "custom";
}

/** Runs a rule by name with loosely typed options (as config delivers them). */
export function runRule(name: RuleName, value: unknown, options?: object): RuleResult {
  return (rules[name] as (value: unknown, options?: object) => RuleResult)(value, options);
}
