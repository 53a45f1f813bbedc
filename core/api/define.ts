import { z } from "zod";
import type { ExceptionName } from "./errors";

export type HttpVerb = "GET" | "POST";

/**
 * A refusal a method answers: the HTTP status, the exception `type` of the body, and when (the
 * OpenAPI document's words). The status is the exception's own (errors.ts) unless a handler
 * answers it with another, as the 404 and 409 InvalidParameter refusals below.
 */
export type Refusal = readonly [status: number, exception: ExceptionName, when: string];

/** Refusals many methods answer, named once. */
export const refusal = {
  unknown: [404, "InvalidParameter", "an id or name that names nothing this player may see (params.code where the summary lists codes)"],
  conflict: [409, "InvalidParameter", "the state refuses it now: params.code says why"],
  tryAgain: [409, "InvalidRequest", "the state changed under the request, or forbids it now (params.reason where given): try again later"],
  throttled: [429, "TooManyRequests", "too many attempts: params.retry_after is the seconds to wait"],
  funds: [402, "BillingTransactionDeclined", "the main balance does not cover it"],
  selfExcluded: [403, "AccessDenied", "the player is self-excluded (params.self_excluded, params.until)"],
} as const satisfies Record<string, Refusal>;

/**
 * One platform method, declared once: the Worker validates with `params`, answers with
 * `result`, PlatformClient takes its types from both, and docs/api is generated from them.
 */
export interface MethodDecl<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  group: string;
  name: string;
  verb: HttpVerb;
  summary: string;
  params: P;
  result: R;
  /**
   * A write SPEC §7 names without a verb (so GET, "GET unless POST noted"): POST is its verb, and a
   * GET is taken too, from the site's own pages only (a cross-site GET is refused as a cross-site
   * POST is: workers/platform/index.ts). `auth.logout`, `events.handle`.
   */
  alsoGet?: true;
  /** A trailing path segment carried as this param: `/api/nfx/i18n/messages/{locale}`. */
  pathParam?: keyof z.infer<P> & string;
  /** Who may call: anyone, or a signed-in player (AuthorizationException otherwise). */
  access: "public" | "player";
  /**
   * The refusals of this method's own rules. Those every method of its kind answers (bad
   * parameters, no session, a banned player, maintenance, a cross-site or non-form POST) are
   * derived from how the platform answers (core/api/error-answers.ts), not listed here.
   */
  refuses?: readonly Refusal[];
}

export function method<P extends z.ZodObject, R extends z.ZodType>(decl: MethodDecl<P, R>) {
  return decl;
}

export function methodPath(decl: Pick<MethodDecl, "group" | "name">): string {
  return `/api/${decl.group}/${decl.name}`;
}

/** Paging parameters every list method spells the same way: `offset` from 0, `count` up to `max`. */
export const offset = z.coerce.number().int("offset must be an integer").min(0, "offset must be 0 or more").default(0);
export const count = (max: number, def: number) =>
  z.coerce.number().int("count must be an integer").min(1, "count must be at least 1").max(max, `count must be at most ${max}`).default(def);

/** A positive integer id named `name` (coerced from the query string or form). */
export const idOf = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be an integer`)
    .positive(`${name} must be positive`)
    .max(2 ** 31, `${name} is too large`);

/** The `key` of a rewards call (loyalty shop, wheel): a repeat with the same key answers the first result. */
export const rewardKey = z.string({ error: "key is required" }).regex(/^[A-Za-z0-9_.:-]{8,64}$/, "key is 8 to 64 letters, digits, '_', '.', ':' or '-'");

/**
 * `fields`: a comma-separated subset of `names` (blanks ignored), parsed to the list; `absent` when
 * left out or empty. Another name is a 400 naming what may be asked for.
 */
export function fieldList<const N extends string>(names: readonly N[], absent: readonly N[]) {
  return z
    .string()
    .max(200, "fields must be at most 200 characters")
    .optional()
    .transform((s, ctx) => {
      const list = (s ?? "")
        .split(",")
        .map((f) => f.trim())
        .filter(Boolean);
      if (list.length === 0) return [...absent];
      const bad = list.filter((f) => !(names as readonly string[]).includes(f));
      if (bad.length) ctx.addIssue({ code: "custom", message: `fields may name only ${names.join(", ")} (not ${bad.join(", ")})` });
      return [...new Set(list)] as N[];
    });
}
