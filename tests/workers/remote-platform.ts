import { handlePlatform } from "../../workers/platform";

/**
 * A second Worker for proxy.test.ts: the embedded platform on its own D1 database, standing in
 * for an operator's real platform at PLATFORM_ORIGIN. vitest.config.ts bundles this file and routes
 * the test runner's outbound fetches here, so nothing in the tests reaches the network.
 */
/** The origin proxy.test.ts sets as PLATFORM_ORIGIN (a Worker entry may export handlers only). */
const REMOTE_HOST = "platform.test";

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.host !== REMOTE_HOST) {
      return new Response(`No network in tests: refused ${url.origin}`, { status: 502 });
    }
    const response = await handlePlatform(request, env, ctx);
    // Let the test see which Worker answered and what the proxy forwarded.
    response.headers.set("x-served-by", "remote-platform");
    response.headers.set("x-seen-origin", request.headers.get("origin") ?? "");
    response.headers.set("x-seen-cookie", request.headers.get("cookie") ?? "");
    return response;
  },
} satisfies ExportedHandler<Env>;
