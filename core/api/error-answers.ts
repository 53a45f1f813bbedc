import { closedInMaintenance, refusesBanned } from "./call-rules";
import { contract, type MethodKey } from "./contract";
import type { MethodDecl, Refusal } from "./define";
import type { ExceptionType } from "./errors";

/** One error answer of a method: a status, an exception type, and when it is answered. */
export interface ErrorAnswer {
  status: number;
  type: ExceptionType;
  when: string[];
}

/**
 * The refusals a method answers because of its kind, in the order the Worker checks
 * (workers/app.ts originCheck, then handlePlatform: form body, maintenance, session, validation).
 * Derived from the predicates the platform runs (call-rules.ts), so the document follows the code.
 */
function kindRefusals(key: MethodKey, d: MethodDecl): Refusal[] {
  const out: Refusal[] = [];
  if (d.verb === "POST") {
    out.push(
      [403, "AccessDenied", "a POST whose Origin is not this site (cross-site request guard)"],
      [415, "InvalidRequest", "a POST body that is not multipart/form-data (or x-www-form-urlencoded)"],
      [400, "InvalidRequest", "a body that is not valid form data"],
      [400, "InvalidParameter", "a form field sent as a file"],
    );
  }
  if (closedInMaintenance(d.group))
    out.push([503, "ApplicationDisabled", "the site is in maintenance (params.maintenance; params.message the operator's own words, null when none)"]);
  if (refusesBanned(key, d)) out.push([403, "UserBanned", "the signed-in player's account is blocked"]);
  if (d.access === "player") out.push([401, "Authorization", "no player is signed in"]);
  if (Object.keys(d.params.shape).length > 0) {
    out.push([400, "InvalidParameter", "bad parameters: invalid_parameters names each field and what is wrong with it"]);
  }
  return out;
}

/** Every error answer of a method, one per status and type, by status. */
export function errorAnswers(key: MethodKey): ErrorAnswer[] {
  const d = contract[key] as MethodDecl;
  const byKey = new Map<string, ErrorAnswer>();
  for (const [status, name, when] of [...kindRefusals(key, d), ...(d.refuses ?? [])]) {
    const type = `${name}Exception` as const;
    const answer = byKey.get(`${status} ${type}`) ?? { status, type, when: [] };
    if (!answer.when.includes(when)) answer.when.push(when);
    byKey.set(`${status} ${type}`, answer);
  }
  return [...byKey.values()].sort((a, b) => a.status - b.status || a.type.localeCompare(b.type));
}

/**
 * What any method may answer when something fails that no rule foresaw: its error is logged and
 * the caller gets this, never a stack (workers/platform/core/respond.ts, workers/app.ts onError).
 */
export const UNFORESEEN: readonly ErrorAnswer[] = [
  { status: 500, type: "InternalServerErrorException", when: ["a failure on the platform's side"] },
  { status: 503, type: "ApplicationUnavailableException", when: ["the platform is unavailable, or a site setting it needs is missing"] },
];
