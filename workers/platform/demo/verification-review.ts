import { randomHex } from "../core/bytes";
import type { ReviewWebhook } from "../verification/webhook-payload";
import type { ApplicantRow, DocumentRow } from "./verification-store";

/**
 * The demo verification provider's review decisions: the reviewer approves, rejects with a retry
 * allowed, or rejects for good. The applicant's status and the webhook owed to the platform are
 * one batch, the outbox row gated on the decision's own event id, so a decision is either recorded
 * with its webhook or not at all, and only a pending applicant can be decided (once).
 */

export const DECISIONS = ["approve", "retry", "final"] as const;
export type Decision = (typeof DECISIONS)[number];

const OUTCOME: Record<Decision, { status: ApplicantRow["status"]; answer: ReviewWebhook["review_answer"]; reject: ReviewWebhook["review_reject_type"] }> = {
  approve: { status: "approved", answer: "GREEN", reject: null },
  retry: { status: "rejected_retry", answer: "RED", reject: "RETRY" },
  final: { status: "rejected_final", answer: "RED", reject: "FINAL" },
};

/** Records a decision on a pending applicant; answers whether it was recorded (false: not pending). */
export async function decide(
  db: D1Database,
  applicant: Pick<ApplicantRow, "id" | "uid">,
  decision: Decision,
  comment: string,
  now: number,
  country: string | null = null,
): Promise<boolean> {
  const { status, answer, reject } = OUTCOME[decision];
  const eventId = randomHex(16);
  const payload: ReviewWebhook = {
    event_id: eventId,
    type: "applicantReviewed",
    applicant_id: applicant.id,
    external_user_id: applicant.uid,
    review_answer: answer,
    review_reject_type: reject,
    comment,
    created_at: now,
    // The document's country, as the reviewer read it (an approval only).
    ...(decision === "approve" && country ? { country } : {}),
  };
  const [moved] = await db.batch([
    db
      .prepare(
        `UPDATE demo_verification_applicants SET status = ?2, review_comment = ?3, review_event_id = ?4, reviewed_at = ?5, updated_at = ?5
         WHERE id = ?1 AND status = 'pending' RETURNING id`,
      )
      .bind(applicant.id, status, comment || null, eventId, now),
    db
      .prepare(
        `INSERT INTO demo_verification_outbox (event_id, applicant_id, payload, next_attempt_at, created_at)
         SELECT ?1, ?2, ?3, ?4, ?4 WHERE EXISTS (SELECT 1 FROM demo_verification_applicants WHERE id = ?2 AND review_event_id = ?1)`,
      )
      .bind(eventId, applicant.id, JSON.stringify(payload), now),
  ]);
  return moved!.results.length > 0;
}

export interface PendingApplicant extends ApplicantRow {
  login: string;
  country_code: string | null;
  first_name: string;
  last_name: string;
  documents: DocumentRow[];
}

/** The applicants waiting for review, oldest submission first, with the player's name and uploads. */
export async function pendingApplicants(db: D1Database, limit = 50): Promise<PendingApplicant[]> {
  const { results } = await db
    .prepare(
      `SELECT a.*, u.login, u.first_name, u.last_name, u.country_code FROM demo_verification_applicants a JOIN users u ON u.uid = a.uid
       WHERE a.status = 'pending' ORDER BY a.submitted_at LIMIT ?1`,
    )
    .bind(limit)
    .all<Omit<PendingApplicant, "documents">>();
  if (!results.length) return [];
  const ids = results.map((r) => r.id);
  const docs = await db
    .prepare(`SELECT * FROM demo_verification_documents WHERE applicant_id IN (${ids.map((_, i) => `?${i + 1}`).join(", ")}) ORDER BY kind`)
    .bind(...ids)
    .all<DocumentRow>();
  return results.map((r) => ({ ...r, documents: docs.results.filter((d) => d.applicant_id === r.id) }));
}
