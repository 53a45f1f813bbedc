import type { Fit } from "./modifiers";

/**
 * Where the source lands in the output, with sharp's meaning of each fit (what IPX users expect):
 * the source is scaled to draw × (drawWidth, drawHeight) and placed at (x, y) on an output of
 * width × height; a negative offset crops (cover), a positive one letterboxes (contain).
 */
export interface Placement {
  width: number;
  height: number;
  drawWidth: number;
  drawHeight: number;
  x: number;
  y: number;
}

const atLeastOne = (n: number) => Math.max(1, Math.round(n));

export function place(sourceWidth: number, sourceHeight: number, fit: Fit, width?: number, height?: number): Placement {
  // One side asked: the other follows the source's aspect, whatever the fit.
  if (!width && !height) return whole(sourceWidth, sourceHeight);
  if (!width || !height) {
    const scale = width ? width / sourceWidth : height! / sourceHeight;
    return whole(atLeastOne(sourceWidth * scale), atLeastOne(sourceHeight * scale));
  }
  if (fit === "fill") return whole(width, height);
  const byWidth = width / sourceWidth;
  const byHeight = height / sourceHeight;
  const scale = fit === "cover" || fit === "outside" ? Math.max(byWidth, byHeight) : Math.min(byWidth, byHeight);
  const drawWidth = atLeastOne(sourceWidth * scale);
  const drawHeight = atLeastOne(sourceHeight * scale);
  if (fit === "inside" || fit === "outside") return whole(drawWidth, drawHeight);
  return {
    width,
    height,
    drawWidth,
    drawHeight,
    x: Math.round((width - drawWidth) / 2),
    y: Math.round((height - drawHeight) / 2),
  };
}

function whole(width: number, height: number): Placement {
  return { width, height, drawWidth: width, drawHeight: height, x: 0, y: 0 };
}
