import fallbackSvg from "../../public/images/game-fallback.svg?raw";
import { isolateDocuments, RENDER_QUEUE, RENDER_SLOTS, RenderGate } from "./gate";
import { canonicalKey, IpxInputError, parseModifiers, parseSourcePath, type Modifiers } from "./modifiers";
import { SourceError, transform } from "./transform";

/**
 * `/_ipx/{modifiers}/{path}`: the image proxy (decision 0018). Fetches the source inside the
 * Worker (no network hop), draws it at the asked size and format, and keeps the result in the
 * Cache API under its canonical URL. A source that fails answers a neutral card instead, briefly
 * cached, so a broken cover still shows something without JavaScript. Only ladder sizes are drawn
 * (modifiers.ts), and at most RENDER_SLOTS at once per isolate (gate.ts).
 */

export const FALLBACK_PATH = "/images/game-fallback.svg";
const YEAR = "public, max-age=31536000, immutable";
/** Sources that are not content-addressed may change on a deploy. */
const DAY = "public, max-age=86400";
const FALLBACK_CACHE = "public, max-age=60";
/** Seconds a refused render (renderer busy) asks the client to wait. */
export const BUSY_RETRY_AFTER = 2;

/** The isolate's renders: shared by every request it serves. */
const isolateGate = new RenderGate(RENDER_SLOTS, RENDER_QUEUE, isolateDocuments);

export interface IpxDeps {
  /** Answers a same-origin request for a source path, without going over the network. */
  fetchSource: (request: Request) => Promise<Response>;
  /** The static-assets binding, when the deployment has one (public/ files). */
  assets?: { fetch: (request: Request) => Promise<Response> };
  waitUntil: (promise: Promise<unknown>) => void;
  /** The render bound; the isolate's own unless a test brings one. */
  gate?: RenderGate;
}

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

async function loadSource(path: string, origin: string, deps: IpxDeps): Promise<Response> {
  if (path === FALLBACK_PATH) return new Response(fallbackSvg, { headers: { "content-type": "image/svg+xml" } });
  const request = new Request(new URL(path, origin), { headers: { accept: "image/*" } });
  if (path.startsWith("/platform/")) return deps.fetchSource(request);
  return deps.assets ? deps.assets.fetch(request) : new Response("no assets binding", { status: 404 });
}

async function render(path: string, m: Modifiers, origin: string, deps: IpxDeps) {
  const source = await loadSource(path, origin, deps);
  if (!source.ok) throw new SourceError(`source answered ${source.status}`);
  const type = source.headers.get("content-type") ?? "";
  if (!/^image\/|^text\/xml|^application\/xml/.test(type)) throw new SourceError("source is not an image");
  const image = await transform(new Uint8Array(await source.arrayBuffer()), type, m);
  return { ...image, cacheControl: /immutable/.test(source.headers.get("cache-control") ?? "") ? YEAR : DAY };
}

export async function handleIpx(request: Request, deps: IpxDeps): Promise<Response> {
  const url = new URL(request.url);
  const match = /^\/_ipx\/([^/]+)(\/.+)$/.exec(url.pathname);
  if (!match) return text(400, "Expected /_ipx/{modifiers}/{path}");
  let modifiers: Modifiers;
  let path: string;
  try {
    modifiers = parseModifiers(decodeURIComponent(match[1]!));
    path = parseSourcePath(match[2]!);
    if (url.search) throw new IpxInputError("no query string");
  } catch (err) {
    if (err instanceof IpxInputError || err instanceof URIError) return text(400, `Bad image request: ${err.message}`);
    throw err;
  }

  // Workers' CacheStorage has `default`; the DOM typings the app shares do not know it.
  const cache = typeof caches === "undefined" ? undefined : (caches as unknown as { default: Cache }).default;
  const cacheKey = new Request(new URL(canonicalKey(modifiers, path), url.origin));
  const hit = await cache?.match(cacheKey);
  if (hit) {
    const response = new Response(hit.body, hit);
    response.headers.set("x-ipx-cache", "hit");
    return response;
  }

  const drawn = await (deps.gate ?? isolateGate).run(() => renderOrFallback(path, modifiers, url.origin, cache, cacheKey, deps));
  return drawn ?? busy();
}

/**
 * Over the render bound: 503 with Retry-After, never stored. The body is the static fallback card,
 * so an <img> still shows a neutral card (browsers draw an image body whatever the status).
 */
function busy(): Response {
  return new Response(fallbackSvg, {
    status: 503,
    headers: { "content-type": "image/svg+xml", "cache-control": "no-store", "retry-after": String(BUSY_RETRY_AFTER), "x-ipx-busy": "1" },
  });
}

async function renderOrFallback(path: string, modifiers: Modifiers, origin: string, cache: Cache | undefined, cacheKey: Request, deps: IpxDeps) {
  try {
    const image = await render(path, modifiers, origin, deps);
    const headers = { "content-type": image.contentType, "cache-control": image.cacheControl, "x-ipx-cache": "miss" };
    if (cache) deps.waitUntil(cache.put(cacheKey, new Response(image.body.slice(0), { headers })));
    return new Response(image.body, { headers });
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    console.warn("ipx: source failed, answering the fallback", path, err.message);
  }
  // The card at these modifiers is kept under its own URL: missing sources, however many distinct
  // paths, cost one draw per ladder size, not one per request.
  const fallbackKey = new Request(new URL(canonicalKey(modifiers, FALLBACK_PATH), origin));
  const kept = await cache?.match(fallbackKey);
  const body = kept ? await kept.arrayBuffer() : undefined;
  let fallback: { body: ArrayBuffer; contentType: string };
  try {
    fallback = body ? { body, contentType: kept!.headers.get("content-type")! } : await render(FALLBACK_PATH, modifiers, origin, deps);
  } catch (err) {
    // Not even the card fits (a lone 2048 px width of a portrait source is taller than 2048 px):
    // the request asks too much, a 400 and not a crash.
    if (err instanceof SourceError) return text(400, `Bad image request: ${err.message}`);
    throw err;
  }
  if (cache && !kept) {
    const headers = { "content-type": fallback.contentType, "cache-control": DAY };
    deps.waitUntil(cache.put(fallbackKey, new Response(fallback.body.slice(0), { headers })));
  }
  return new Response(fallback.body, {
    headers: { "content-type": fallback.contentType, "cache-control": FALLBACK_CACHE, "x-ipx-cache": kept ? "hit" : "miss", "x-ipx-fallback": "1" },
  });
}

/** The proxy's dependencies from the Worker's bindings; ASSETS only exists where configured. */
export function ipxDeps(env: Env, ctx: { waitUntil(promise: Promise<unknown>): void }, fetchSource: IpxDeps["fetchSource"]): IpxDeps {
  const assets = (env as Env & { ASSETS?: IpxDeps["assets"] }).ASSETS;
  return { fetchSource, assets, waitUntil: (promise) => ctx.waitUntil(promise) };
}
