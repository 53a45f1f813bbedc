import { readCookie } from "../../core/cookies";
import { verifyRealtimeToken } from "../platform/auth/realtime-token";
import { loadSession, sessionCookieName } from "../platform/auth/sessions";
import { sportsFeed } from "./sports-feed";
import { BOARD_TOURNAMENT_HEADER, BOARD_UID_HEADER, tournamentBoard } from "./tournament-board";
import { winsFeed } from "./wins-feed";

/**
 * GET /realtime?token=… (DESIGN §1): a WebSocket upgrade into the player's PlayerChannel. The
 * token (account.getToken, five minutes) says who the player is; nothing else is trusted, so a
 * missing, forged or expired token is a 401 and no socket. Browsers send Origin on a WebSocket
 * handshake: a page of another site may not open one (same rule as originCheck for writes).
 * With PLATFORM_ORIGIN set, the channel lives with the remote platform and the request is passed
 * through (fetch() with the Upgrade header hands back the socket).
 */
export async function handleRealtime(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const refused = refusedUpgrade(request, env);
  if (refused) return refused;
  if (env.PLATFORM_ORIGIN) return proxy(request, env.PLATFORM_ORIGIN);

  const token = url.searchParams.get("token") ?? "";
  const uid = token ? await verifyRealtimeToken(env.SIGNING_SECRET, token) : null;
  if (!uid) return text("A valid realtime token is required (account.getToken)", 401);
  return socketAnswer(await env.PLAYER_CHANNEL.get(env.PLAYER_CHANNEL.idFromName(String(uid))).fetch(request));
}

/**
 * GET /realtime/wins (decision 0034): a WebSocket upgrade into the public wins feed. Anyone may
 * listen (the wins are public, players masked), but only from this site's pages (Origin).
 */
export async function handleWinsFeed(request: Request, env: Env): Promise<Response> {
  const refused = refusedUpgrade(request, env);
  if (refused) return refused;
  if (env.PLATFORM_ORIGIN) return proxy(request, env.PLATFORM_ORIGIN);
  return socketAnswer(await winsFeed(env).fetch(request));
}

/**
 * GET /realtime/tournaments/{id} (decision 0048): a WebSocket upgrade into the tournament's live
 * board. Public (the board is); when the handshake carries a signed-in player's session cookie the
 * socket is tagged with their uid so it also gets leaderboard.me. Same Origin rule; an id that is
 * not a tournament is a 404 and no socket.
 */
export async function handleTournamentBoard(request: Request, env: Env, rawId: string): Promise<Response> {
  const refused = refusedUpgrade(request, env);
  if (refused) return refused;
  if (env.PLATFORM_ORIGIN) return proxy(request, env.PLATFORM_ORIGIN);
  const id = /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : 0;
  if (!id || !(await tournamentExists(env.DB, id))) return text("No such tournament", 404);
  const session = await loadSession(env.DB, readCookie(request.headers.get("cookie"), sessionCookieName(env)));
  const headers = new Headers(request.headers);
  // Only this route says who the socket belongs to: whatever a client sent under these names goes.
  headers.set(BOARD_UID_HEADER, session.kind === "active" && session.row.is_banned !== 1 ? String(session.row.uid) : "0");
  headers.set(BOARD_TOURNAMENT_HEADER, String(id));
  return socketAnswer(await tournamentBoard(env, id).fetch(new Request(request.url, { headers })));
}

/**
 * GET /realtime/sports (decision 0049): a WebSocket upgrade into the sportsbook's live odds feed.
 * Public (the odds are); same Origin rule.
 */
export async function handleSportsFeed(request: Request, env: Env): Promise<Response> {
  const refused = refusedUpgrade(request, env);
  if (refused) return refused;
  if (env.PLATFORM_ORIGIN) return proxy(request, env.PLATFORM_ORIGIN);
  return socketAnswer(await sportsFeed(env).fetch(request));
}

/** Whether D1 knows the tournament. Guarded: without the tournaments table (platform slice not merged) any id passes. */
async function tournamentExists(db: D1Database, id: number): Promise<boolean> {
  try {
    return (await db.prepare("SELECT 1 AS ok FROM tournaments WHERE id = ?").bind(id).first()) !== null;
  } catch (e) {
    if (e instanceof Error && /no such table/.test(e.message)) return true;
    throw e;
  }
}

/** Not an upgrade (426), or a page of another site (403); `null` when the handshake may go on. */
function refusedUpgrade(request: Request, env: Env): Response | null {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return text("Expected a WebSocket upgrade", 426, { upgrade: "websocket" });
  }
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(request.url).origin && origin !== env.PUBLIC_ORIGIN) {
    return text("Cross-site WebSocket refused: the Origin of this request is not this site", 403);
  }
  return null;
}

/** Answers of fetch() have immutable headers; the security middleware adds its own afterwards. */
function socketAnswer(answer: Response): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers, webSocket: answer.webSocket });
}

async function proxy(request: Request, platformOrigin: string): Promise<Response> {
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, platformOrigin);
  const headers = new Headers(request.headers);
  headers.delete("host");
  if (headers.has("origin")) headers.set("origin", target.origin);
  const upstream = await fetch(target, { headers });
  return new Response(upstream.body, { status: upstream.status, headers: upstream.headers, webSocket: upstream.webSocket });
}

function text(message: string, status: number, extra: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", ...extra } });
}
