import { redirect, redirectDocument, type MiddlewareFunction } from "react-router";
import { sameOriginPath } from "../../core/navigation";

/**
 * Every redirect the app answers stays on the request's origin (decision 0023). Redirects are
 * made in many places (locale prefixes, sign-in, section roots, canonical lobby URLs, form
 * actions…), many from the request's own path, where '//evil.example' is a path to the server
 * but another host to the browser. Rather than trust each place, the outermost middleware puts
 * every Location through `sameOriginPath`, for documents and client navigations alike (React
 * Router turns a `.data` redirect into its body only after the middleware). Only a redirect made
 * with `externalRedirect` — an operator's external target, the payment page the platform
 * named — may leave; its mark is removed here and never reaches the browser.
 */
const EXTERNAL = "x-playfront-external-redirect";

/** A redirect the site means to send off-site (a document navigation with `document`). */
export function externalRedirect(url: string, init?: number | ResponseInit, document = false): Response {
  const response = (document ? redirectDocument : redirect)(url, init);
  response.headers.set(EXTERNAL, "1");
  return response;
}

function keepOnOrigin(response: Response, origin: string): Response {
  const location = response.headers.get("location");
  const external = response.headers.has(EXTERNAL);
  if (location === null && !external) return response;
  const safe = location === null || external ? location : sameOriginPath(location, origin);
  if (safe === location && !external) return response;
  const headers = new Headers(response.headers);
  headers.delete(EXTERNAL);
  if (safe !== null) headers.set("location", safe);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Also: a page asked for at '//path' is sent to '/path' (301), and '/path/' to '/path' (301). Rendered there, every link the
 * page builds from its own path ('check again', the popups' close links…) would name another
 * host. Client navigations (`.data`) never ask for such paths; their redirects are kept on the
 * origin like any other.
 */
export const sameOriginRedirects: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  const { origin } = url;
  const page = request.method === "GET" || request.method === "HEAD";
  if (page && url.pathname.startsWith("//") && !url.pathname.endsWith(".data")) {
    throw redirect(sameOriginPath(url.pathname + url.search, origin), 301);
  }
  // One URL per page: '/gamehall/' is '/gamehall' (its canonical link had named the slashed
  // one, so a crawler kept both).
  if (page && url.pathname.length > 1 && url.pathname.endsWith("/")) {
    throw redirect(sameOriginPath((url.pathname.replace(/\/+$/, "") || "/") + url.search, origin), 301);
  }
  try {
    return keepOnOrigin(await next(), origin);
  } catch (e) {
    throw e instanceof Response ? keepOnOrigin(e, origin) : e;
  }
};
