import { formatDate } from "../../../../core/dates";

/**
 * The error a machine's promise actors reject with: the fields of PlatformError
 * (core/api/errors.ts) that the machines read, so a plain object from a `fetch` answer
 * serves as well as a PlatformError.
 */
export interface AuthError {
  /** `AuthorizationException`; the bare name (`Authorization`) is read the same way. */
  type: string;
  message: string;
  params?: Record<string, unknown>;
  /** Field errors: field name → messages (`invalid_parameters`). */
  fields?: Record<string, unknown>;
}

/** A message for the UI: a translation key and its placeholders. */
export interface AuthMessage {
  key: string;
  params?: Record<string, string | number>;
}

/** Reads whatever a promise rejected with as an AuthError (unknown → UnknownErrorException). */
export function toAuthError(error: unknown): AuthError {
  const e = (typeof error === "object" && error !== null ? error : {}) as Partial<AuthError>;
  return {
    type: typeof e.type === "string" ? e.type : "UnknownErrorException",
    message: typeof e.message === "string" ? e.message : "",
    params: typeof e.params === "object" && e.params !== null ? e.params : undefined,
    fields: typeof e.fields === "object" && e.fields !== null ? e.fields : undefined,
  };
}

/** Whether the error is of the SPEC §8 type `name` (with or without the Exception suffix). */
export function isErrorType(error: AuthError, name: string): boolean {
  return error.type.replace(/Exception$/, "") === name;
}

/** A whole number of seconds from a param: numbers and digit strings, else null. */
export function secondsParam(value: unknown): number | null {
  const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

/**
 * The two-factor resend countdown an error carries (SPEC §8): `params.resend_time`, else a number
 * the message ends with ("… Resend time is 30"); null when it carries none.
 */
export function readResendTime(error: AuthError): number | null {
  const fromParams = secondsParam(error.params?.resend_time);
  if (fromParams !== null) return fromParams;
  const tail = /(\d+)\s*\.?\s*$/.exec(error.message);
  return tail ? Number(tail[1]) : null;
}

/**
 * A self-excluded account's refusal (AccessDenied with params.self_excluded; the platform tells
 * only someone who gave the right password): until when, or permanently. Null for anything else.
 */
export function selfExclusionNotice(error: AuthError): AuthMessage | null {
  if (!isErrorType(error, "AccessDenied") || error.params?.self_excluded !== true) return null;
  // The national register's exclusion (GAMSTOP, CRUKS, Spelpaus, OASIS: decision 0092) is not the account's own.
  const register = error.params.national_register;
  if (typeof register === "string") return { key: "auth.errors.nationalRegister", params: { register } };
  const until = error.params.until;
  return typeof until === "number" ? { key: "auth.errors.selfExcluded", params: { date: formatDate(until) } } : { key: "auth.errors.selfExcludedPermanent" };
}

/** The form-wide message of a registration refused without naming a field (SPEC §8 catalogue). */
export const GENERAL_ERROR_KEY = "auth.errors.wrongRegServerError";

/**
 * What a registration refused without field errors shows: a throttled address (429) gets the
 * sign-in form's wait in words with its retry_after, anything else the general error.
 */
export function registrationNotice(error: AuthError): AuthMessage {
  const excluded = selfExclusionNotice(error);
  if (excluded) return excluded;
  if (isErrorType(error, "TooManyRequests")) {
    const seconds = secondsParam(error.params?.retry_after);
    if (seconds !== null) return { key: "auth.errors.tooMany", params: { seconds: Math.max(1, seconds) } };
  }
  return { key: GENERAL_ERROR_KEY };
}
