/** What every rule returns, and the small helpers the rules share. Pure; safe in any runtime. */
import { formatMessage, type MessageKey, type MessageOverrides, type MessageParams } from "./messages";

/** A failed rule: the message key and the params its text needs. A passing rule returns null. */
export interface ValidationError {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

export type RuleResult = ValidationError | null;

export function fail(key: MessageKey, params?: MessageParams): ValidationError {
  return params ? { key, params } : { key };
}

export function formatError(error: ValidationError, overrides?: MessageOverrides): string {
  return formatMessage(error.key, error.params, overrides);
}

/** Form values arrive as strings; numbers are accepted too, anything else counts as empty. */
export function toText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "bigint") return value.toString();
  return "";
}

/**
 * A configured pattern as a RegExp: a RegExp, a source string, or "/source/flags".
 * An empty or invalid pattern gives null (config mistakes must not break a form).
 */
export function toRegExp(pattern: RegExp | string | null | undefined): RegExp | null {
  if (pattern instanceof RegExp) return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ""));
  if (typeof pattern !== "string" || pattern === "") return null;
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(pattern);
  try {
    return literal ? new RegExp(literal[1]!, literal[2]!.replace(/[gy]/g, "")) : new RegExp(pattern);
  } catch {
    return null;
  }
}

/** Counts characters as a person does (code points, not UTF-16 units). */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}
