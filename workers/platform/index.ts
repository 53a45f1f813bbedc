import type { z } from "zod";
import { PlatformError } from "../../core/api/errors";
import { ONE_YEAR, readCookie, serializeCookie } from "../../core/cookies";
import type { Handler, PlatformContext } from "./core/context";
import { resolveMethod } from "./core/dispatch";
import { readRawParams } from "./core/params";
import { dataResponse, errorResponse, toPlatformError } from "./core/respond";
import { handlers } from "./handlers";
import { localesAndMaintenance, type RenderScope, settingsKeepMs } from "./core/render-scope";
import { simulatedLatency } from "./core/latency";
import { markStatements } from "../d1-stats";
import { assertApplicationEnabled } from "./core/maintenance";
import { randomHex } from "./core/bytes";
import { assertAccess, endSession, resolveSession, startSession } from "./auth/request-session";
import { needsSession } from "../../core/api/call-rules";
import { clientIp } from "./core/throttle";
import { routedD1 } from "./player/routed-d1";
import { replicaReads, TOLERATES_STALE } from "./core/replica-reads";
import { renderReads } from "./core/render-reads";

const VISITOR_COOKIE = "pf_vid";
const VISITOR_ID = /^[0-9a-f]{32}$/;

/** Collects the Set-Cookie headers of a call; a later cookie of the same name replaces an earlier one. */
function cookieJar() {
  const cookies: string[] = [];
  const name = (h: string) => h.slice(0, h.indexOf("="));
  return {
    cookies,
    set(header: string) {
      const i = cookies.findIndex((c) => name(c) === name(header));
      if (i >= 0) cookies.splice(i, 1);
      cookies.push(header);
    },
  };
}

function fieldErrors(issues: z.core.$ZodIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[String(i.path[0] ?? "_")] ??= []).push(i.message);
  return out;
}

/**
 * The embedded platform: answers `/api/{group}/{method}` from D1 with the `{data}` / `{error}`
 * envelopes of DESIGN §2. `path` is the part after `/api/`. Order: method, verb, raw params,
 * maintenance, the player's session (banned → 403, player-only → 401), then Zod validation.
 * `scope`: given for the in-process calls of one page request, which share its settings read.
 */
export async function handlePlatform(request: Request, env: Env, ctx: ExecutionContext, scope?: RenderScope): Promise<Response> {
  const jar = cookieJar();
  let response: Response;
  let writing: RenderScope | undefined;
  try {
    const url = new URL(request.url);
    const { key, decl, pathValue } = resolveMethod(url.pathname.replace(/^\/api\//, ""));
    markStatements(env.DB, key);
    if (request.method !== decl.verb && !(decl.verb === "GET" && request.method === "HEAD")) {
      throw new PlatformError("InvalidRequest", `${decl.group}/${decl.name} accepts ${decl.verb} only`, {
        status: 405,
      });
    }
    const raw = await readRawParams(request, decl, pathValue);
    // A write call of the render forgets what its reads kept (before it, and after: finally, below).
    const reads = decl.verb === "GET";
    if (scope && !reads) writing = scope;
    if (writing) writing.reads = undefined;

    const { locales, defaultLocale, maintenance, generalInfo, metadata, replica } = await localesAndMaintenance(env.DB, scope, settingsKeepMs(env));
    const known = new Set(locales.map((l) => l.code));
    const asked = url.searchParams.get("locale") ?? readCookie(request.headers.get("cookie"), "locale");
    const secure = env.APP_ENV !== "local";
    let visitor = readCookie(request.headers.get("cookie"), VISITOR_COOKIE);
    let player: { uid: number; db: D1Database } | undefined;
    // A read call of a render shares what the render's reads read again (core/render-reads.ts).
    const rendering = scope && reads ? renderReads(env.DB, scope) : null;
    const pctx: PlatformContext = {
      env,
      // The site's catalogue and content may come from a read replica (core/replica-reads.ts); a
      // replica reader's reads of the kept tables are the render's (primary) reads (one read of a
      // programme's levels, not two).
      db: TOLERATES_STALE.has(key) ? (scope && reads ? renderReads(replicaReads(env.DB), scope, env.DB) : replicaReads(env.DB)) : (rendering ?? env.DB),
      player() {
        if (pctx.uid <= 0) throw new PlatformError("Authorization", "Sign in to continue");
        // The player's statements that D1 answers (the site's side) are the render's reads too.
        if (player?.uid !== pctx.uid) player = { uid: pctx.uid, db: routedD1(rendering ? { ...env, DB: rendering } : env, pctx.uid, replica) };
        return player.db;
      },
      request,
      locale: asked && known.has(asked) ? asked : defaultLocale,
      defaultLocale,
      generalInfo,
      metadata,
      locales: { locales, defaultLocale },
      replica,
      uid: 0,
      session: null,
      clientIp: clientIp(request),
      subject() {
        if (pctx.uid > 0) return `u:${pctx.uid}`;
        if (!visitor || !VISITOR_ID.test(visitor)) {
          visitor = randomHex(16);
          jar.set(serializeCookie(VISITOR_COOKIE, visitor, { maxAge: ONE_YEAR, httpOnly: true, secure }));
        }
        return `v:${visitor}`;
      },
      setCookie: (h) => jar.set(h),
      waitUntil: (p) => ctx.waitUntil(p),
      startSession: (uid, options) => startSession(pctx, uid, options),
      endSession: () => endSession(pctx),
    };
    assertApplicationEnabled(maintenance, decl.group);
    // A page's reads share one session lookup; a write looks its own up (auth/request-session.ts).
    if (needsSession(decl)) await resolveSession(pctx, scope, decl.verb === "GET");
    assertAccess(pctx, key, decl);
    const parsed = decl.params.safeParse(raw);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues);
      const summary = Object.entries(fields)
        .map(([k, v]) => `${k}: ${v.join(", ")}`)
        .join("; ");
      throw new PlatformError("InvalidParameter", `Invalid parameters: ${summary}`, { fields });
    }
    await simulatedLatency(env, decl.group);
    const result = await (handlers[key] as Handler<typeof key>)(parsed.data as never, pctx);
    // Every answer is held to the contract's result schema, but in production (and where the bench
    // measures the CPU production spends: CHECK_RESULTS=off).
    if (env.APP_ENV !== "production" && env.CHECK_RESULTS !== "off") decl.result.parse(result);
    response = dataResponse(result, { "cache-control": "no-store" });
  } catch (e) {
    response = errorResponse(toPlatformError(e));
  } finally {
    if (writing) writing.reads = undefined;
  }
  for (const c of jar.cookies) response.headers.append("set-cookie", c);
  return response;
}
