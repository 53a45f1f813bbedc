/**
 * The wheel's geometry: each sector's arc is proportional to its published chance, drawn clockwise
 * from the pointer at the top. Plain numbers, shared by the SVG and its tests.
 */

export interface Arc {
  /** Degrees clockwise from the top. */
  start: number;
  end: number;
  mid: number;
}

/** The arcs of sectors of these weights (chance_ppm or weight: only the proportions matter). */
export function arcsOf(weights: readonly number[]): Arc[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = 0;
  return weights.map((w) => {
    const start = at;
    at += total > 0 ? (w / total) * 360 : 360 / weights.length;
    return { start, end: at, mid: (start + at) / 2 };
  });
}

/** A point on a circle of radius r around (c, c), `deg` clockwise from the top. */
export function pointAt(c: number, r: number, deg: number): [number, number] {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [c + r * Math.cos(rad), c + r * Math.sin(rad)];
}

/** The SVG path of a pie slice (a whole disc when the arc is the full turn). */
export function slicePath(c: number, r: number, arc: Arc): string {
  const sweep = arc.end - arc.start;
  if (sweep >= 359.999) return `M ${c} ${c - r} A ${r} ${r} 0 1 1 ${c - 0.01} ${c - r} Z`;
  const [x1, y1] = pointAt(c, r, arc.start);
  const [x2, y2] = pointAt(c, r, arc.end);
  const f = (n: number) => n.toFixed(3);
  return `M ${c} ${c} L ${f(x1)} ${f(y1)} A ${r} ${r} 0 ${sweep > 180 ? 1 : 0} 1 ${f(x2)} ${f(y2)} Z`;
}

/** Whole turns the wheel makes before it stops (the show; the result was drawn on the server already). */
export const SPIN_TURNS = 5;

/**
 * The rotation (degrees, clockwise) that brings sector `index`'s middle under the pointer, from the
 * current rotation, always forward and by at least SPIN_TURNS whole turns when `turns` is set.
 */
export function rotationFor(current: number, arcs: readonly Arc[], index: number, turns = SPIN_TURNS): number {
  const arc = arcs[index];
  if (!arc) return current;
  const target = (360 - arc.mid) % 360;
  const from = ((current % 360) + 360) % 360;
  const forward = (target - from + 360) % 360;
  return current + turns * 360 + forward;
}
