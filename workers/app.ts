import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { workerContext } from "../app/lib/context.server";
import { splitCheckedD1 } from "./platform/player/split-check";
import { runPlayerClocks } from "./platform/player/clock-run";
import { sweepInbox } from "./platform/player/inbox";
import { sweepStock } from "./platform/rewards/stock";
import { countingD1, serverTiming, type D1Tally } from "./d1-stats";
import { assertEnv } from "./env";
import { callPlatform, handlePlatform } from "./platform";
import type { RenderScope } from "./platform/core/render-scope";
import { handlePlatformPages } from "./platform/demo";
import { deliverVerificationWebhooks } from "./platform/demo/verification-outbox";
import { purgeVerificationData } from "./platform/demo/verification-retention";
import { demoOn } from "./platform/demo/switches";
import { installDemoProviders } from "./platform/demo/providers";
import { withConfigWatch } from "./platform/core/config-reads";
import { runTournamentClock } from "./platform/tournaments/end";
import { payAbandonedWins } from "./platform/jackpots/settle";
import { settleLeftovers } from "./platform/sportsbook/settle";
import { runOfferClock } from "./platform/offers/clock";
import { sweepAnalytics } from "./platform/analytics/retention";
import { sweepVisitorConversations } from "./platform/chat/retention";
import { NONCE_HEADER as PLATFORM_NONCE_HEADER } from "./platform/demo/game-page";
import { isolateDocuments } from "./ipx/gate";
import { handleIpx, ipxDeps } from "./ipx/route";
import { handleBoardBench, handleBoardWrites, handlePoolWrites } from "./realtime/board-bench";
import { handleRealtime, handleSportsFeed, handleTournamentBoard, handleWinsFeed } from "./realtime/route";
import { pokeSportsFeed } from "./realtime/sports-feed";
import { originCheck, securityHeaders, type SecurityVars } from "./security";
import { markOfflineCacheable, pwaClientResponse, serviceWorkerResponse } from "./pwa/route";
import { analyticsScriptResponse, consentResponse } from "./analytics/route";
import { buildRoutePatterns } from "./analytics/route-patterns";
import { installPageRoutes } from "./platform/analytics/page-routes";

// The composition root: the demo stand-ins join the platform's provider registries (each offered
// only where its switch is on, decision 0060). The platform itself never imports demo/.
installDemoProviders();
// The operator's Web Vitals view groups paths by the app's route patterns (decision 0113).
installPageRoutes(buildRoutePatterns);

type RequestHandler = ReturnType<typeof createRequestHandler>;
let productionHandler: RequestHandler | undefined;

/**
 * React Router's handler. Given a function, createRequestHandler imports the build and derives
 * its routes, static handler and manifest again on every request (about 3 ms of CPU per render),
 * which only the dev server's hot reload needs; a production isolate derives them once.
 */
async function requestHandler(request: Request, context: RouterContextProvider): Promise<Response> {
  if (import.meta.env.DEV) {
    return createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE)(request, context);
  }
  productionHandler ??= createRequestHandler(await import("virtual:react-router/server-build"), import.meta.env.MODE);
  return productionHandler(request, context);
}

/**
 * Sends a platform request (/api, /oauth, /platform) to the embedded platform, or to
 * PLATFORM_ORIGIN when one is set. `scope`: the in-process calls of one page request share it.
 */
async function platformFetch(request: Request, env: Env, ctx: ExecutionContext, scope?: RenderScope): Promise<Response> {
  const url = new URL(request.url);
  if (!env.PLATFORM_ORIGIN) {
    return url.pathname.startsWith("/api/") ? handlePlatform(request, env, ctx, scope) : handlePlatformPages(request, env, ctx);
  }
  const target = new URL(url.pathname + url.search, env.PLATFORM_ORIGIN);
  const headers = new Headers(request.headers);
  headers.delete("host");
  // The remote platform sees its own origin, so the proxied write passes its Origin check.
  if (headers.has("origin")) headers.set("origin", target.origin);
  const upstream = await fetch(target, {
    method: request.method,
    headers,
    body: request.method === "GET" || request.method === "HEAD" ? undefined : request.body,
    redirect: "manual",
  });
  // fetch() answers with immutable headers; the security middleware must still add its own.
  return new Response(upstream.body, upstream);
}

/**
 * DB_STATS=on (the bench and capacity tests, never production): `answer` gets an env whose D1
 * counts this request's use, and the response says it in Server-Timing; otherwise the env as it is.
 * In the Worker tests that D1 is also the split-checked one (`splitChecked`, below).
 */
async function withD1Stats(env: Env, answer: (env: Env) => Promise<Response>, url = ""): Promise<Response> {
  env = splitChecked(env);
  if (env.DB_STATS !== "on" || !env.DB) return answer(env);
  const tally: D1Tally = { rowsRead: 0, rowsWritten: 0, queries: 0, ...(env.DB_STATS_LOG === "on" && { statements: [] }) };
  const response = withServerTiming(await answer({ ...env, DB: countingD1(env.DB, tally) }), tally);
  return tally.statements ? loggedAtEnd(response, url, tally) : response;
}

/**
 * DB_STATS_LOG=on: the statements a request ran (rows read, the start of the SQL), logged once its
 * body has ended, when a streamed document's last loader has run too.
 */
function loggedAtEnd(response: Response, url: string, tally: D1Tally): Response {
  const log = () => console.warn(`d1: ${url} ${tally.rowsRead} rows · ${tally.queries} queries\n${(tally.statements ?? []).map((s) => `  ${s}`).join("\n")}`);
  if (!response.body) {
    log();
    return response;
  }
  const body = response.body.pipeThrough(new TransformStream({ flush: log }));
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * The Worker tests' SPLIT_CHECK binding (decision 0075): "moved" makes D1 refuse statements on the
 * tables in the players' objects; "report" also reports what mixes a player's tables and the site's.
 */
function splitChecked(env: Env): Env {
  const mode = (env as { SPLIT_CHECK?: string }).SPLIT_CHECK;
  return (mode === "moved" || mode === "report") && env.DB ? { ...env, DB: splitCheckedD1(env.DB, mode === "report") } : env;
}

function withServerTiming(response: Response, tally: D1Tally): Response {
  const headers = new Headers(response.headers);
  headers.append("Server-Timing", serverTiming(tally));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Pages and API answers go before image renders (ipx/gate.ts): a render is a stretch of
 * synchronous Wasm, and a cold cover cache otherwise holds a page's I/O behind a few dozen of
 * them (seconds; a streamed section timed out). Counted until the last byte of the body.
 * `answer` may take the count's end (`own`) and call it itself when its body ends: a document
 * rendered by entry.server does (lib/render-document.server.ts), and is not piped again here.
 */
async function documentFirst(answer: (own: () => () => void) => Promise<Response>): Promise<Response> {
  const end = isolateDocuments.begin();
  let owned = false;
  let response: Response;
  try {
    response = await answer(() => {
      owned = true;
      return end;
    });
  } catch (err) {
    end();
    throw err;
  }
  if (owned) return response;
  if (!response.body) {
    end();
    return response;
  }
  // The runtime's own pipe, not a JavaScript TransformStream: no script runs per chunk, and the
  // count also ends when the client goes away mid-stream (the pipe settles, a flush never ran).
  // Not in waitUntil: the pipe moves only as the body is read, which the request itself does
  // (a caller that waits for the context's promises before reading the body would wait forever).
  const { readable, writable } = new IdentityTransformStream();
  void response.body.pipeTo(writable).then(end, end);
  return new Response(readable, response);
}

const app = new Hono<{ Bindings: Env; Variables: SecurityVars }>();

app.use("*", async (c, next) => {
  assertEnv(c.env);
  // What this isolate writes to the configuration drops what it keeps of it (core/config-reads.ts).
  c.env = withConfigWatch(c.env);
  await next();
});

// Whatever fails outside a handler still answers the /api error envelope, never a stack.
app.onError((err, c) => {
  console.error("worker: unhandled error", err instanceof Error ? err.message : err);
  if (new URL(c.req.url).pathname.startsWith("/api/")) {
    return c.json({ error: { type: "ApplicationUnavailableException", message: "The platform is unavailable. Please try again." } }, 503);
  }
  return c.text("Playfront is unavailable right now. Please try again in a moment.", 503);
});
app.use("*", securityHeaders());
app.use("*", originCheck());

app.all("/api/*", async (c) => {
  // DB_STATS=on: an API read reports its D1 rows and queries as a page render does (below).
  return withD1Stats(c.env, (env) => documentFirst(() => platformFetch(c.req.raw, env, c.executionCtx as ExecutionContext)), c.req.url);
});
// The platform's own pages: social sign-in and the demo providers (payment page, OAuth, mailbox…).
app.all("/oauth/*", (c) => platformFetch(c.req.raw, c.env, c.executionCtx as ExecutionContext));
// Platform pages with inline script (the demo game studio) need this response's CSP nonce: it
// travels in a request header the Worker always sets itself (a client's value is replaced).
app.all("/platform/*", async (c) => {
  const headers = new Headers(c.req.raw.headers);
  headers.set(PLATFORM_NONCE_HEADER, c.get("nonce"));
  // DB_STATS=on: a game round (the demo studio's round post) reports its D1 use too (bench/players.mjs).
  return withD1Stats(c.env, (env) => platformFetch(new Request(c.req.raw, { headers }), env, c.executionCtx as ExecutionContext));
});

// The player's live channel (WebSocket → PlayerChannel Durable Object).
app.get("/realtime", (c) => handleRealtime(c.req.raw, c.env));
// The public wins feed (the ticker; decision 0034): no token, same Origin rule.
app.get("/realtime/wins", (c) => handleWinsFeed(c.req.raw, c.env));
// A tournament's live board (decision 0048): public; a signed-in player's socket also gets their own row.
app.get("/realtime/tournaments/:id", (c) => handleTournamentBoard(c.req.raw, c.env, c.req.param("id")));
// The sportsbook's live odds (decision 0049): public, one socket per page.
app.get("/realtime/sports", (c) => handleSportsFeed(c.req.raw, c.env));
// The bench's direct score posts (DB_STATS=on only, never production; workers/realtime/board-bench.ts).
app.post("/__bench/tournament-board/:id", (c) => handleBoardBench(c.req.raw, c.env, c.req.param("id")));
app.get("/__bench/tournament-board/:id", (c) => handleBoardWrites(c.env, c.req.param("id")));
app.get("/__bench/jackpot-pool/:id", (c) => handlePoolWrites(c.env, c.req.param("id")));

// Resized game covers and images (decision 0018).
app.get("/_ipx/*", (c) =>
  handleIpx(
    c.req.raw,
    ipxDeps(c.env, c.executionCtx, (req) => platformFetch(req, c.env, c.executionCtx as ExecutionContext)),
  ),
);

// The service worker (decision 0056): its version and app-shell files come from the build.
app.get("/sw.js", async (c) => serviceWorkerResponse(c.req.raw, (await import("virtual:react-router/server-build")).assets));
app.get("/pwa.js", async (c) => pwaClientResponse(c.req.raw, (await import("virtual:react-router/server-build")).assets));
// The analytics dispatcher and the consent banner's form (decision 0057).
app.get("/analytics.js", async (c) => analyticsScriptResponse(c.req.raw, (await import("virtual:react-router/server-build")).assets));
app.post("/consent", (c) => consentResponse(c.req.raw, c.env));

// Every other method and path goes to React Router, so form POSTs reach route actions.
app.all("*", async (c) => {
  // DB_STATS=on (the bench, never production): the render's D1 reads go out in Server-Timing,
  // complete only where the document waited for all its data (crawlers, no deferred data).
  return withD1Stats(
    c.env,
    async (env) => {
      const context = new RouterContextProvider();
      const scope: RenderScope = {};
      // A page without a session may be kept by the service worker for offline use (decision 0056).
      return markOfflineCacheable(
        c.req.raw,
        await documentFirst((own) => {
          context.set(workerContext, {
            env,
            bodyEnd: own,
            waitUntil: (p) => c.executionCtx.waitUntil(p),
            nonce: c.get("nonce"),
            document: !new URL(c.req.url).pathname.endsWith(".data"),
            platformFetch: (req) => platformFetch(req, env, c.executionCtx as ExecutionContext, scope),
            // The embedded platform answers the render's calls in-process, without the wire (issue 39).
            platformCall: env.PLATFORM_ORIGIN ? undefined : (call) => callPlatform(call, env, c.executionCtx as ExecutionContext, scope),
          });
          return requestHandler(c.req.raw, context);
        }),
      );
    },
    c.req.url,
  );
});

/**
 * Cron triggers (wrangler.toml, every minute): the demo verification provider's webhooks that are
 * due, so a failed delivery is retried on time and not only at the next review decision
 * (decision 0037), and its retention: decided attempts' uploads after 30 days, expired tokens;
 * the payment systems' word on open deposits whose callback may be lost (decision 0059); the
 * bonus engine's clock (expiries, a conversion a round left undone; decision 0039; free-spin
 * packs, decision 0041); the offers' clock (decision 0043) and the tournaments' (decision 0048);
 * the retention sweeps of analytics (decision 0057) and visitors' chat (decision 0055).
 * The controller's time is the clock: a test passes its own.
 */
/**
 * One clock of `scheduled()`, isolated: a clock that throws is logged with its name and the next
 * still runs (a broken tournament clock must not stop bonuses expiring). Answers the error, if any.
 */
async function runClock(name: string, clock: () => Promise<unknown>): Promise<unknown> {
  try {
    await clock();
    return undefined;
  } catch (e) {
    console.error(`scheduled: the ${name} clock failed`, e instanceof Error ? e.message : e);
    return e ?? new Error(name);
  }
}

async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  assertEnv(env);
  env = splitChecked(withConfigWatch(env));
  // With PLATFORM_ORIGIN the platform (and its demo providers) run elsewhere: nothing of theirs here.
  if (env.PLATFORM_ORIGIN) return;
  const now = controller.scheduledTime;
  const deps = { db: env.DB, env, waitUntil: (p: Promise<unknown>) => ctx.waitUntil(p) };
  // In order, each on its own: where one depends on another the order matters (a player's bonus
  // sweep converts or expires first, then the spent betting bonuses read what is left: clock-run.ts).
  // The demo verification provider's own clocks run only where it is switched on (decision 0060).
  const demoVerification = demoOn(env, "verification");
  const failures = [
    demoVerification &&
      (await runClock("verification webhooks", async () => {
        const report = await deliverVerificationWebhooks(env, now, { waitUntil: deps.waitUntil });
        if (report.failed) console.warn(`scheduled: ${report.failed} verification webhook(s) failed, retried later`);
      })),
    demoVerification && (await runClock("verification retention", () => purgeVerificationData(env.DB, now))),
    // What a D1 batch owed a player's object and was not delivered at once (decision 0075).
    await runClock("player inbox", async () => {
      const report = await sweepInbox(env, now);
      if (report.failed) console.warn(`scheduled: ${report.failed} player inbox delivery(ies) failed, retried later`);
    }),
    // Stock units reserved for a purchase or a spin whose batch never confirmed them (decision 0075).
    await runClock("stock reservations", async () => {
      const report = await sweepStock(env, now);
      if (report.failed) console.warn(`scheduled: ${report.failed} stock reservation(s) could not be settled, retried later`);
    }),
    // Each player's own clocks (decision 0075, slice 3), for the players due now: lost payment
    // callbacks (issue 35), bonus expiry and conversion, spent betting bonuses (decision 0049),
    // cashback weeks, free-spin packs past their time (decision 0041), VPN renewals and ends.
    await runClock("players' clocks", async () => {
      const report = await runPlayerClocks(deps, now);
      if (report.failed) console.warn(`scheduled: ${report.failed} player(s)' clocks failed, asked again at the next run`);
    }),
    // Campaign offers that start or end now are announced to their players (decision 0043).
    await runClock("offers", () => runOfferClock(deps, now)),
    // Jackpot wins whose payment did not commit with their round (the Worker died) are paid (decision 0017).
    await runClock("jackpot payments", () => payAbandonedWins(deps, now)),
    // Tournaments start and end on time; the ended ones' winners are recorded and paid once (decision 0048).
    await runClock("tournaments", () => runTournamentClock(deps, now)),
    // The sportsbook's feed runs on its Durable Object's alarm; the poke restarts that chain after a deploy (decision 0049).
    await runClock("sports feed", () => pokeSportsFeed(env)),
    // Bets left open on an ended event (the Worker settling it died part way) are settled (decision 0075).
    await runClock("sports settlement", async () => {
      const report = await settleLeftovers(env, now);
      if (report.settled) console.warn(`scheduled: ${report.settled} bet(s) of ${report.events} ended event(s) settled late`);
    }),
    // Retention: analytics events and beacon rows after 90 days (decision 0057), visitors' chat
    // conversations idle for 30 days (decision 0055); bounded batches, a backlog drains over runs.
    await runClock("analytics retention", () => sweepAnalytics(env.DB, now)),
    await runClock("chat retention", () => sweepVisitorConversations(env.DB, now)),
  ].filter((e) => e !== undefined && e !== false);
  // Every clock ran; the run still reports its failures, so the cron's log shows it failed.
  if (failures.length) throw new AggregateError(failures, `scheduled: ${failures.length} clock(s) failed`);
}

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>;
// Durable Object classes must be exports of the Worker's main module.
export { PlayerChannel } from "./realtime/player-channel";
export { WinsFeed } from "./realtime/wins-feed";
export { TournamentBoard } from "./realtime/tournament-board";
export { SportsFeed } from "./realtime/sports-feed";
export { PlayerObject } from "./platform/player/object";
export { JackpotPool } from "./platform/jackpots/pool";
