/**
 * Validation messages (SPEC §5): every rule reports a message KEY with params; the text comes
 * from here. Operators override texts per key through site config (or a locale bundle), and any
 * key the overrides leave out falls back to its default.
 *
 * Placeholders: `$$name$$` (SPEC's form) and `{name}` / `{{name}}` (i18next's) are all filled from
 * the params; a placeholder without a param is left as it is.
 */

export const DEFAULT_MESSAGES = {
  required: "Field is required",
  wrongField: "Wrong field value",
  email: "Wrong email address",
  minLength: "Min length is $$min$$",
  maxLength: "Max length is $$max$$",
  phone: "Wrong phone number",
  fakename: "Wrong fake name",
  password: "Wrong password",
  passwordChars: "Forbidden characters: $$chars$$",
  passwordsMismatch: "Passwords do not match",
  codeDigits: "The code must contain $$length$$ digits",
  name: "Wrong symbols in name",
  address: "Wrong address",
  documentNumber: "Wrong document number",
  postcode: "Wrong postcode",
  iban: "Wrong iban",
  cardNumber: "Wrong card number",
  minValue: "Min value is $$min$$",
  maxValue: "Max value is $$max$$",
  sumRange: "Amount must be between $$min$$ and $$max$$",
  amountNotMultipleOf: "Value is not multiple of {value}",
  date: "Wrong date",
  checkbox: "This box must be checked",
  terms: "Please accept the terms and conditions",
} as const;

export type MessageKey = keyof typeof DEFAULT_MESSAGES;

/** Per-key texts from config; blank or missing entries fall back to the defaults. */
export type MessageOverrides = Readonly<Partial<Record<MessageKey, string | null | undefined>>>;

export type MessageParams = Readonly<Record<string, string | number>>;

export const MESSAGE_KEYS = Object.keys(DEFAULT_MESSAGES) as MessageKey[];

export function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === "string" && Object.hasOwn(DEFAULT_MESSAGES, key);
}

const PLACEHOLDER = /\$\$(\w+)\$\$|\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g;

/** Fills `$$name$$`, `{name}` and `{{name}}` from params; unknown placeholders stay. */
export function fillPlaceholders(template: string, params: MessageParams = {}): string {
  return template.replace(PLACEHOLDER, (whole, a?: string, b?: string, c?: string) => {
    const name = a ?? b ?? c ?? "";
    return Object.hasOwn(params, name) ? String(params[name]) : whole;
  });
}

/** The text for a key: the override when it is a non-blank string, else the default. */
export function messageTemplate(key: MessageKey, overrides?: MessageOverrides): string {
  const custom = overrides?.[key];
  return typeof custom === "string" && custom.trim() !== "" ? custom : DEFAULT_MESSAGES[key];
}

export function formatMessage(key: MessageKey, params?: MessageParams, overrides?: MessageOverrides): string {
  return fillPlaceholders(messageTemplate(key, overrides), params);
}
