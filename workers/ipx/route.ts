import fallbackSvg from "../../public/images/game-fallback.svg?raw";
import { isolateDocuments, RENDER_QUEUE, RENDER_SLOTS, RenderGate } from "./gate";
import { canonicalKey, IpxInputError, parseModifiers, parseSourcePath, type Modifiers } from "./modifiers";
import { isSvg, SourceError, TooLargeError, transform } from "./transform";

/**
 * `/_ipx/{modifiers}/{path}`: the image proxy (decision 0018). Fetches the source inside the
 * Worker (no network hop), draws it at the asked size and format, and keeps the result in the
 * Cache API under its canonical URL. A source that fails answers a neutral card instead, briefly
 * cached, so a broken cover still shows something without JavaScript. Only ladder sizes are drawn
 * (modifiers.ts), and at most RENDER_SLOTS at once per isolate (gate.ts).
 *
 * A vector source (SVG) is never drawn: whatever the modifiers, it answers the SVG as it is
 * (decision 0062). Sharp at every size, and an anonymous walk of widths × formats × qualities
 * over it costs a file read per request, not a render of Wasm per distinct URL.
 */

export const FALLBACK_PATH = "/images/game-fallback.svg";
const YEAR = "public, max-age=31536000, immutable";
/** Sources that are not content-addressed may change on a deploy. */
const DAY = "public, max-age=86400";
const FALLBACK_CACHE = "public, max-age=60";
/**
 * An SVG opened on its own is a document: no script, no connections, nothing the browser may
 * sniff into HTML (the covers' own route and public/_headers say the same).
 */
export const SVG_HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
} as const;
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

/** The source's bytes and type, or SourceError. */
async function readSource(path: string, origin: string, deps: IpxDeps) {
  const source = await loadSource(path, origin, deps);
  if (!source.ok) throw new SourceError(`source answered ${source.status}`);
  const type = source.headers.get("content-type") ?? "";
  if (!/^image\/|^text\/xml|^application\/xml/.test(type)) throw new SourceError("source is not an image");
  const cacheControl = /immutable/.test(source.headers.get("cache-control") ?? "") ? YEAR : DAY;
  return { bytes: new Uint8Array(await source.arrayBuffer()), type, cacheControl };
}

/** An SVG answered as it is; the modifiers are ignored (the browser draws it at any size). */
const asItIs = (body: BodyInit, cacheControl: string, extra: Record<string, string> = {}) =>
  new Response(body, { headers: { ...SVG_HEADERS, "cache-control": cacheControl, "x-ipx-vector": "1", ...extra } });

/** The neutral card, as it is: no render, the same bytes for every modifier. */
const fallbackCard = () => asItIs(fallbackSvg, FALLBACK_CACHE, { "x-ipx-fallback": "1" });

/** A `.svg` path: the source as it is, or the card when it fails. No cache entry, no render slot. */
async function vectorSource(path: string, origin: string, deps: IpxDeps): Promise<Response> {
  try {
    const source = await readSource(path, origin, deps);
    if (isSvg(source.bytes, source.type)) return asItIs(source.bytes, source.cacheControl);
    throw new SourceError("a .svg path that is not an SVG");
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    console.warn("ipx: source failed, answering the fallback", path, err.message);
    return fallbackCard();
  }
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

  if (/\.svg$/i.test(path)) return vectorSource(path, url.origin, deps);

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
    headers: { ...SVG_HEADERS, "cache-control": "no-store", "retry-after": String(BUSY_RETRY_AFTER), "x-ipx-busy": "1" },
  });
}

async function renderOrFallback(path: string, modifiers: Modifiers, origin: string, cache: Cache | undefined, cacheKey: Request, deps: IpxDeps) {
  try {
    const source = await readSource(path, origin, deps);
    // An SVG under a raster's name is still never drawn (and never kept under the modifiers' key).
    if (isSvg(source.bytes, source.type)) return asItIs(source.bytes, source.cacheControl);
    const image = await transform(source.bytes, modifiers);
    const headers = { "content-type": image.contentType, "cache-control": source.cacheControl, "x-ipx-cache": "miss" };
    if (cache) deps.waitUntil(cache.put(cacheKey, new Response(image.body.slice(0), { headers })));
    return new Response(image.body, { headers });
  } catch (err) {
    // A box larger than the proxy draws (a lone 2048 px width of a portrait source is taller
    // than 2048 px): the request asks too much, a 400 and not a card.
    if (err instanceof TooLargeError) return text(400, `Bad image request: ${err.message}`);
    if (!(err instanceof SourceError)) throw err;
    console.warn("ipx: source failed, answering the fallback", path, err.message);
  }
  return fallbackCard();
}

/** The proxy's dependencies from the Worker's bindings; ASSETS only exists where configured. */
export function ipxDeps(env: Env, ctx: { waitUntil(promise: Promise<unknown>): void }, fetchSource: IpxDeps["fetchSource"]): IpxDeps {
  const assets = (env as Env & { ASSETS?: IpxDeps["assets"] }).ASSETS;
  return { fetchSource, assets, waitUntil: (promise) => ctx.waitUntil(promise) };
}
