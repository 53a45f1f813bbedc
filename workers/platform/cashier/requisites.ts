import type { CashierField } from "../../../core/api/entities-cashier";
import { PlatformError } from "../../../core/api/errors";
import {
  cardHolder,
  cardNumber,
  custom,
  email,
  formatError,
  iban,
  normalizeCardNumber,
  normalizeIban,
  phone,
  unmaskPhone,
  type RuleResult,
} from "../../../core/validation";

/**
 * A method's requisites (card holder, card number, IBAN, phone, bank…), checked with the rules of
 * the validation library the app runs in the browser, so both sides agree on what is valid.
 */

function checkField(field: CashierField, value: string, banks: ReadonlySet<string>): RuleResult {
  const isRequired = field.is_required;
  if (value.trim() === "" && !isRequired) return null;
  switch (field.type) {
    case "card_holder":
      return cardHolder(value, { isRequired });
    case "card_number":
      return cardNumber(value);
    case "iban":
      return iban(value, { isRequired });
    case "phone":
      return phone(value, { isRequired });
    case "email":
      return email(value);
    case "bank":
      if (value.trim() === "") return { key: "required" };
      return banks.has(value.trim()) ? null : { key: "wrongField" };
    case "text":
      return custom(value, { regex: field.regex, isRequired });
  }
}

/** How a requisite is kept: normalised, and a card number reduced to its first six and last four digits. */
function stored(field: CashierField, value: string): string {
  switch (field.type) {
    case "card_number": {
      const digits = normalizeCardNumber(value);
      return `${digits.slice(0, 6)}...${digits.slice(-4)}`;
    }
    case "iban":
      return normalizeIban(value);
    case "phone":
      return unmaskPhone(value);
    default:
      return value.trim();
  }
}

/**
 * Checks the requisites a call sent against the method's fields: field errors keyed by field
 * sysname (400 InvalidParameter). Answers what to store: only the method's fields, card numbers
 * masked. Values the method does not ask for are ignored.
 */
export async function checkRequisites(
  db: D1Database,
  fields: readonly CashierField[],
  given: Record<string, string> | undefined,
): Promise<Record<string, string>> {
  const banks = fields.some((f) => f.type === "bank") ? await bankIds(db) : new Set<string>();
  const errors: Record<string, string[]> = {};
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = given?.[field.sysname] ?? "";
    const error = checkField(field, value, banks);
    if (error) errors[field.sysname] = [formatError(error)];
    else if (value.trim() !== "") out[field.sysname] = stored(field, value);
  }
  if (Object.keys(errors).length) {
    throw new PlatformError("InvalidParameter", "Check the payment details", { fields: errors });
  }
  return out;
}

async function bankIds(db: D1Database): Promise<Set<string>> {
  const { results } = await db.prepare("SELECT id FROM cashier_banks").all<{ id: string }>();
  return new Set(results.map((r) => r.id));
}
