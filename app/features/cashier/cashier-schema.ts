/**
 * The one schema of the deposit and withdrawal forms (DESIGN §4): the browser (Conform) and the
 * route action parse the same form data with it. Players type whole units ("100", SPEC §5 sum:
 * digits only, no leading zero); the wire wants minor units, so the bounds are shown and checked
 * in units and the action converts the result with `toMinorUnits`.
 */
import { z } from "zod";
import type { AmountRules, CashierField } from "../../../core/api/entities-cashier";
import { createFields, type Fields, type MessageOverrides } from "../../../core/validation";
import { amountOptions, requisiteName } from "./cashier-names";

export { amountOptions, requisiteName, unitsValue } from "./cashier-names";

function requisiteField(f: Fields, field: CashierField): z.ZodType<string | undefined> {
  const isRequired = field.is_required;
  switch (field.type) {
    case "card_holder":
      return f.cardHolder({ isRequired });
    case "card_number":
      return isRequired ? f.cardNumber() : f.cardNumber().optional();
    case "iban":
      return f.iban({ isRequired });
    case "phone":
      return f.phone({ isRequired });
    case "email":
      return isRequired ? f.email() : f.email().optional();
    case "bank":
      return f.custom({ isRequired });
    case "text":
      return f.custom({ regex: field.regex, isRequired });
  }
}

const idempotencyKey = z.string().regex(/^[\x21-\x7e]{8,100}$/);

export interface CashierFormRules {
  rules: AmountRules;
  fields: readonly CashierField[];
  /** The locale's validation texts (validationMessages(t)), the same in the browser and the action. */
  overrides?: MessageOverrides;
}

/** method + amount + idempotency key + the method's requisites (`req_<sysname>`). */
export function cashierFormSchema({ rules, fields, overrides }: CashierFormRules) {
  const f = createFields(overrides);
  const requisites: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of fields) requisites[requisiteName(field.sysname)] = requisiteField(f, field);
  return z.object({
    method: z.string().regex(/^[a-z0-9_-]{1,40}$/),
    amount: f.sum(amountOptions(rules)),
    idempotency_key: idempotencyKey,
    /** A deposit's promo code (decision 0044): checked by the platform, which answers its reason code. */
    promo_code: z.string().trim().max(50).optional(),
    ...requisites,
  });
}

export type CashierFormValue = z.infer<ReturnType<typeof cashierFormSchema>>;

/** The offer chosen on the deposit form: a positive id, or none (anything else is no offer). */
export const chosenOffer = (v: string | undefined) => (v !== undefined && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** The deposit form: the cashier fields, the offer it comes with, and `js` (the browser opens a new-window payment itself). */
export function depositFormSchema(rules: CashierFormRules) {
  return cashierFormSchema(rules).extend({ campaign_offer_id: z.string().optional(), js: z.string().optional() });
}

/** The withdrawal form: the cashier fields, sent again with `burn_bonuses=1` once the player agreed to lose the bonus. */
export function withdrawFormSchema(rules: CashierFormRules) {
  return cashierFormSchema(rules).extend({ intent: z.literal("withdraw"), burn_bonuses: z.string().optional() });
}

/** The requisites of a parsed form as the platform takes them (JSON of sysname → text), or undefined. */
export function requisitesJson(value: Record<string, unknown>, fields: readonly CashierField[]): string | undefined {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const v = value[requisiteName(field.sysname)];
    if (typeof v === "string" && v !== "") out[field.sysname] = v;
  }
  return Object.keys(out).length ? JSON.stringify(out) : undefined;
}

/**
 * The platform's field errors mapped onto the form: `amount` stays, a requisite (`card_number`,
 * `requisites.card_number`) goes to its `req_` input, anything else (including `requisites`
 * as a whole) is a form-level message.
 */
export function formFieldErrors(
  platformFields: Readonly<Record<string, string[]>> | undefined,
  fields: readonly CashierField[],
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  const known = new Set(fields.map((f) => f.sysname));
  for (const [key, messages] of Object.entries(platformFields ?? {})) {
    const name = key.replace(/^requisites\./, "");
    if (key === "amount") fieldErrors.amount = [...messages];
    else if (known.has(name)) fieldErrors[requisiteName(name)] = [...messages];
    else formErrors.push(...messages);
  }
  return { fieldErrors, formErrors };
}
