import { handlePlatform } from "../../workers/platform";
import { installDemoProviders } from "../../workers/platform/demo/providers";

/**
 * A second Worker for proxy.test.ts: the embedded platform on its own D1 database, standing in
 * for an operator's real platform at PLATFORM_ORIGIN. vitest.config.ts bundles this file and routes
 * the test runner's outbound fetches here, so nothing in the tests reaches the network.
 */
// A platform's entry composes it as the Worker's does: the demo stand-ins join its provider registries.
installDemoProviders();

/** The players' objects, the tournaments' boards and the jackpots' pools of this platform (decision 0075). */
export { PlayerObject } from "../../workers/platform/player/object";
export { TournamentBoard } from "../../workers/realtime/tournament-board";
export { JackpotPool } from "../../workers/platform/jackpots/pool";

/** The origin proxy.test.ts sets as PLATFORM_ORIGIN (a Worker entry may export handlers only). */
const REMOTE_HOST = "platform.test";
/** Where a test sets what tournaments.participate answers (an operator's platform may answer other than 1). */
const PARTICIPATE_ANSWER_PATH = "/__stand-in/participate-answer";
/** The answer set by the test (`{ answer }` posted to PARTICIPATE_ANSWER_PATH); absent: the platform answers. */
let participateAnswer: { answer: unknown } | null = null;

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.host !== REMOTE_HOST) {
      return new Response(`No network in tests: refused ${url.origin}`, { status: 502 });
    }
    if (url.pathname === PARTICIPATE_ANSWER_PATH) {
      const body = (await request.json()) as { answer?: unknown };
      participateAnswer = "answer" in body ? { answer: body.answer } : null;
      return new Response(null, { status: 204 });
    }
    if (participateAnswer && url.pathname === "/api/tournaments/participate") {
      await request.arrayBuffer(); // read the call through before answering it
      return Response.json({ data: participateAnswer.answer });
    }
    const response = await handlePlatform(request, env, ctx);
    // Let the test see which Worker answered and what the proxy forwarded.
    response.headers.set("x-served-by", "remote-platform");
    response.headers.set("x-seen-origin", request.headers.get("origin") ?? "");
    response.headers.set("x-seen-cookie", request.headers.get("cookie") ?? "");
    return response;
  },
} satisfies ExportedHandler<Env>;
