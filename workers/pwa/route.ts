import type { ServerBuild } from "react-router";
import { pwaClient } from "../../app/features/pwa/pwa-client";
import { shouldReload } from "../../app/features/pwa/reload-guard";
import { OFFLINE_CACHEABLE_HEADER, serviceWorkerSource } from "./service-worker";

type Assets = ServerBuild["assets"];

/** The app shell's hashed files: the browser manifest, the client entry, the root and the default layout. */
export function shellAssets(assets: Assets): string[] {
  const files = new Set<string>([assets.url, assets.entry.module, ...assets.entry.imports]);
  for (const id of ["root", "layouts/default"]) {
    const route = assets.routes[id];
    if (!route) continue;
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return [...files].filter((f) => f.startsWith("/assets/"));
}

/**
 * GET /sw.js. `?v=` names another version (a query-versioned script is a new worker to the
 * browser, which is how the e2e test plays a deploy); otherwise the build's version. Never cached
 * by HTTP caches, so a deploy is seen at the browser's next update check.
 */
export function serviceWorkerResponse(request: Request, assets: Assets): Response {
  const asked = new URL(request.url).searchParams.get("v");
  const version = asked && /^[\w.-]{1,64}$/.test(asked) ? asked : assets.version;
  // The platform script this build's pages load (pwa-boot.server.ts names it the same way): kept
  // with the shell, so a page opened offline still gets it on its first interaction.
  const shell = [...shellAssets(assets), `/pwa.js?v=${encodeURIComponent(assets.version)}`];
  return new Response(serviceWorkerSource({ version, shell }), {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "no-cache",
      "service-worker-allowed": "/",
      // A worker runs under its own script's policy: it fetches from this origin only.
      "content-security-policy": "default-src 'self'; object-src 'none'; base-uri 'none'",
    },
  });
}

/** The session cookie of the embedded platform (`pf_session`, `__Host-pf_session`). */
const SESSION = /(?:^|;\s*)(?:__Host-)?pf_session=/;

/**
 * Marks a page the service worker may keep for offline use: a successful GET document fetched
 * without a session, so it holds nothing of any player (decision 0056). Everything else the
 * worker refuses to store.
 */
export function markOfflineCacheable(request: Request, response: Response): Response {
  if (request.method !== "GET" || response.status !== 200) return response;
  if (SESSION.test(request.headers.get("cookie") ?? "")) return response;
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return response;
  // A page that starts a session is not anyone's; the locale and platform cookies are no one's secret.
  if (/(?:^|[\s,])(?:__Host-)?pf_session=/.test(response.headers.get("set-cookie") ?? "")) return response;
  response.headers.set(OFFLINE_CACHEABLE_HEADER, "cacheable");
  return response;
}

/**
 * GET /pwa.js: the browser side of the platform types (app/features/pwa/pwa-client.ts) as a
 * module, loaded by the document's inline boot script on the first interaction. `?v=` is the
 * build's version, so the build's own copy may be kept for good.
 */
export function pwaClientResponse(request: Request, assets: Assets): Response {
  const source = `const shouldReload = (${shouldReload.toString()});\nexport function start(platform, texts, event) {\n  (${pwaClient.toString()})(platform, texts, event, shouldReload);\n}\n`;
  return versionedModuleResponse(request, assets, source);
}

/**
 * A module the Worker serves for the document's inline boot (/pwa.js, /analytics.js): kept for good
 * when `?v=` names this build's version, otherwise revalidated at every use.
 */
export function versionedModuleResponse(request: Request, assets: Assets, source: string): Response {
  const current = new URL(request.url).searchParams.get("v") === assets.version;
  return new Response(source, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
