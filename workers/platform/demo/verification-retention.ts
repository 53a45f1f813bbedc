/**
 * What the demo verification provider keeps, and for how long (decision 0037's retention note).
 * The photos are needed while a reviewer looks at them; once an attempt is decided they are only
 * a liability. Thirty days after the decision (time for a player's appeal or an operator's second
 * look) the uploads of the attempt are deleted; the attempt keeps its status, document type and
 * the reviewer's comment. Hosted-page tokens go a day after they expire. A real provider keeps
 * documents under its own (regulated) policy; the platform never held them.
 */
export const UPLOAD_RETENTION_MS = 30 * 24 * 60 * 60_000;
export const TOKEN_GRACE_MS = 24 * 60 * 60_000;
/** Documents deleted per run at most: the cron runs every minute, so a backlog drains without one long run. */
export const PURGE_BATCH = 100;

export interface PurgeReport {
  documents: number;
  tokens: number;
}

/** Deletes decided attempts' uploads past retention, and long-expired tokens. */
export async function purgeVerificationData(db: D1Database, now: number, limit = PURGE_BATCH): Promise<PurgeReport> {
  const { results } = await db
    .prepare(
      `SELECT d.id FROM demo_verification_documents d JOIN demo_verification_applicants a ON a.id = d.applicant_id
       WHERE a.reviewed_at IS NOT NULL AND a.reviewed_at < ?1 AND a.status NOT IN ('init', 'pending')
       ORDER BY a.reviewed_at LIMIT ?2`,
    )
    .bind(now - UPLOAD_RETENTION_MS, limit)
    .all<{ id: string }>();
  const ids = results.map((r) => r.id);
  const statements = ids.flatMap((id) => [
    db.prepare("DELETE FROM demo_verification_document_chunks WHERE document_id = ?1").bind(id),
    db.prepare("DELETE FROM demo_verification_documents WHERE id = ?1").bind(id),
  ]);
  statements.push(db.prepare("DELETE FROM demo_verification_tokens WHERE expires_at < ?1").bind(now - TOKEN_GRACE_MS));
  const done = await db.batch(statements);
  return { documents: ids.length, tokens: done[done.length - 1]!.meta.changes };
}
