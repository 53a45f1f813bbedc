import { type ExceptionName, PlatformError } from "../../../core/api/errors";
import type { MIRRORED_USER_COLUMNS } from "./tables";
import { addD1Use, type D1Tally } from "../../d1-stats";

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
 * One call to player `uid`'s object that does its work there (a round, a bet, a bettor's
 * settlement: object.ts): the object's answer, unwrapped as if thrown here, with the D1 use it
 * reported added to the request's (Server-Timing, DB_STATS).
 */
export async function inPlayerObject<T>(
  env: Env,
  uid: number,
  call: (stub: ReturnType<Env["PLAYER"]["get"]>) => Promise<Outcome<{ result: T; d1: D1Tally | null }>>,
): Promise<T> {
  const { result, d1 } = unwrap(await call(env.PLAYER.get(env.PLAYER.idFromName(String(uid)))));
  addD1Use(env.DB, d1);
  return result;
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

/** One caller's `run` of a player's object: its statements (one, or a batch as one transaction), the replica version it needs and the fact rows it brings. */
export interface RunCall {
  statements: WireStatement[];
  batch: boolean;
  replica: number | null | "skip";
  facts: Facts[];
}
