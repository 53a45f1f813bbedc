import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { PlatformClient } from "../lib/api/client";
import { workerContext } from "../lib/context.server";

const platformContext = createContext<PlatformClient>();

/**
 * Request headers the platform needs to see as the player's own (Sec-Fetch-Mode: a stale session
 * cookie is cleared on page navigations only, see request-session.ts).
 */
const FORWARDED = ["cookie", "user-agent", "accept-language", "cf-connecting-ip", "x-forwarded-for", "sec-fetch-mode"];

/**
 * Gives loaders and actions a PlatformClient that speaks for the player: their cookies go with
 * every call and every Set-Cookie the platform answers is relayed on the response.
 */
export const platformMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const worker = context.get(workerContext);
  const headers = new Headers();
  for (const name of FORWARDED) {
    const v = request.headers.get(name);
    if (v) headers.set(name, v);
  }
  const cookies: string[] = [];
  const origin = new URL(request.url).origin;
  const call = worker.platformCall;
  context.set(
    platformContext,
    new PlatformClient({
      fetch: worker.platformFetch,
      // In-process calls bring the same headers, on one request for the whole render.
      direct: call && { call, request: new Request(`${origin}/api/`, { headers }) },
      origin,
      headers,
      onSetCookie: (c) => cookies.push(c),
    }),
  );
  const response = await next();
  for (const c of cookies) response.headers.append("set-cookie", c);
  return response;
};

export function getPlatform(context: Readonly<RouterContextProvider>): PlatformClient {
  return context.get(platformContext);
}
