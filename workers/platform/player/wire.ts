import { type ExceptionName, PlatformError } from "../../../core/api/errors";
import type { MIRRORED_USER_COLUMNS } from "./tables";

/** What travels between the Worker and a player's object (object.ts). */

/** A statement as it travels to the object: its SQL and its bound values. */
export interface WireStatement {
  sql: string;
  params: unknown[];
}

/** A statement's answer as D1 gives it (`results` and `meta`); `raw` rows when asked for them. */
export interface WireResult {
  results: Record<string, unknown>[];
  meta: D1Meta & Record<string, unknown>;
}

/**
 * What a call answers: its value, or the error's message (an RPC that rejects is reported as an
 * unhandled rejection by the Worker tests' pool even when the caller handles it, workers-sdk#14736;
 * and an error's class does not cross the RPC boundary anyway). The Worker side rethrows it.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string; platform?: PlatformFailure };

/** A PlatformError's answer (its exception, status and fields), so the Worker answers it as if thrown there. */
interface PlatformFailure {
  exception: ExceptionName;
  status: number;
  params?: Record<string, unknown>;
  fields?: Record<string, string[]>;
}

/** `work`'s value, or its error as an answer (a PlatformError's details kept). */
export async function outcome<T>(work: () => T | Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    if (e instanceof PlatformError) {
      return { ok: false, message: e.message, platform: { exception: e.exception, status: e.status, params: e.params, fields: e.fields } };
    }
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/** The value of an outcome, or its error thrown again on this side. */
export function unwrap<T>(o: Outcome<T>): T {
  if (o.ok) return o.value;
  if (o.platform) throw new PlatformError(o.platform.exception, o.message, { status: o.platform.status, params: o.platform.params, fields: o.platform.fields });
  throw new Error(o.message);
}

/**
 * Rows of the catalogue or the sportsbook's feed a call's statements join (the round's game, the
 * bet's selections), as the Worker read them from D1: the object keeps them (tables.ts).
 */
export interface Facts {
  table: string;
  rows: Record<string, unknown>[];
}

/** The player's `users` columns the object keeps (tables.ts MIRRORED_USER_COLUMNS). */
export type MirroredUser = Record<(typeof MIRRORED_USER_COLUMNS)[number], string | number | null>;
