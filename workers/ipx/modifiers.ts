/**
 * The image proxy's URL grammar (decision 0018), the same shape as Nuxt IPX so the app's image
 * helper reads like the ecosystem's: `/_ipx/{modifiers}/{path}`, modifiers `_` (none) or
 * `key_value` pairs joined by `&` or `,`. Parsing is strict: a URL either means exactly one image
 * or is refused with a short reason, so the cache never fills with near-duplicates and a typo
 * never silently serves the wrong size. Only the ladder's sizes and qualities are drawn
 * (core/image-ladder.ts, shared with the app's URL builder): anything else is a 400 before any
 * work, so anonymous requests cannot make the Worker draw arbitrary sizes on cache misses.
 */

import { offLadder } from "../../core/image-ladder";

export const FORMATS = ["webp", "png"] as const;
export type ImageFormat = (typeof FORMATS)[number];
export const FITS = ["cover", "contain", "fill", "inside", "outside"] as const;
export type Fit = (typeof FITS)[number];

/** SPEC §9: webp at quality 95 unless asked otherwise. */
export const DEFAULT_FORMAT: ImageFormat = "webp";
export const DEFAULT_QUALITY = 95;
/** Largest side and area the proxy draws: enough for a 2x cover on the widest screen. */
export const MAX_SIDE = 2048;
export const MAX_PIXELS = 2048 * 2048;

export interface Modifiers {
  format: ImageFormat;
  fit: Fit;
  width?: number;
  height?: number;
  quality: number;
  /** RGB, 0–255 each; absent = transparent. */
  background?: [number, number, number];
}

/** Where a proxied image may come from: the platform's covers and the app's public images. */
export const SOURCE_PREFIXES = ["/platform/covers/", "/images/"] as const;

export class IpxInputError extends Error {}

const ALIASES: Record<string, string> = {
  f: "format",
  format: "format",
  fit: "fit",
  w: "width",
  width: "width",
  h: "height",
  height: "height",
  s: "resize",
  resize: "resize",
  q: "quality",
  quality: "quality",
  b: "background",
  background: "background",
};

function side(name: string, value: string): number {
  if (!/^[1-9]\d{0,4}$/.test(value)) throw new IpxInputError(`${name} must be a whole number of pixels`);
  const n = Number(value);
  if (n > MAX_SIDE) throw new IpxInputError(`${name} is larger than ${MAX_SIDE}`);
  return n;
}

function colour(value: string): [number, number, number] {
  const hex = value.replace(/^#/, "");
  if (!/^([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) throw new IpxInputError("background must be a hex colour");
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Parses the modifiers segment (already percent-decoded by the router: pass it raw). */
export function parseModifiers(segment: string): Modifiers {
  const result: Modifiers = { format: DEFAULT_FORMAT, fit: "cover", quality: DEFAULT_QUALITY };
  if (segment === "_") return result;
  const seen = new Set<string>();
  for (const pair of segment.split(/[&,]/)) {
    const cut = pair.indexOf("_");
    const key = ALIASES[cut > 0 ? pair.slice(0, cut) : pair];
    const value = cut > 0 ? pair.slice(cut + 1) : "";
    if (!key) throw new IpxInputError(`unknown modifier "${pair.slice(0, 20)}"`);
    if (!value) throw new IpxInputError(`${key} needs a value`);
    if (seen.has(key)) throw new IpxInputError(`${key} given twice`);
    seen.add(key);
    if (key === "format") {
      if (!(FORMATS as readonly string[]).includes(value)) throw new IpxInputError(`format must be one of ${FORMATS.join(", ")}`);
      result.format = value as ImageFormat;
    } else if (key === "fit") {
      if (!(FITS as readonly string[]).includes(value)) throw new IpxInputError(`fit must be one of ${FITS.join(", ")}`);
      result.fit = value as Fit;
    } else if (key === "width") result.width = side("width", value);
    else if (key === "height") result.height = side("height", value);
    else if (key === "resize") {
      const m = /^(\d+)x(\d+)$/.exec(value);
      if (!m) throw new IpxInputError("resize must look like 300x400");
      result.width = side("width", m[1]!);
      result.height = side("height", m[2]!);
    } else if (key === "quality") {
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) throw new IpxInputError("quality must be 1 to 100");
      result.quality = Number(value);
    } else result.background = colour(value);
  }
  if (seen.has("resize") && (seen.has("width") || seen.has("height"))) throw new IpxInputError("resize conflicts with width/height");
  if ((result.width ?? 1) * (result.height ?? 1) > MAX_PIXELS) throw new IpxInputError("image too large");
  const off = offLadder({ ...result, background: result.background && hex(result.background) });
  if (off) throw new IpxInputError(off);
  return result;
}

/**
 * The source path after the modifiers, still percent-encoded as it came in the URL. Only
 * same-origin paths under SOURCE_PREFIXES: no scheme, no host, no `..` or backslash once decoded.
 */
export function parseSourcePath(raw: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new IpxInputError("bad path encoding");
  }
  const path = decoded.startsWith("/") ? decoded : `/${decoded}`;
  if (/^\/\/|^\/?[a-z][a-z0-9+.-]*:/i.test(path) || path.includes("\\")) throw new IpxInputError("only same-origin paths");
  if (path.split("/").some((part) => part === ".." || part === ".")) throw new IpxInputError("path traversal");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this check refuses
  if (/[\u0000-\u001f?#]/.test(path)) throw new IpxInputError("bad path characters");
  if (!SOURCE_PREFIXES.some((prefix) => path.startsWith(prefix))) throw new IpxInputError(`path must start with ${SOURCE_PREFIXES.join(" or ")}`);
  return path;
}

const hex = (rgb: [number, number, number]) => rgb.map((n) => n.toString(16).padStart(2, "0")).join("");

/** The one spelling of a request: the cache key, whatever aliases and order the URL used. */
export function canonicalKey(m: Modifiers, path: string): string {
  const parts = [`f_${m.format}`, `fit_${m.fit}`, `q_${m.quality}`];
  if (m.width) parts.push(`w_${m.width}`);
  if (m.height) parts.push(`h_${m.height}`);
  if (m.background) parts.push(`b_${hex(m.background)}`);
  return `/_ipx/${parts.join(",")}${path}`;
}
