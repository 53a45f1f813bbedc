import type { ServerBuild } from "react-router";
import { analyticsModuleSource } from "../../app/features/analytics/module-source";
import { CONSENT_COOKIE } from "../../core/consent";
import { ONE_YEAR, serializeCookie } from "../../core/cookies";
import { safeRedirectPath } from "../../core/navigation";
import { versionedModuleResponse } from "../pwa/route";

type Assets = ServerBuild["assets"];

/**
 * GET /analytics.js: the analytics dispatcher (app/features/analytics/dispatcher.ts) and the Web
 * Vitals collector (web-vitals.ts) as a module, imported by the document's inline boot on the
 * first interaction (decisions 0057, 0113). `?v=` is the build's version, so the build's own copy
 * may be kept for good.
 */
export function analyticsScriptResponse(request: Request, assets: Assets): Response {
  return versionedModuleResponse(request, assets, analyticsModuleSource());
}

/**
 * POST /consent (the consent banner's plain form): `choice` accept or decline sets `pf_consent`
 * (yes/no, a year; readable by no script) and goes back to `back`, a same-origin path.
 */
export async function consentResponse(request: Request, env: Env): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const choice = form?.get("choice");
  const back = safeRedirectPath(typeof form?.get("back") === "string" ? (form.get("back") as string) : null, "/");
  if (choice !== "accept" && choice !== "decline") {
    return new Response("Choose accept or decline.", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  const cookie = serializeCookie(CONSENT_COOKIE, choice === "accept" ? "yes" : "no", {
    maxAge: ONE_YEAR,
    httpOnly: true,
    secure: env.APP_ENV !== "local",
    sameSite: "Lax",
  });
  return new Response(null, { status: 303, headers: { location: back, "set-cookie": cookie, "cache-control": "no-store" } });
}
