import { publish } from "../../realtime/publish";
import { randomHex } from "../core/bytes";
import { verificationProvider } from "../providers/verification-registry";
import { reviewedStatus, ReviewWebhook } from "./webhook-payload";
import { digestValid } from "./webhook-signature";
import { refreshMirror } from "../player/remote-d1";

/** `POST` here: where the verification provider reports its review decisions. */
export const VERIFICATION_WEBHOOK_PATH = "/platform/verification/webhook";
export const VERIFICATION_EVENT = "account.verification_updated";
const MAX_BODY = 16 * 1024;
/** A decision older than this is refused: a captured webhook cannot be replayed much later. */
const MAX_AGE_MS = 24 * 60 * 60_000;
/** Clocks differ a little; a webhook from further in the future is refused. */
const MAX_SKEW_MS = 5 * 60_000;

export interface WebhookDeps {
  env: Env;
  waitUntil(promise: Promise<unknown>): void;
  /** The platform's clock (tests pass one). */
  now?: number;
}

const answer = (status: number, body: Record<string, unknown>) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

/** What the review does to the player's flags; a final rejection also closes further attempts. */
const EFFECTS = {
  // The approved document's country confirms (or corrects) the account's (?3; NULL keeps it).
  approved: "is_verified = 1, is_on_verification = 0, country_code = COALESCE(?3, country_code)",
  rejected_retry: "is_on_verification = 0",
  rejected_final: "is_verified = 0, is_on_verification = 0, is_verification_blocked = 1",
} as const;

/**
 * The platform's verification webhook. Refused: not POST (405), a body over 16 KB (413), a missing
 * or wrong digest (401), a malformed body or a decision more than a day old (400), an unknown
 * player (404), an event already received (409). The event id is recorded in the same batch as its
 * effect on the player, so an event is either recorded and applied or neither (and the provider's
 * retry is accepted). The player's channel hears `account.verification_updated` (best effort).
 *
 * A decision about an attempt that is no longer the player's latest (a late delivery: a "may retry"
 * of the first attempt arriving after the second was submitted) is recorded and answered 200, so
 * the provider stops retrying, but changes nothing: the latest attempt's state stands.
 */
export async function handleVerificationWebhook(request: Request, deps: WebhookDeps): Promise<Response> {
  if (request.method !== "POST") return new Response(`${request.method} is not allowed here`, { status: 405, headers: { allow: "POST" } });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY) return answer(413, { error: "the webhook is too large" });
  const body = await request.text();
  if (new TextEncoder().encode(body).length > MAX_BODY) return answer(413, { error: "the webhook is too large" });
  if (!(await digestValid(deps.env.SIGNING_SECRET, request.headers, body))) return answer(401, { error: "the webhook signature is missing or wrong" });

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return answer(400, { error: "the webhook is not JSON" });
  }
  const parsed = ReviewWebhook.safeParse(json);
  if (!parsed.success)
    return answer(400, { error: `the webhook is malformed: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}` });
  const event = parsed.data;
  const now = deps.now ?? Date.now();
  if (event.created_at < now - MAX_AGE_MS) return answer(400, { error: "the webhook is too old" });
  if (event.created_at > now + MAX_SKEW_MS) return answer(400, { error: "the webhook is dated in the future" });

  const db = deps.env.DB;
  const user = await db
    .prepare("SELECT uid, country_code FROM users WHERE uid = ?1")
    .bind(event.external_user_id)
    .first<{ uid: number; country_code: string | null }>();
  if (!user) return answer(404, { error: "unknown user" });

  const status = reviewedStatus(event);
  const latest = await verificationProvider(deps.env).latestApplicant(deps.env, user.uid);
  const current = latest?.applicant_id === event.applicant_id;
  // Where a decision is not about the latest attempt, no receipt matches: the UPDATE changes nothing.
  const receipt = randomHex(16);
  const applies = current ? receipt : "";
  const [recorded] = await db.batch([
    db
      .prepare(
        `INSERT INTO verification_webhook_events (event_id, receipt, uid, applicant_id, review_answer, review_reject_type, received_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      )
      .bind(event.event_id, receipt, user.uid, event.applicant_id, event.review_answer, event.review_reject_type, now),
    // Applies only where this delivery's row went in: a replay changes nothing.
    db
      .prepare(`UPDATE users SET ${EFFECTS[status]} WHERE uid = ?1 AND EXISTS (SELECT 1 FROM verification_webhook_events WHERE receipt = ?2)`)
      .bind(user.uid, applies, ...(status === "approved" ? [event.country ?? null] : [])),
  ]);
  if (!recorded!.results.length) return answer(409, { error: "this event was already received" });
  if (!current) return answer(200, { ok: true, applied: false, reason: "not the player's latest attempt" });
  // A new country is a new market: the player's object keeps a copy of the row (its grants read it).
  if (status === "approved" && event.country && event.country !== user.country_code) await refreshMirror(deps.env, user.uid);
  deps.waitUntil(publish(deps.env, user.uid, VERIFICATION_EVENT, { status }));
  return answer(200, { ok: true, applied: true });
}
