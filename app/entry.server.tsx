import { isbot } from "isbot";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { workerContext } from "./lib/context.server";
import { renderDocument } from "./lib/render-document.server";
import { preloadErrorPages } from "./features/errors/lazy-error-pages";
import { preloadDialogs } from "./shell/dialog-registry";
import { preloadMenus } from "./features/layout/sidebar";
import { preloadToastList } from "./ui/toasts";
import { preloadGameTile } from "./features/games/lazy-game-tile";
import { preloadEmbeddedRegistration } from "./features/auth/embedded-registration";
import { preloadBetSlip } from "./features/sportsbook/deferred-slip";
import { preloadHeaderBalance } from "./features/layout/header";
import { NonceContext } from "./lib/nonce";
import { pageMessagesScript } from "./shell/page-messages.server";
import { InlineHeadContext } from "./lib/site-stylesheet";
import { IMAGE_FALLBACK_SCRIPT } from "./lib/image-fallback.server";
import { ZOD_JITLESS_SCRIPT } from "./lib/zod-jitless.server";
import { siteCss } from "./styles/site-css.server";
import { STREAM_TIMEOUT_MS, streamDeadline } from "./lib/deferred.server";
import { pwaBootScript } from "./features/pwa/pwa-boot.server";
import { analyticsBoot } from "./features/analytics/analytics-boot.server";

const INLINE_HEAD = { css: siteCss, script: IMAGE_FALLBACK_SCRIPT + ZOD_JITLESS_SCRIPT };

/** React Router reads it: deferred data still pending then is rejected (lib/deferred.server.ts). */
export const streamTimeout = STREAM_TIMEOUT_MS;

/**
 * React Router's own logger, less one case: a write (POST, PUT, PATCH, DELETE) to a page that has
 * no action is the client's mistake, answered 405 below, and not worth an ERROR with a stack trace
 * (anyone could fill the log at request rate). Every other error is logged, whatever the mode.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 405) return;
  // React Router's internal answers (an ErrorResponseImpl) carry the Error they stand for.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};

/** What a page without an action takes: reads only. */
const PAGE_METHODS = "GET, HEAD";

/**
 * People get the shell at once and deferred data as it resolves; crawlers get the whole
 * document. Crawlers are not shown the error page: an error answers its status, noindex.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A write to a page without an action: a short 405 naming what it takes, not the user-block page
  // (SPEC §2's page for "any other status") nor a render of the site around it.
  if (status === 405) {
    headers.set("Allow", PAGE_METHODS);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(`Method Not Allowed: this page takes ${PAGE_METHODS} only.\n`, { status, headers });
  }
  const bot = isbot(request.headers.get("user-agent") ?? "");
  if (bot && status >= 400) {
    headers.set("Content-Type", "text/html; charset=utf-8");
    headers.set("X-Robots-Tag", "noindex");
    return new Response(`<!doctype html><meta name="robots" content="noindex"><title>${status}</title>`, {
      status,
      headers,
    });
  }
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });

  const { nonce, bodyEnd } = loadContext.get(workerContext);
  // The service worker and install offer load on the first interaction (decision 0056); not under the dev server's HMR.
  // Analytics (decision 0057): the queue, the beacon and /analytics.js on the first interaction; the consent banner at the end.
  // Read beside the preloads, not before them: one wait on the document's path.
  const [analytics] = await Promise.all([
    analyticsBoot(request, routerContext, loadContext),
    preloadErrorPages(),
    preloadDialogs(),
    preloadGameTile(),
    preloadEmbeddedRegistration(),
    preloadBetSlip(),
    preloadHeaderBalance(),
    preloadMenus(),
    preloadToastList(),
  ]);
  const inlineHead = import.meta.env.DEV
    ? { ...INLINE_HEAD, script: INLINE_HEAD.script + analytics.script }
    : { ...INLINE_HEAD, script: INLINE_HEAD.script + pwaBootScript(routerContext) + analytics.script };
  let shellRendered = false;
  const deadline = streamDeadline(routerContext.staticHandlerContext.loaderData);
  const ended = bodyEnd?.();
  const html = await renderDocument(
    <NonceContext.Provider value={nonce}>
      <InlineHeadContext.Provider value={inlineHead}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineHeadContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      // React moves even a finished Suspense section into a hidden block (swapped in by script)
      // once ~12 KB of HTML precede it. Crawlers and players without JavaScript must get finished
      // sections in place, so only sections still waiting for data are streamed out of order.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      waitForAll: bot || routerContext.isSpaMode,
      signal: deadline.signal,
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
      // The page's translations before the router's bootstrap (shell/page-messages.server.ts); the consent banner after the document (decision 0057).
      beforeBootstrap: pageMessagesScript(routerContext, nonce),
      after: analytics.banner,
      onEnd: () => {
        deadline.stop();
        ended?.();
      },
    },
  );
  shellRendered = true;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers, status });
}
