/**
 * Server-side field errors (SPEC §5): the platform's `invalid_parameters` / `error_data` become
 * the form's field errors, ready for Conform's `submission.reply({ fieldErrors })`.
 *
 * - The platform calls the registration phone `phone` while the form field is `mobile` (and the
 *   other way round), so those two keys are swapped.
 * - A field named without a usable message gets the `wrongField` text.
 * - No field errors at all sets `general`: the form shows its general error instead.
 */
import { formatMessage, type MessageOverrides } from "./messages";

export interface ServerFieldErrors {
  fieldErrors: Record<string, string[]>;
  general: boolean;
}

const SWAPPED: Readonly<Record<string, string>> = { phone: "mobile", mobile: "phone" };

function messagesOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((m): m is string => typeof m === "string" && m.trim() !== "");
}

/** Field errors as the platform sent them (field → message or messages) mapped onto form fields. */
export function mapServerFieldErrors(fields: Readonly<Record<string, unknown>> | null | undefined, overrides?: MessageOverrides): ServerFieldErrors {
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(fields ?? {})) {
    const field = Object.hasOwn(SWAPPED, key) ? SWAPPED[key]! : key;
    const messages = messagesOf(value);
    const shown = messages.length > 0 ? messages : [formatMessage("wrongField", undefined, overrides)];
    fieldErrors[field] = [...(fieldErrors[field] ?? []), ...shown];
  }
  return { fieldErrors, general: Object.keys(fieldErrors).length === 0 };
}

/** The same from a whole error body: `invalid_parameters` first, then `error_data`. */
export function fieldErrorsFromBody(
  body: { invalid_parameters?: unknown; error_data?: unknown } | null | undefined,
  overrides?: MessageOverrides,
): ServerFieldErrors {
  const record = (v: unknown) => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  return mapServerFieldErrors(record(body?.invalid_parameters) ?? record(body?.error_data), overrides);
}
