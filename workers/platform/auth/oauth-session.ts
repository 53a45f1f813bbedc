import { readCookie } from "../../../core/cookies";
import { clearedSessionCookie, createSession, deleteSession, loadSession, sessionClient, sessionCookie, sessionCookieName } from "./sessions";
import { clientIp } from "../core/throttle";

/**
 * Sessions for the platform's pages outside /api (the social sign-in callback), with the rules
 * of request-session.ts: the same cookie, and sign-in always starts a new session id.
 */
/** The signed-in player of a page's session, with what a round's market rules need (decision 0088). */
export interface SessionPlayer {
  uid: number;
  banned: boolean;
  country: string;
  birthDate: string | null;
  currency: string;
  /** When the session signed in (Unix ms): the game's session clock counts from it. */
  startedAt: number;
}

export interface PageSession {
  /** The stored hash of the session the request carried (signed in or waiting for two-factor). */
  carried: string | null;
  /** The signed-in player, if any. */
  player: SessionPlayer | null;
  /** Set-Cookie clearing a cookie that names no live session. */
  clear: string | null;
}

export async function pageSession(request: Request, env: Env): Promise<PageSession> {
  const loaded = await loadSession(env.DB, readCookie(request.headers.get("cookie"), sessionCookieName(env)));
  if (loaded.kind === "none") return { carried: null, player: null, clear: loaded.stale ? clearedSessionCookie(env) : null };
  return {
    carried: loaded.row.id_hash,
    player:
      loaded.kind === "active"
        ? {
            uid: loaded.row.uid,
            banned: loaded.row.is_banned === 1,
            country: loaded.row.country_code ?? "",
            birthDate: loaded.row.birth_date,
            currency: loaded.row.currency,
            startedAt: loaded.row.created_at,
          }
        : null,
    clear: null,
  };
}

/** Signs a player in: ends the session the request carried and answers the new session's Set-Cookie. */
export async function startPageSession(request: Request, env: Env, uid: number, carried: string | null): Promise<string> {
  if (carried) await deleteSession(env.DB, carried);
  const client = sessionClient(request, clientIp(request));
  const { rawId } = await createSession(env.DB, uid, { twoFactorPassed: true, client });
  return sessionCookie(env, rawId);
}
