import { randomBytes, sha256Hex } from "../core/bytes";
import { toBase64Url } from "../../../core/base64url";

/**
 * The demo provider's D1 storage: its identities (one per email, with a stable subject), its
 * authorization codes and its access tokens. Codes and tokens are kept only as SHA-256.
 */
export const CODE_TTL_MS = 60_000;
export const TOKEN_TTL_MS = 3_600_000;

export interface DemoIdentity {
  subject: string;
  email: string;
  name: string;
}

export interface CodeRow {
  code_hash: string;
  subject: string;
  client_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  expires_at: number;
  used_at: number | null;
}

const opaque = () => toBase64Url(randomBytes(32));

/** The identity of this email, created on first use; its display name follows the latest consent. */
export async function upsertIdentity(db: D1Database, email: string, name: string, now = Date.now()): Promise<DemoIdentity> {
  const row = await db
    .prepare(
      `INSERT INTO demo_oauth_identities (subject, email, name, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)
       ON CONFLICT (email) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
       RETURNING subject, email, name`,
    )
    .bind(crypto.randomUUID(), email, name, now)
    .first<DemoIdentity>();
  return row!;
}

export async function issueCode(
  db: D1Database,
  grant: { subject: string; clientId: string; redirectUri: string; codeChallenge: string; scope: string },
  now = Date.now(),
): Promise<string> {
  const code = opaque();
  await db
    .prepare(
      `INSERT INTO demo_oauth_codes (code_hash, subject, client_id, redirect_uri, code_challenge, scope, created_at, expires_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
    )
    .bind(await sha256Hex(code), grant.subject, grant.clientId, grant.redirectUri, grant.codeChallenge, grant.scope, now, now + CODE_TTL_MS)
    .run();
  return code;
}

export async function findCode(db: D1Database, code: string): Promise<CodeRow | null> {
  return db
    .prepare("SELECT * FROM demo_oauth_codes WHERE code_hash = ?1")
    .bind(await sha256Hex(code))
    .first<CodeRow>();
}

/** Marks the code used; false when another exchange got there first. */
export async function consumeCode(db: D1Database, codeHash: string, now = Date.now()): Promise<boolean> {
  const r = await db.prepare("UPDATE demo_oauth_codes SET used_at = ?2 WHERE code_hash = ?1 AND used_at IS NULL").bind(codeHash, now).run();
  return r.meta.changes === 1;
}

/** A replayed code is a stolen one: whatever it bought is revoked (RFC 6749 §4.1.2). */
export async function revokeTokensOf(db: D1Database, codeHash: string): Promise<void> {
  await db.prepare("DELETE FROM demo_oauth_tokens WHERE code_hash = ?1").bind(codeHash).run();
}

export async function issueToken(db: D1Database, code: CodeRow, now = Date.now()): Promise<string> {
  const token = opaque();
  await db.batch([
    db.prepare("DELETE FROM demo_oauth_tokens WHERE expires_at <= ?1").bind(now),
    db
      .prepare(`INSERT INTO demo_oauth_tokens (token_hash, code_hash, subject, client_id, scope, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`)
      .bind(await sha256Hex(token), code.code_hash, code.subject, code.client_id, code.scope, now + TOKEN_TTL_MS),
  ]);
  return token;
}

/** The identity a live access token speaks for, or null. */
export async function identityOfToken(db: D1Database, token: string, now = Date.now()): Promise<DemoIdentity | null> {
  return db
    .prepare(
      `SELECT i.subject, i.email, i.name FROM demo_oauth_tokens t JOIN demo_oauth_identities i ON i.subject = t.subject
       WHERE t.token_hash = ?1 AND t.expires_at > ?2`,
    )
    .bind(await sha256Hex(token), now)
    .first<DemoIdentity>();
}

/** Sweeps codes long past use, so the table stays small. */
export async function sweepCodes(db: D1Database, now = Date.now()): Promise<void> {
  await db
    .prepare("DELETE FROM demo_oauth_codes WHERE expires_at <= ?1")
    .bind(now - 24 * 3_600_000)
    .run();
}
