/**
 * URLs of the Worker's image proxy (`/_ipx/{modifiers}/{path}`, decision 0018) and responsive
 * `srcset`s built on it. SPEC §9 fixes the defaults: webp at quality 95, densities 1 and 2, a
 * height of 1.3 × the width when none is given, and the screens below. One spelling per image
 * (fixed modifier order), so browsers and the proxy's cache see the same URL every time.
 */

export const IMAGE_FORMAT = "webp";
export const IMAGE_QUALITY = 95;
export const IMAGE_DENSITIES = [1, 2] as const;
export const SIZE_RATIO = 1.3;
export const SCREENS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;
export type Screen = keyof typeof SCREENS;
/** The proxy's largest side: asking more would answer 400. */
const MAX_SIDE = 2048;

export interface ImageModifiers {
  width?: number;
  height?: number;
  fit?: "cover" | "contain" | "fill" | "inside" | "outside";
  format?: "webp" | "png";
  quality?: number;
  /** Hex colour without `#`, for `contain` letterboxes. */
  background?: string;
}

/** Paths the proxy serves; anything else (an operator's absolute URL) is used as it is. */
const PROXIED = /^\/(platform\/covers|images)\//;

export function ipxUrl(path: string, modifiers: ImageModifiers = {}): string {
  if (!PROXIED.test(path)) return path;
  const m = { ...modifiers, format: modifiers.format ?? IMAGE_FORMAT, quality: modifiers.quality ?? IMAGE_QUALITY };
  const parts = [`f_${m.format}`];
  if (m.fit) parts.push(`fit_${m.fit}`);
  parts.push(`q_${m.quality}`);
  if (m.width) parts.push(`w_${Math.round(m.width)}`);
  if (m.height) parts.push(`h_${Math.round(m.height)}`);
  if (m.background) parts.push(`b_${m.background.replace(/^#/, "")}`);
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
 * `src` at the given size and a `srcSet` for densities 1 and 2. Without `sizes`: `1x, 2x`
 * descriptors. With `sizes`: width descriptors covering each screen range at both densities
 * (rounded up to 20 px, so neighbouring ranges share files), and the matching `sizes` attribute.
 */
export function responsiveImage(
  path: string,
  { width, height, sizes, fit }: { width: number; height?: number; sizes?: ImageSizes; fit?: ImageModifiers["fit"] },
): ResponsiveImage {
  const h = height ?? Math.round(width * SIZE_RATIO);
  const at = (w: number) => ipxUrl(path, { width: w, height: Math.round((w * h) / width), fit });
  const src = at(width);
  if (!PROXIED.test(path)) return { src, srcSet: "", width, height: h };
  if (!sizes) {
    const srcSet = IMAGE_DENSITIES.map((d) => `${at(Math.min(width * d, MAX_SIDE))} ${d}x`).join(", ");
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
  for (const { css } of ranges) for (const d of IMAGE_DENSITIES) widths.add(Math.min(Math.ceil((css * d) / 20) * 20, MAX_SIDE));
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
