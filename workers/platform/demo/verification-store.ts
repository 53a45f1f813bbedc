import type { DocumentType, VerificationApplicant, VerificationStatus } from "../../../core/api/contract-verification";
import { randomHex, sha256Hex, toBase64 } from "../core/bytes";

/**
 * The demo verification provider's books (migration 0019): applicants (one per attempt), their
 * uploads (bytes in chunks: a D1 row holds at most 2 MB) and the hosted page's tokens, of which
 * only a SHA-256 is kept.
 */

export interface ApplicantRow {
  id: string;
  uid: number;
  status: VerificationStatus;
  document_type: DocumentType | null;
  review_comment: string | null;
  created_at: number;
  submitted_at: number | null;
  updated_at: number;
}

export type DocumentKind = "front" | "back" | "selfie";

export interface DocumentRow {
  id: string;
  applicant_id: string;
  kind: DocumentKind;
  content_type: string;
  size: number;
  file_name: string;
  created_at: number;
}

export const TOKEN_TTL_MS = 10 * 60_000;
const CHUNK_BYTES = 1_000_000;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const toApplicant = (r: ApplicantRow): VerificationApplicant => ({
  applicant_id: r.id,
  status: r.status,
  document_type: r.document_type,
  review_comment: r.review_comment,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export const findApplicant = (db: D1Database, id: string) =>
  db.prepare("SELECT * FROM demo_verification_applicants WHERE id = ?1").bind(id).first<ApplicantRow>();

export const latestApplicant = (db: D1Database, uid: number) =>
  db.prepare("SELECT * FROM demo_verification_applicants WHERE uid = ?1 ORDER BY created_at DESC, rowid DESC LIMIT 1").bind(uid).first<ApplicantRow>();

/**
 * The player's open attempt, or a new one unless the last was finally rejected (null then). The
 * unique index on open attempts makes concurrent calls end with one: the loser's INSERT does nothing.
 */
export async function openApplicant(db: D1Database, uid: number, now: number): Promise<ApplicantRow | null> {
  const last = await latestApplicant(db, uid);
  if (last?.status === "init" || last?.status === "pending") return last;
  if (last?.status === "rejected_final") return null;
  await db
    .prepare(
      `INSERT INTO demo_verification_applicants (id, uid, status, created_at, updated_at) VALUES (?1, ?2, 'init', ?3, ?3)
       ON CONFLICT DO NOTHING`,
    )
    .bind(randomHex(16), uid, now)
    .run();
  return latestApplicant(db, uid);
}

/** A random token (256 bits, base64url) for the hosted page; only its hash is stored. */
export async function issueToken(db: D1Database, applicantId: string, externalActionId: string | null, now: number) {
  const token = toBase64(crypto.getRandomValues(new Uint8Array(32)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  const expiresAt = now + TOKEN_TTL_MS;
  await db.batch([
    // Expired tokens are of no use to anyone: each new one sweeps them.
    db.prepare("DELETE FROM demo_verification_tokens WHERE expires_at < ?1").bind(now - TOKEN_TTL_MS),
    db
      .prepare("INSERT INTO demo_verification_tokens (token_hash, applicant_id, external_action_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(await sha256Hex(token), applicantId, externalActionId, now, expiresAt),
  ]);
  return { token, expiresAt };
}

export type TokenLookup = { state: "valid"; applicant: ApplicantRow } | { state: "expired" } | { state: "unknown" };

/** The attempt a hosted-page token opens. */
export async function resolveToken(db: D1Database, token: string, now: number): Promise<TokenLookup> {
  if (!TOKEN_FORMAT.test(token)) return { state: "unknown" };
  const row = await db
    .prepare(
      `SELECT a.*, t.expires_at AS token_expires_at FROM demo_verification_tokens t
       JOIN demo_verification_applicants a ON a.id = t.applicant_id WHERE t.token_hash = ?1`,
    )
    .bind(await sha256Hex(token))
    .first<ApplicantRow & { token_expires_at: number }>();
  if (!row) return { state: "unknown" };
  if (row.token_expires_at <= now) return { state: "expired" };
  const { token_expires_at: _expires, ...applicant } = row;
  return { state: "valid", applicant };
}

export const listDocuments = async (db: D1Database, applicantId: string) =>
  (await db.prepare("SELECT * FROM demo_verification_documents WHERE applicant_id = ?1 ORDER BY created_at").bind(applicantId).all<DocumentRow>()).results;

/** Stores an upload of an attempt still collecting documents, replacing its kind's earlier one; one batch. */
export async function saveDocument(
  db: D1Database,
  applicantId: string,
  file: { kind: DocumentKind; contentType: string; bytes: Uint8Array; name: string },
  now: number,
): Promise<void> {
  const id = randomHex(16);
  const chunks: D1PreparedStatement[] = [];
  for (let seq = 0, at = 0; at < file.bytes.length; seq++, at += CHUNK_BYTES) {
    chunks.push(
      db
        .prepare(
          "INSERT INTO demo_verification_document_chunks (document_id, seq, bytes) SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM demo_verification_documents WHERE id = ?1)",
        )
        .bind(id, seq, file.bytes.slice(at, at + CHUNK_BYTES).buffer),
    );
  }
  await db.batch([
    db
      .prepare(
        "DELETE FROM demo_verification_documents WHERE applicant_id = ?1 AND kind = ?2 AND EXISTS (SELECT 1 FROM demo_verification_applicants WHERE id = ?1 AND status = 'init')",
      )
      .bind(applicantId, file.kind),
    db
      .prepare(
        `INSERT INTO demo_verification_documents (id, applicant_id, kind, content_type, size, file_name, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM demo_verification_applicants WHERE id = ?2 AND status = 'init')`,
      )
      .bind(id, applicantId, file.kind, file.contentType, file.bytes.length, file.name.slice(0, 120), now),
    ...chunks,
  ]);
}

/** One upload's type and bytes (the review console's view link). */
export async function readDocument(db: D1Database, id: string): Promise<{ doc: DocumentRow; bytes: Uint8Array<ArrayBuffer> } | null> {
  const doc = await db.prepare("SELECT * FROM demo_verification_documents WHERE id = ?1").bind(id).first<DocumentRow>();
  if (!doc) return null;
  const { results } = await db
    .prepare("SELECT bytes FROM demo_verification_document_chunks WHERE document_id = ?1 ORDER BY seq")
    .bind(id)
    .all<{ bytes: ArrayBuffer | number[] }>();
  const parts = results.map((r) => new Uint8Array(r.bytes as ArrayBuffer));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { doc, bytes };
}

/** Which uploads an attempt needs: both sides of an ID card or a driving licence, the front of a passport, a selfie. */
export function requiredKinds(documentType: DocumentType | null): DocumentKind[] {
  if (!documentType) return [];
  return documentType === "passport" ? ["front", "selfie"] : ["front", "back", "selfie"];
}

/**
 * Submits an attempt for review: init → pending only while every required upload is there, and
 * the player is marked as being verified in the same batch. Answers whether this call submitted it.
 */
export async function submitApplicant(db: D1Database, applicant: ApplicantRow, now: number): Promise<boolean> {
  const kinds = requiredKinds(applicant.document_type);
  if (!kinds.length) return false;
  const placeholders = kinds.map((_, i) => `?${i + 3}`).join(", ");
  const [moved] = await db.batch([
    db
      .prepare(
        `UPDATE demo_verification_applicants SET status = 'pending', submitted_at = ?2, updated_at = ?2
         WHERE id = ?1 AND status = 'init'
           AND (SELECT COUNT(*) FROM demo_verification_documents WHERE applicant_id = ?1 AND kind IN (${placeholders})) = ${kinds.length}
         RETURNING id`,
      )
      .bind(applicant.id, now, ...kinds),
    db
      .prepare(
        "UPDATE users SET is_on_verification = 1 WHERE uid = ?1 AND EXISTS (SELECT 1 FROM demo_verification_applicants WHERE id = ?2 AND status = 'pending' AND submitted_at = ?3)",
      )
      .bind(applicant.uid, applicant.id, now),
  ]);
  return moved!.results.length > 0;
}

/** Chooses (or changes) the document of an attempt still collecting: uploads of another document's sides go. */
export async function chooseDocumentType(db: D1Database, applicantId: string, documentType: DocumentType | null, now: number): Promise<void> {
  await db.batch([
    db
      .prepare(
        "DELETE FROM demo_verification_documents WHERE applicant_id = ?1 AND kind IN ('front', 'back') AND EXISTS (SELECT 1 FROM demo_verification_applicants WHERE id = ?1 AND status = 'init')",
      )
      .bind(applicantId),
    db
      .prepare("UPDATE demo_verification_applicants SET document_type = ?2, updated_at = ?3 WHERE id = ?1 AND status = 'init'")
      .bind(applicantId, documentType, now),
  ]);
}
