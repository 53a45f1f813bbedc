import type { z } from "zod";
import { PlatformError } from "../../app/lib/api/errors";
import { ONE_YEAR, readCookie, serializeCookie } from "../../app/lib/cookies";
import type { Handler, PlatformContext } from "./core/context";
import { resolveMethod } from "./core/dispatch";
import { readRawParams } from "./core/params";
import { dataResponse, errorResponse, toPlatformError } from "./core/respond";
import { handlers } from "./handlers";
import { loadLocales } from "./i18n/locales";
import { simulatedLatency } from "./core/latency";
import { assertApplicationEnabled } from "./core/maintenance";

const VISITOR_COOKIE = "pf_vid";
const VISITOR_ID = /^[0-9a-f]{32}$/;

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function fieldErrors(issues: z.core.$ZodIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[String(i.path[0] ?? "_")] ??= []).push(i.message);
  return out;
}

/**
 * The embedded platform: answers `/api/{group}/{method}` from D1 with the `{data}` / `{error}`
 * envelopes of DESIGN §2. `path` is the part after `/api/`.
 */
export async function handlePlatform(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const cookies: string[] = [];
  let response: Response;
  try {
    const url = new URL(request.url);
    const { key, decl, pathValue } = resolveMethod(url.pathname.replace(/^\/api\//, ""));
    if (request.method !== decl.verb && !(decl.verb === "GET" && request.method === "HEAD")) {
      throw new PlatformError("InvalidRequest", `${decl.group}/${decl.name} accepts ${decl.verb} only`, {
        status: 405,
      });
    }
    const raw = await readRawParams(request, decl, pathValue);
    const parsed = decl.params.safeParse(raw);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues);
      const summary = Object.entries(fields)
        .map(([k, v]) => `${k}: ${v.join(", ")}`)
        .join("; ");
      throw new PlatformError("InvalidParameter", `Invalid parameters: ${summary}`, { fields });
    }

    const { locales, defaultLocale } = await loadLocales(env.DB);
    const known = new Set(locales.map((l) => l.code));
    const asked = url.searchParams.get("locale") ?? readCookie(request.headers.get("cookie"), "locale");
    const secure = env.APP_ENV !== "local";
    let visitor = readCookie(request.headers.get("cookie"), VISITOR_COOKIE);
    const pctx: PlatformContext = {
      env,
      db: env.DB,
      request,
      locale: asked && known.has(asked) ? asked : defaultLocale,
      defaultLocale,
      uid: 0,
      subject() {
        if (!visitor || !VISITOR_ID.test(visitor)) {
          visitor = randomHex(16);
          cookies.push(serializeCookie(VISITOR_COOKIE, visitor, { maxAge: ONE_YEAR, httpOnly: true, secure }));
        }
        return `v:${visitor}`;
      },
      setCookie: (h) => cookies.push(h),
      waitUntil: (p) => ctx.waitUntil(p),
    };
    await assertApplicationEnabled(env.DB, decl.group);
    await simulatedLatency(env, decl.group);
    const result = await (handlers[key] as Handler<typeof key>)(parsed.data as never, pctx);
    if (env.APP_ENV !== "production") decl.result.parse(result);
    response = dataResponse(result, { "cache-control": "no-store" });
  } catch (e) {
    response = errorResponse(toPlatformError(e));
  }
  for (const c of cookies) response.headers.append("set-cookie", c);
  return response;
}
