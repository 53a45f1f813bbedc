/**
 * The only image sizes and qualities the image proxy draws (decision 0018, "Ladder"). Shared by
 * the app's URL builder (app/lib/images.ts snaps up to the next rung) and the proxy's validator
 * (workers/ipx/modifiers.ts answers 400 to anything else), so a render on a cache miss can only
 * be one of a few hundred variants per source, never any of 2048² sizes × 100 qualities.
 * Constants and pure functions only: the Worker imports this file.
 */

/**
 * Widths (and lone heights) in pixels. Covers the lobby tiles at densities 1 and 2 (240–720),
 * SPEC §9's screens (320 … 1536) and 2× of the widest, about 15–25 % apart.
 */
export const IMAGE_WIDTHS = [40, 60, 80, 120, 160, 200, 240, 300, 320, 360, 480, 600, 640, 720, 768, 960, 1024, 1280, 1536, 2048] as const;

/** Qualities; SPEC §9's 95 is the default, lower ones are for an operator who configures them. */
export const IMAGE_QUALITIES = [50, 75, 95] as const;

/**
 * Width : height of the boxes the app draws: game covers (300×400), SPEC §9's size ratio 1.3,
 * promo banners (336×180), the home banner (1200×400), squares. With both sides given, the
 * height must be round(width × h / w) of one of these.
 */
export const IMAGE_ASPECTS: readonly (readonly [number, number])[] = [
  [3, 4],
  [10, 13],
  [28, 15],
  [3, 1],
  [1, 1],
];

/** Letterbox colours (6-digit hex, lower case); none means transparent. */
export const IMAGE_BACKGROUNDS = ["ffffff", "000000"] as const;

const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** The smallest rung at least `px` wide (the largest rung beyond it). */
export function snapSide(px: number): number {
  return IMAGE_WIDTHS.find((w) => w >= px) ?? LARGEST;
}

/** The lowest quality rung at least `q` (the highest beyond it). */
export function snapQuality(q: number): number {
  return IMAGE_QUALITIES.find((r) => r >= q) ?? IMAGE_QUALITIES[IMAGE_QUALITIES.length - 1]!;
}

export const heightFor = (width: number, [w, h]: readonly [number, number]) => Math.round((width * h) / w);

/** The box of `aspect` whose width is the rung at least `width`, or the largest whose height fits. */
export function snapBox(width: number, aspect: readonly [number, number]): { width: number; height: number } {
  let i = IMAGE_WIDTHS.indexOf(snapSide(width) as (typeof IMAGE_WIDTHS)[number]);
  while (i > 0 && heightFor(IMAGE_WIDTHS[i]!, aspect) > LARGEST) i--;
  return { width: IMAGE_WIDTHS[i]!, height: heightFor(IMAGE_WIDTHS[i]!, aspect) };
}

/** The ladder aspect of a width×height box (within 1 %), if it has one. */
export function aspectOf(width: number, height: number): readonly [number, number] | undefined {
  const ratio = height / width;
  return IMAGE_ASPECTS.find(([w, h]) => Math.abs(h / w - ratio) <= 0.01 * (h / w));
}

/** Why a size and quality are off the ladder, or null when the proxy serves them. */
export function offLadder(m: { width?: number; height?: number; quality: number; background?: string }): string | null {
  const sides = IMAGE_WIDTHS as readonly number[];
  if (!(IMAGE_QUALITIES as readonly number[]).includes(m.quality)) return `quality must be one of ${IMAGE_QUALITIES.join(", ")}`;
  if (m.background !== undefined && !(IMAGE_BACKGROUNDS as readonly string[]).includes(m.background)) {
    return `background must be one of ${IMAGE_BACKGROUNDS.join(", ")}`;
  }
  if (m.width !== undefined && !sides.includes(m.width)) return `width ${m.width} is not served; widths: ${IMAGE_WIDTHS.join(", ")}`;
  if (m.width === undefined && m.height !== undefined && !sides.includes(m.height)) {
    return `height ${m.height} is not served alone; heights: ${IMAGE_WIDTHS.join(", ")}`;
  }
  if (m.width !== undefined && m.height !== undefined && !IMAGE_ASPECTS.some((a) => heightFor(m.width!, a) === m.height)) {
    const allowed = IMAGE_ASPECTS.map((a) => heightFor(m.width!, a)).join(", ");
    return `height ${m.height} does not fit width ${m.width}; heights for it: ${allowed}`;
  }
  return null;
}
