import { refusesBanned } from "../../../core/api/call-rules";
import type { MethodKey } from "../../../core/api/contract";
import type { MethodDecl } from "../../../core/api/define";
import { PlatformError } from "../../../core/api/errors";
import { readCookie } from "../../../core/cookies";
import type { PlatformContext } from "../core/context";
import type { RenderScope } from "../core/render-scope";
import { accountAlongside } from "../account/users";
import { popupsAlongside } from "../popups";
import {
  alongsideAll,
  clearedSessionCookie,
  createSession,
  deleteSession,
  endedByLimit,
  type LoadedSession,
  loadSession,
  sessionCookie,
  sessionClient,
  sessionCookieName,
} from "./sessions";

/**
 * Whether a request may clear a session cookie that names no live session: only a page navigation
 * (or a client that sends no Sec-Fetch-Mode at all). A fetch may be answered out of order: when a
 * password change renews the session, a call sent a moment earlier with the old cookie is answered
 * after it, and its clearing Set-Cookie would erase the new session and sign the player out.
 * A dead cookie left in place opens nothing; the next page load clears it.
 */
export function mayClearStaleCookie(request: Request): boolean {
  const mode = request.headers.get("sec-fetch-mode");
  return mode === null || mode === "navigate";
}

/**
 * The cookie's session: looked up once per render for its reads (`scope`, `read`), since a page's
 * calls carry the same cookie; a write's call looks its own up and forgets the render's lookups
 * (it may end, start or renew a session). A failed lookup is not kept. A shared lookup reads the
 * primary (`env.DB`), never a call's read replica, so no call of the page sees a revoked session.
 */
function lookUp(ctx: PlatformContext, raw: string | undefined, scope: RenderScope | undefined, read: boolean): Promise<LoadedSession> {
  if (!scope || !read) {
    if (scope) scope.sessions = undefined;
    return loadSession(ctx.db, raw);
  }
  const sessions = (scope.sessions ??= new Map());
  const key = raw ?? "";
  let loaded = sessions.get(key);
  if (!loaded) {
    // The player's row and contacts come with it: account.getInfo, which every signed-in page
    // asks, then reads them from the render's kept reads; so do the shell's campaign popups
    // (one D1 round trip, not four).
    loaded = loadSession(ctx.env.DB, raw, Date.now(), alongsideAll(accountAlongside(scope), popupsAlongside(scope, ctx.locale)));
    sessions.set(key, loaded);
    loaded.catch(() => sessions.get(key) === loaded && sessions.delete(key));
  }
  return loaded;
}

/**
 * Reads the session cookie into ctx.session and ctx.uid; clears a cookie that names no live session.
 * `scope`, `read`: the render's calls and whether this one only reads (GET), to share one lookup.
 */
export async function resolveSession(ctx: PlatformContext, scope?: RenderScope, read = false): Promise<void> {
  const raw = readCookie(ctx.request.headers.get("cookie"), sessionCookieName(ctx.env));
  const loaded = await lookUp(ctx, raw, scope, read);
  if (loaded.kind === "none") {
    if (loaded.stale && mayClearStaleCookie(ctx.request)) ctx.setCookie(clearedSessionCookie(ctx.env));
    if (loaded.ended) ctx.sessionEnded = loaded.ended;
    return;
  }
  const { row } = loaded;
  ctx.session = {
    idHash: row.id_hash,
    uid: row.uid,
    createdAt: row.created_at,
    endsAt: endedByLimit(row) ? row.expires_at : null,
    pending: loaded.kind === "pending",
    expired: loaded.kind === "pending" && loaded.expired,
    banned: row.is_banned === 1,
  };
  if (loaded.kind === "active") ctx.uid = row.uid;
}

/** Banned players get UserBanned (403) nearly everywhere; player-only methods need a session. */
export function assertAccess(ctx: PlatformContext, key: MethodKey, decl: MethodDecl): void {
  if (ctx.uid > 0 && ctx.session?.banned && refusesBanned(key, decl)) {
    throw new PlatformError("UserBanned", "This account is blocked. Please contact support.");
  }
  if (decl.access === "player" && ctx.uid === 0) {
    throw new PlatformError("Authorization", "Sign in to continue");
  }
}

export async function startSession(ctx: PlatformContext, uid: number, { pendingTwoFactor = false }: { pendingTwoFactor?: boolean } = {}): Promise<void> {
  if (ctx.session) await deleteSession(ctx.db, ctx.session.idHash);
  const now = Date.now();
  const client = sessionClient(ctx.request, ctx.clientIp);
  const { rawId, idHash, expiresAt } = await createSession(ctx.db, uid, { twoFactorPassed: !pendingTwoFactor, client }, now);
  ctx.setCookie(sessionCookie(ctx.env, rawId));
  const endsAt = !pendingTwoFactor && endedByLimit({ created_at: now, expires_at: expiresAt }) ? expiresAt : null;
  ctx.session = { idHash, uid, createdAt: now, endsAt, pending: pendingTwoFactor, expired: false, banned: false };
  ctx.uid = pendingTwoFactor ? 0 : uid;
}

export async function endSession(ctx: PlatformContext): Promise<void> {
  if (ctx.session) await deleteSession(ctx.db, ctx.session.idHash);
  ctx.session = null;
  ctx.uid = 0;
  ctx.setCookie(clearedSessionCookie(ctx.env));
}
