import type { z } from "zod";
import { PlatformError } from "../../core/api/errors";
import { ONE_YEAR, readCookie, serializeCookie } from "../../core/cookies";
import type { Handler, PlatformContext } from "./core/context";
import { resolveMethod } from "./core/dispatch";
import { readRawParams, TRANSPORT_KEYS } from "./core/params";
import { contract, type MethodKey } from "../../core/api/contract";
import type { PlatformAnswer, PlatformCall } from "../../core/api/in-process";
import type { MethodDecl } from "../../core/api/define";
import { envelopeResponse, toPlatformError } from "./core/respond";
import { handlers } from "./handlers";
import { localesAndMaintenance, type RenderScope, settingsKeepMs, sharedRead } from "./core/render-scope";
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
import { playerSubject } from "./events/subject";

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

/** What a call is, however it came: the method, its verb, its raw parameters and the locale asked for. */
interface CallInput {
  key: MethodKey;
  decl: MethodDecl;
  verb: string;
  raw: () => Promise<Record<string, string>> | Record<string, string>;
  /** The `locale` the call names (the query's), before the cookie's. */
  asked: string | null;
  /** The caller's request: its headers (cookies, user agent, IP) and origin (ctx.request). */
  request: Request;
}

/**
 * The embedded platform: answers `/api/{group}/{method}` from D1 with the `{data}` / `{error}`
 * envelopes of DESIGN §2. `path` is the part after `/api/`. Order: method, verb, raw params,
 * maintenance, the player's session (banned → 403, player-only → 401), then Zod validation.
 * `scope`: given for the in-process calls of one page request, which share its settings read.
 */
export async function handlePlatform(request: Request, env: Env, ctx: ExecutionContext, scope?: RenderScope): Promise<Response> {
  const answer = await answerCall(env, ctx, scope, () => {
    const url = new URL(request.url);
    const { key, decl, pathValue } = resolveMethod(url.pathname.replace(/^\/api\//, ""));
    return { key, decl, verb: request.method, raw: () => readRawParams(request, decl, pathValue), asked: url.searchParams.get("locale"), request };
  });
  const response = envelopeResponse(answer.status, answer.body, { "cache-control": "no-store" });
  for (const c of answer.cookies) response.headers.append("set-cookie", c);
  return response;
}

/**
 * The same answer as `handlePlatform` gives a request, for a call made in-process (`PlatformCall`):
 * the same order of checks and the same envelope, copied as JSON would copy it (the caller never
 * holds an object the platform keeps).
 */
export async function callPlatform(call: PlatformCall, env: Env, ctx: ExecutionContext, scope?: RenderScope): Promise<PlatformAnswer> {
  const decl = contract[call.key] as MethodDecl | undefined;
  const answer = await answerCall(env, ctx, scope, () => {
    if (!decl) throw new PlatformError("MethodNotFound", `Method '${call.key}' does not exist`);
    const raw: Record<string, string> = call.locale ? { locale: call.locale } : {};
    for (const [k, v] of Object.entries(call.params)) if (!TRANSPORT_KEYS.has(k)) raw[k] = v;
    return { key: call.key, decl, verb: decl.verb, raw: () => raw, asked: raw.locale ?? null, request: call.request };
  });
  return { ...answer, body: JSON.parse(JSON.stringify(answer.body)) };
}

async function answerCall(env: Env, ctx: ExecutionContext, scope: RenderScope | undefined, input: () => CallInput): Promise<PlatformAnswer> {
  const jar = cookieJar();
  let answer: PlatformAnswer;
  let writing: RenderScope | undefined;
  try {
    const { key, decl, verb, raw: readRaw, asked: askedLocale, request } = input();
    markStatements(env.DB, key);
    const alsoGet = decl.alsoGet === true && verb === "GET";
    if (verb !== decl.verb && !(decl.verb === "GET" && verb === "HEAD") && !alsoGet) {
      throw new PlatformError("InvalidRequest", `${decl.group}/${decl.name} accepts ${decl.alsoGet ? "POST or GET" : decl.verb} only`, {
        status: 405,
      });
    }
    // A write taken as GET (SPEC §7) only from the site's own pages: the Origin check of a POST
    // (workers/security.ts) lets every GET through, and a link on another site must not sign a player out.
    if (alsoGet && !sameSiteFetch(request)) {
      throw new PlatformError("AccessDenied", "Cross-site request refused: this write is taken as GET from this site's own pages only");
    }
    const raw = await readRaw();
    // A write call of the render forgets what its reads kept (before it, and after: finally, below).
    const reads = decl.verb === "GET";
    if (scope && !reads) writing = scope;
    if (writing) writing.reads = writing.shared = undefined;

    const { locales, defaultLocale, maintenance, generalInfo, metadata, contentImages, replica } = await localesAndMaintenance(
      env.DB,
      scope,
      settingsKeepMs(env),
    );
    const known = new Set(locales.map((l) => l.code));
    const asked = askedLocale ?? readCookie(request.headers.get("cookie"), "locale");
    const secure = env.APP_ENV !== "local";
    let visitor = readCookie(request.headers.get("cookie"), VISITOR_COOKIE);
    let player: { uid: number; db: D1Database } | undefined;
    // A read call of a render shares what the render's reads read again (core/render-reads.ts),
    // and the configuration's reads the isolate keeps at this version (core/config-reads.ts).
    const config = settingsKeepMs(env) > 0 ? replica : null;
    const rendering = scope && reads ? renderReads(env.DB, scope, undefined, config) : null;
    const pctx: PlatformContext = {
      env,
      // The site's catalogue and content may come from a read replica (core/replica-reads.ts); a
      // replica reader's reads of the kept tables are the render's (primary) reads (one read of a
      // programme's levels, not two).
      db: TOLERATES_STALE.has(key) ? (scope && reads ? renderReads(replicaReads(env.DB), scope, env.DB, config) : replicaReads(env.DB)) : (rendering ?? env.DB),
      player() {
        if (pctx.uid <= 0) throw new PlatformError("Authorization", "Sign in to continue");
        // The player's statements that D1 answers (the site's side) are the render's reads too.
        // A render's reads of the player's object go with its other reads of them, as one call (player/coalesce.ts).
        if (player?.uid !== pctx.uid)
          player = { uid: pctx.uid, db: routedD1(rendering ? { ...env, DB: rendering } : env, pctx.uid, replica, [], rendering ? scope : undefined) };
        return player.db;
      },
      request,
      locale: asked && known.has(asked) ? asked : defaultLocale,
      defaultLocale,
      generalInfo,
      metadata,
      contentImages,
      locales: { locales, defaultLocale },
      replica,
      uid: 0,
      session: null,
      clientIp: clientIp(request),
      subject() {
        if (pctx.uid > 0) return playerSubject(pctx.uid);
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
      shared: (key, read) => sharedRead(rendering ? scope : undefined, key, read),
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
    answer = { status: 200, body: { data: result }, cookies: jar.cookies };
  } catch (e) {
    const error = toPlatformError(e);
    answer = { status: error.status, body: { error: error.toBody() }, cookies: jar.cookies };
  } finally {
    if (writing) writing.reads = writing.shared = undefined;
  }
  return answer;
}

/**
 * Whether a request came from the site's own pages, as browsers say (Sec-Fetch-Site); a client
 * that says nothing (no browser: a script, a test) is taken, as the POST Origin check takes it.
 */
function sameSiteFetch(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}
