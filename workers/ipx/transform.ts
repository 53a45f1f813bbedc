import type { Pixels } from "./codecs";
import { place, type Placement } from "./geometry";
import { MAX_PIXELS, MAX_SIDE, type Modifiers } from "./modifiers";

/** The source cannot be drawn (not an image, broken, too large): the caller answers the fallback. */
export class SourceError extends Error {}
/** The asked box is larger than the proxy draws: the request's fault (a 400), not the source's. */
export class TooLargeError extends SourceError {}

/** What the proxy draws at most before cropping: a cover cropped from a very wide strip is refused. */
const MAX_DRAW_PIXELS = MAX_PIXELS * 2;

export interface Transformed {
  body: ArrayBuffer;
  contentType: string;
}

/** SVG by its type or its first bytes: answered as it is, never drawn (decision 0062). */
export const isSvg = (bytes: Uint8Array, contentType: string) =>
  contentType.includes("image/svg+xml") || /^\s*(<\?xml|<svg)/.test(new TextDecoder().decode(bytes.subarray(0, 64)));

function checkSize(p: Placement) {
  if (p.width > MAX_SIDE || p.height > MAX_SIDE || p.width * p.height > MAX_PIXELS || p.drawWidth * p.drawHeight > MAX_DRAW_PIXELS) {
    throw new TooLargeError("result too large");
  }
}

/**
 * The codecs and their WebAssembly load with the first image drawn, not with the Worker: a page
 * or an API call evaluates none of it.
 */
const loadCodecs = () => import("./codecs");

/** Decodes a raster source, fits it as the modifiers ask and encodes the result. */
export async function transform(bytes: Uint8Array, m: Modifiers): Promise<Transformed> {
  const { decodeRaster, encode, resize, sniffRaster } = await loadCodecs();
  let drawn: Pixels;
  let placement: Placement;
  try {
    const type = sniffRaster(bytes);
    if (!type) throw new SourceError("not a supported image");
    const source = await decodeRaster(bytes, type);
    placement = place(source.width, source.height, m.fit, m.width, m.height);
    checkSize(placement);
    drawn = await resize(source, placement.drawWidth, placement.drawHeight);
  } catch (err) {
    throw err instanceof SourceError ? err : new SourceError(err instanceof Error ? err.message : "decode failed");
  }
  const output = compose(drawn, placement, m.background);
  const body = await encode(output, m.format, m.quality);
  return { body, contentType: `image/${m.format}` };
}

/** Crops or letterboxes the drawn image onto the output, over the background when one is given. */
function compose(drawn: Pixels, p: Placement, background?: [number, number, number]): Pixels {
  const same = p.x === 0 && p.y === 0 && drawn.width === p.width && drawn.height === p.height;
  if (same && !background) return drawn;
  const out = new Uint8ClampedArray(p.width * p.height * 4);
  if (background) {
    for (let i = 0; i < out.length; i += 4) {
      out[i] = background[0];
      out[i + 1] = background[1];
      out[i + 2] = background[2];
      out[i + 3] = 255;
    }
  }
  const fromX = Math.max(0, -p.x);
  const toX = Math.min(drawn.width, p.width - p.x);
  for (let sy = Math.max(0, -p.y); sy < Math.min(drawn.height, p.height - p.y); sy++) {
    const src = (sy * drawn.width + fromX) * 4;
    const dst = ((sy + p.y) * p.width + fromX + p.x) * 4;
    const row = drawn.data.subarray(src, src + (toX - fromX) * 4);
    if (!background) {
      out.set(row, dst);
      continue;
    }
    // Flatten: the background shows through transparent pixels, the result is opaque.
    for (let i = 0; i < row.length; i += 4) {
      const a = row[i + 3]! / 255;
      out[dst + i] = row[i]! * a + background[0] * (1 - a);
      out[dst + i + 1] = row[i + 1]! * a + background[1] * (1 - a);
      out[dst + i + 2] = row[i + 2]! * a + background[2] * (1 - a);
    }
  }
  return { data: out, width: p.width, height: p.height };
}
