import { aspectOf, IMAGE_BACKGROUNDS, snapBox, snapQuality, snapSide } from "../../core/image-ladder";

/**
 * URLs of the Worker's image proxy (`/_ipx/{modifiers}/{path}`, decision 0018) and responsive
 * `srcset`s built on it. SPEC §9 fixes the defaults: webp at quality 95, densities 1 and 2, a
 * height of 1.3 × the width when none is given, and the screens below. One spelling per image
 * (fixed modifier order), so browsers and the proxy's cache see the same URL every time. Sizes
 * and qualities snap up to the proxy's ladder (image-ladder.ts), which refuses any other.
 */

export const IMAGE_FORMAT = "webp";
export const IMAGE_QUALITY = 95;
export const IMAGE_DENSITIES = [1, 2] as const;
export const SIZE_RATIO = 1.3;
export const SCREENS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
export type Screen = keyof typeof SCREENS;

export interface ImageModifiers {
  width?: number;
  height?: number;
  fit?: "cover" | "contain" | "fill" | "inside" | "outside";
  format?: "webp" | "png";
  quality?: number;
  /** A letterbox colour for `contain`, one of the ladder's (`#` optional); others are left out. */
  background?: string;
}

/** Paths the proxy serves; anything else (an operator's absolute URL) is used as it is. */
const PROXIED = /^\/(platform\/covers|images)\//;

/**
 * A vector source: sharp at every size and density as it is, and a tenth of the bytes of the
 * proxy's webp of it (a generated cover: 2.2–2.7 KB gzipped against 15–42 KB at 1–2×). Pages
 * show it as it is (decision 0036), and so does the proxy, whatever its URL asks (decision 0062).
 */
export const isVector = (path: string) => /\.svg$/i.test(path);

/**
 * The width snaps up to a rung; a height beside it keeps the box's aspect if it is one of the
 * ladder's, else it is left out (the source's own aspect). A lone height snaps like a width.
 */
export function ladderSize(width?: number, height?: number): { width?: number; height?: number } {
  if (!width) return height ? { height: snapSide(height) } : {};
  const aspect = height ? aspectOf(width, height) : undefined;
  return aspect ? snapBox(width, aspect) : { width: snapSide(width) };
}

function ladderBackground(colour?: string): string | undefined {
  const hex = colour?.replace(/^#/, "").toLowerCase();
  const full = hex?.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return (IMAGE_BACKGROUNDS as readonly (string | undefined)[]).includes(full) ? full : undefined;
}

export function ipxUrl(path: string, modifiers: ImageModifiers = {}): string {
  if (!PROXIED.test(path) || isVector(path)) return path;
  const { width, height } = ladderSize(modifiers.width, modifiers.height);
  const background = ladderBackground(modifiers.background);
  const parts = [`f_${modifiers.format ?? IMAGE_FORMAT}`];
  if (modifiers.fit) parts.push(`fit_${modifiers.fit}`);
  parts.push(`q_${snapQuality(modifiers.quality ?? IMAGE_QUALITY)}`);
  if (width) parts.push(`w_${width}`);
  if (height) parts.push(`h_${height}`);
  if (background) parts.push(`b_${background}`);
  return `/_ipx/${parts.join(",")}${path}`;
}

/**
 * How wide the image shows from a screen upward: `default` below the first screen listed, then
 * each screen's value from its width on. Numbers are CSS pixels, strings `NNvw`.
 */
export type ImageSizes = Partial<Record<Screen | "default", number | `${number}vw`>>;

export interface ResponsiveImage {
  src: string;
  srcSet: string;
  sizes?: string;
  width: number;
  height: number;
}

const ORDER: Screen[] = ["xs", "sm", "md", "lg", "xl", "xxl"];

/**
 * `src` at the given size and a `srcSet` for densities 1 and 2 (a vector source or one the proxy
 * does not serve: the path alone). Without `sizes`: `1x, 2x`
 * descriptors. With `sizes`: width descriptors covering each screen range at both densities
 * (snapped up to the ladder's rungs, so neighbouring ranges share files), and the matching
 * `sizes` attribute. Each descriptor is the width the proxy really draws.
 */
export function responsiveImage(
  path: string,
  { width, height, sizes, fit }: { width: number; height?: number; sizes?: ImageSizes; fit?: ImageModifiers["fit"] },
): ResponsiveImage {
  const h = height ?? Math.round(width * SIZE_RATIO);
  const at = (w: number) => ipxUrl(path, { width: w, height: (w * h) / width, fit });
  /** The width the proxy draws for `w` css px: the descriptor must be the real one. */
  const drawn = (w: number) => ladderSize(w, (w * h) / width).width!;
  if (!PROXIED.test(path) || isVector(path)) return { src: path, srcSet: "", width, height: h };
  const src = at(width);
  if (!sizes) {
    const srcSet = IMAGE_DENSITIES.map((d) => `${at(width * d)} ${d}x`).join(", ");
    return { src, srcSet, width, height: h };
  }

  // Each range runs from its screen to the next listed one (the last to the widest screen).
  const ranges = (["default", ...ORDER] as const)
    .filter((key) => sizes[key] !== undefined)
    .map((key, i, keys) => {
      const next = keys[i + 1];
      const top = next && next !== "default" ? SCREENS[next] : SCREENS.xxl;
      const value = sizes[key]!;
      const css = typeof value === "number" ? value : (parseFloat(value) / 100) * top;
      return { key, value, css };
    });
  const widths = new Set<number>();
  for (const { css } of ranges) for (const d of IMAGE_DENSITIES) widths.add(drawn(css * d));
  const srcSet = [...widths]
    .sort((a, b) => a - b)
    .map((w) => `${at(w)} ${w}w`)
    .join(", ");
  const attr = ranges
    .slice()
    .reverse()
    .map(({ key, value }) => {
      const length = typeof value === "number" ? `${value}px` : value;
      return key === "default" ? length : `(min-width: ${SCREENS[key]}px) ${length}`;
    })
    .join(", ");
  return { src, srcSet, sizes: attr, width, height: h };
}
