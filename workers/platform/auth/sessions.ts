import { serializeCookie, sessionCookieName as cookieName } from "../../../core/cookies";
import { randomHex, sha256Hex } from "../core/bytes";
import { sessionLimitInForce } from "../responsible/session-limit";

/**
 * Player sessions. The cookie holds 128 random bits as hex; D1 keeps only their SHA-256, so a
 * leaked table opens no session. A session ends after 30 idle minutes (last_seen_at slides, written
 * at most once a minute) or 30 days after sign-in, whichever comes first.
 *
 * A session with two_factor_passed = 0 is a sign-in waiting for its two-factor code: it signs
 * nobody in and lives five minutes.
 *
 * A player's session limit (responsible/session-limit.ts) ends a session sooner: its expires_at is
 * its start plus the limit. A session that ended before its 30 days is one the limit ended.
 */
const MINUTE = 60_000;
export const SESSION_IDLE_MS = 30 * MINUTE;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * MINUTE;
export const SESSION_TOUCH_MS = MINUTE;
export const TWO_FACTOR_CHALLENGE_MS = 5 * MINUTE;

const SESSION_ID = /^[0-9a-f]{32}$/;

/** `pf_session` in local runs; `__Host-pf_session` (Secure, Path=/, no Domain) everywhere else. */
export function sessionCookieName(env: Pick<Env, "APP_ENV">): string {
  return cookieName(env.APP_ENV);
}

export function sessionCookie(env: Pick<Env, "APP_ENV">, rawId: string): string {
  return serializeCookie(sessionCookieName(env), rawId, {
    maxAge: SESSION_ABSOLUTE_MS / 1000,
    httpOnly: true,
    secure: env.APP_ENV !== "local",
    sameSite: "Lax",
  });
}

export function clearedSessionCookie(env: Pick<Env, "APP_ENV">): string {
  return serializeCookie(sessionCookieName(env), "", {
    maxAge: 0,
    httpOnly: true,
    secure: env.APP_ENV !== "local",
    sameSite: "Lax",
  });
}

export interface SessionRow {
  id_hash: string;
  uid: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  two_factor_passed: number;
  is_banned: number;
  /** The account's market and age (the play rules of a round, decision 0088) and currency, read with the session. */
  country_code: string | null;
  birth_date: string | null;
  currency: string;
}

export type LoadedSession =
  /** No usable session; `stale` when the browser sent one that must be cleared; `ended` "limit" when the player's session limit ended it. */
  { kind: "none"; stale: boolean; ended?: "limit" } | { kind: "active"; row: SessionRow } | { kind: "pending"; row: SessionRow; expired: boolean };

/**
 * Reads that go to D1 with the session's own, in one round trip (`db.batch`): statements that
 * name the session by its `id_hash` (?1), and what to do with their answers once its player is known.
 */
export interface AlongsideSession {
  statements(db: D1Database, idHash: string): D1PreparedStatement[];
  take(uid: number, results: D1Result[]): void;
}

/** Several reads alongside the session, in one batch: each takes its own statements' answers. */
export function alongsideAll(...parts: AlongsideSession[]): AlongsideSession {
  const counts: number[] = [];
  return {
    statements: (db, idHash) =>
      parts.flatMap((p, i) => {
        const own = p.statements(db, idHash);
        counts[i] = own.length;
        return own;
      }),
    take: (uid, results) => {
      let at = 0;
      for (const [i, p] of parts.entries()) {
        p.take(uid, results.slice(at, at + counts[i]!));
        at += counts[i]!;
      }
    },
  };
}

/** The uid of the session whose id_hash is bound to `param` (`?1`), for a statement that names its player by the session. */
export const sessionUid = (param: string): string => `(SELECT uid FROM sessions WHERE id_hash = ${param})`;

/**
 * The stored hash of a cookie's session id, kept by the isolate (bounded): a signed-in page's
 * session lookup hashed the same cookie on every render (~0.2 ms of a render's CPU, issue 39). The
 * raw id is what the request brought; nothing is kept that the isolate did not already hold.
 */
const hashes = new Map<string, string>();
const HASHES_KEPT = 1024;

async function sessionHash(rawId: string): Promise<string> {
  let hash = hashes.get(rawId);
  if (hash === undefined) {
    hash = await sha256Hex(rawId);
    if (hashes.size >= HASHES_KEPT) hashes.clear();
    hashes.set(rawId, hash);
  }
  return hash;
}

const SESSION_SQL = `SELECT s.id_hash, s.uid, s.created_at, s.last_seen_at, s.expires_at, s.two_factor_passed, u.is_banned,
         u.country_code, u.birth_date, u.currency
       FROM sessions s JOIN users u ON u.uid = s.uid WHERE s.id_hash = ?1`;

/**
 * Resolves the cookie's session, expiring it or sliding its idle time as due. `alongside`: reads
 * sent in the same round trip as the session's own.
 */
export async function loadSession(db: D1Database, rawId: string | undefined, now = Date.now(), alongside?: AlongsideSession): Promise<LoadedSession> {
  if (!rawId) return { kind: "none", stale: false };
  if (!SESSION_ID.test(rawId)) return { kind: "none", stale: true };
  const idHash = await sessionHash(rawId);
  const session = db.prepare(SESSION_SQL).bind(idHash);
  let row: SessionRow | null;
  if (alongside) {
    const [own, ...theirs] = await db.batch([session, ...alongside.statements(db, idHash)]);
    row = (own!.results[0] as SessionRow | undefined) ?? null;
    if (row) alongside.take(row.uid, theirs);
  } else {
    row = await session.first<SessionRow>();
  }
  if (!row) return { kind: "none", stale: true };
  if (row.two_factor_passed === 0) return { kind: "pending", row, expired: now >= row.expires_at };
  if (now >= row.expires_at || now - row.last_seen_at >= SESSION_IDLE_MS) {
    await deleteSession(db, row.id_hash);
    return now >= row.expires_at && endedByLimit(row) ? { kind: "none", stale: true, ended: "limit" } : { kind: "none", stale: true };
  }
  if (now - row.last_seen_at >= SESSION_TOUCH_MS) {
    await db.prepare("UPDATE sessions SET last_seen_at = ?2 WHERE id_hash = ?1").bind(row.id_hash, now).run();
  }
  return { kind: "active", row };
}

/** Whether a session's end is its player's session limit, not the 30 days every session has. */
export const endedByLimit = (row: Pick<SessionRow, "created_at" | "expires_at">) => row.expires_at - row.created_at < SESSION_ABSOLUTE_MS;

/** What a player will recognise a session by (decision 0038): the browser and the address. */
export interface SessionClient {
  userAgent: string;
  ip: string;
}

export const USER_AGENT_MAX = 256;

/** The client of a request as a session keeps it. */
export function sessionClient(request: Request, ip: string): SessionClient {
  return { userAgent: (request.headers.get("user-agent") ?? "").slice(0, USER_AGENT_MAX), ip: ip === "local" ? "" : ip };
}

/**
 * Stores a new session for this player: its raw id (for the cookie only) and the stored hash. A
 * signed-in session ends at the player's session limit when they set one, worked out in the INSERT.
 */
export async function createSession(
  db: D1Database,
  uid: number,
  { twoFactorPassed, client }: { twoFactorPassed: boolean; client: SessionClient },
  now = Date.now(),
): Promise<{ rawId: string; idHash: string; expiresAt: number }> {
  const rawId = randomHex(16);
  const idHash = await sha256Hex(rawId);
  const expires = now + (twoFactorPassed ? SESSION_ABSOLUTE_MS : TWO_FACTOR_CHALLENGE_MS);
  const [, stored] = await db.batch([
    // Sweep this player's dead sessions while we are here.
    db
      .prepare(
        `DELETE FROM sessions WHERE uid = ?1
         AND (expires_at <= ?2 OR (two_factor_passed = 1 AND last_seen_at <= ?2 - ?3))`,
      )
      .bind(uid, now, SESSION_IDLE_MS),
    db
      .prepare(
        `INSERT INTO sessions (id_hash, uid, created_at, last_seen_at, expires_at, two_factor_passed, user_agent, ip)
         VALUES (?1, ?2, ?3, ?3, CASE WHEN ?5 = 1 THEN MIN(?4, ?3 + COALESCE(${sessionLimitInForce("?2", "?3")} * ${MINUTE}, ?4)) ELSE ?4 END,
           ?5, ?6, ?7)
         RETURNING expires_at`,
      )
      .bind(idHash, uid, now, expires, twoFactorPassed ? 1 : 0, client.userAgent, client.ip),
  ]);
  const expiresAt = (stored!.results[0] as { expires_at: number } | undefined)?.expires_at ?? expires;
  return { rawId, idHash, expiresAt };
}

export async function deleteSession(db: D1Database, idHash: string): Promise<void> {
  await db.prepare("DELETE FROM sessions WHERE id_hash = ?1").bind(idHash).run();
}

/** Ends every session of a player (password change, enabling two-factor), or all but one. */
export async function revokeUserSessions(db: D1Database, uid: number, exceptIdHash = ""): Promise<void> {
  await db.prepare("DELETE FROM sessions WHERE uid = ?1 AND id_hash <> ?2").bind(uid, exceptIdHash).run();
}

/**
 * A session as its player sees it: `id` is the first 16 hex digits of the stored hash (it names the
 * session to end, and opens nothing: the cookie's id is not derivable from it).
 */
export interface PlayerSessionRow {
  id: string;
  created_at: number;
  last_seen_at: number;
  user_agent: string;
  ip: string;
  id_hash: string;
}

export const SESSION_PUBLIC_ID = /^[0-9a-f]{16}$/;

/** The player's signed-in sessions that are still alive, most recently used first. */
export async function listUserSessions(db: D1Database, uid: number, now = Date.now()): Promise<PlayerSessionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT substr(id_hash, 1, 16) AS id, id_hash, created_at, last_seen_at, user_agent, ip FROM sessions
       WHERE uid = ?1 AND two_factor_passed = 1 AND expires_at > ?2 AND last_seen_at > ?2 - ?3
       ORDER BY last_seen_at DESC, created_at DESC`,
    )
    .bind(uid, now, SESSION_IDLE_MS)
    .all<PlayerSessionRow>();
  return results;
}

/** Ends one of the player's sessions by its public id (never the one given as `keep`); the count ended. */
export async function endUserSession(db: D1Database, uid: number, publicId: string, keep: string): Promise<number> {
  const result = await db.prepare("DELETE FROM sessions WHERE uid = ?1 AND substr(id_hash, 1, 16) = ?2 AND id_hash <> ?3").bind(uid, publicId, keep).run();
  return result.meta.changes;
}
